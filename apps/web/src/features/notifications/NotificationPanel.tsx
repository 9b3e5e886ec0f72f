import { Badge, Button, Group, Popover, ScrollArea, Stack, Text, UnstyledButton } from "@mantine/core";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useIsMobile } from "../../lib/device";
import { formatDateTime } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { type BellProps, BellTrigger, NOTIFICATION_POLL_MS } from "./BellTrigger";

/**
 * The bell's panel: the list, with links to the records. Loaded on demand (lib/onDemand.ts);
 * NotificationBell.tsx shows the bell and its count alone until the first click.
 */
export function NotificationPanel({ unread }: BellProps) {
  const { t, i18n } = useTranslation("notifications");
  // Mounted by the first click on the plain bell (NotificationBell.tsx), so it opens at once.
  const [opened, setOpened] = useState(true);
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const list = trpc.notifications.list.useQuery(undefined, { enabled: opened, refetchInterval: opened ? NOTIFICATION_POLL_MS : false });
  const refresh = () => Promise.all([utils.notifications.unreadCount.invalidate(), utils.notifications.list.invalidate()]);
  const markRead = trpc.notifications.markRead.useMutation({ onSuccess: refresh });
  const markAllRead = trpc.notifications.markAllRead.useMutation({ onSuccess: refresh });

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={isMobile ? "calc(100vw - 16px)" : 380}
      shadow="md"
      withinPortal
      // The plain bell it replaced had the focus when a keyboard opened it: the panel takes it, and
      // gives it back to the bell when it closes.
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <BellTrigger unread={unread} onClick={() => setOpened((o) => !o)} aria-expanded={opened} />
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <Group justify="space-between" mb="xs" px={4}>
          <Text fw={700}>{t("title")}</Text>
          <Button
            size="compact-sm"
            variant="subtle"
            disabled={unread === 0}
            loading={markAllRead.isPending}
            onClick={() => markAllRead.mutate()}
          >
            {t("markAllRead")}
          </Button>
        </Group>
        <ScrollArea.Autosize mah={420}>
          {list.isError ? (
            <Text c="red" size="sm" p="sm">
              {t("loadFailed")}
            </Text>
          ) : list.data && list.data.length === 0 ? (
            <Text c="dimmed" size="sm" p="sm">
              {t("empty")}
            </Text>
          ) : (
            <Stack gap={4}>
              {(list.data ?? []).map((note) => (
                <UnstyledButton
                  key={note.id}
                  data-testid="notification-item"
                  data-kind={note.kind}
                  p="xs"
                  style={{
                    borderRadius: 8,
                    background: note.readAt ? undefined : "var(--mantine-color-orange-light)",
                    minHeight: 48,
                  }}
                  onClick={() => {
                    if (!note.readAt) markRead.mutate({ id: note.id });
                    setOpened(false);
                    void navigate({ to: note.link });
                  }}
                >
                  <Group gap={6} wrap="nowrap" align="flex-start">
                    <Stack gap={2} style={{ flex: 1 }}>
                      <Text size="sm" fw={note.readAt ? 400 : 600}>
                        {t(`kinds.${note.kind}`, { ...localParams(note.params, i18n.language), interpolation: { escapeValue: false } })}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatDateTime(note.createdAt)}
                      </Text>
                    </Stack>
                    {note.urgent ? (
                      <Badge color="red" size="sm">
                        {t("urgent")}
                      </Badge>
                    ) : null}
                  </Group>
                </UnstyledButton>
              ))}
            </Stack>
          )}
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * A notification's names in the reader's language: a param with a Spanish twin (`typeEs`, a
 * credential type's Spanish name) is read in Spanish when the screen is.
 */
function localParams(params: Record<string, unknown>, language: string): Record<string, unknown> {
  if (language !== "es") return params;
  const local = { ...params };
  for (const [key, value] of Object.entries(params)) if (key.endsWith("Es") && value != null) local[key.slice(0, -2)] = value;
  return local;
}
