import { ActionIcon, Badge, Button, Group, Indicator, Popover, ScrollArea, Stack, Text, Tooltip, UnstyledButton } from "@mantine/core";
import { IconBell } from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useIsMobile } from "../../lib/device";
import { formatDateTime } from "../../lib/format";
import { trpc } from "../../lib/trpc";

/**
 * How often the bell asks for its count (docs/notifications.md): a count is one cheap query, and
 * polling needs no socket kept open per user through proxies and phones that sleep. The list is
 * read when the bell is opened.
 */
export const NOTIFICATION_POLL_MS = 15_000;

/** The header's bell: the unread count, and the list with links to the records. */
export function NotificationBell() {
  const { t, i18n } = useTranslation("notifications");
  const [opened, setOpened] = useState(false);
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const count = trpc.notifications.unreadCount.useQuery(undefined, { refetchInterval: NOTIFICATION_POLL_MS });
  const list = trpc.notifications.list.useQuery(undefined, { enabled: opened, refetchInterval: opened ? NOTIFICATION_POLL_MS : false });
  const refresh = () => Promise.all([utils.notifications.unreadCount.invalidate(), utils.notifications.list.invalidate()]);
  const markRead = trpc.notifications.markRead.useMutation({ onSuccess: refresh });
  const markAllRead = trpc.notifications.markAllRead.useMutation({ onSuccess: refresh });
  const unread = count.data?.unread ?? 0;

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={isMobile ? "calc(100vw - 16px)" : 380}
      shadow="md"
      withinPortal
    >
      <Popover.Target>
        <Tooltip label={t("bell")} openDelay={700}>
          <Indicator label={unread > 99 ? "99+" : unread} size={16} disabled={unread === 0} color="red" offset={4}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={unread ? t("bellUnread", { count: unread }) : t("bell")}
              data-testid="notification-bell"
              data-unread={unread}
              onClick={() => setOpened((o) => !o)}
            >
              <IconBell size={20} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
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
