import { ActionIcon, Alert, Badge, Button, CopyButton, Group, Modal, Paper, Stack, Text, TextInput, Tooltip } from "@mantine/core";
import type { SignOnLinkKind } from "@sitesafe/domain";
import { IconCheck, IconCopy, IconLink, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { encode } from "uqr";
import { formatDateTime } from "../../lib/format";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, trpc } from "../../lib/trpc";

/** Today at 23:59 on this device, as a datetime-local value: "until the end of the day". */
function endOfToday(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T23:59`;
}

/** A QR code drawn as SVG squares (uqr encodes; nothing is injected as HTML). */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { data, size } = encode(text, { ecc: "M", border: 2 });
  let path = "";
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      width={220}
      height={220}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-testid="sign-on-qr"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

/**
 * The public sign-on links of a JHA form or talk (issue #34): make one valid until a chosen time,
 * show it as a QR code and short link, see the others and revoke any at once.
 */
export function SignOnLinks({ kind, id, onClose }: { kind: SignOnLinkKind; id: number; onClose: () => void }) {
  const { t } = useTranslation("signOn");
  const utils = trpc.useUtils();
  const [until, setUntil] = useState(endOfToday());
  const [made, setMade] = useState<{ url: string } | null>(null);
  const list = trpc.signOn.links.useQuery({ kind, id });
  const create = trpc.signOn.createLink.useMutation({
    onSuccess: (link) => {
      setMade({ url: `${window.location.origin}${link.path}` });
      void utils.signOn.links.invalidate({ kind, id });
    },
    onError: (error) => notifyError(t("link.failed"), errorMessage(error)),
  });
  const revoke = trpc.signOn.revokeLink.useMutation({
    onSuccess: () => {
      notifySuccess(t("link.revokedTitle"), t("link.revokedMessage"));
      setMade(null);
      void utils.signOn.links.invalidate({ kind, id });
    },
    onError: (error) => notifyError(t("link.failed"), errorMessage(error)),
  });

  return (
    <Modal opened onClose={onClose} title={t("link.title")} size="md" data-testid="sign-on-links">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t("link.intro")}
        </Text>
        {made ? (
          <Alert color="green" variant="light" icon={<IconLink size={18} />}>
            <Stack gap="xs" align="center">
              <Text size="sm">{t("link.created")}</Text>
              <QrCode text={made.url} label={t("link.qrLabel")} />
              <Group gap="xs" wrap="nowrap" style={{ maxWidth: "100%" }}>
                <Text size="sm" ff="monospace" style={{ wordBreak: "break-all" }} data-testid="sign-on-url">
                  {made.url}
                </Text>
                <CopyButton value={made.url}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? t("link.copied") : t("link.copy")}>
                      <ActionIcon variant="light" onClick={copy} aria-label={t("link.copy")}>
                        {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              </Group>
            </Stack>
          </Alert>
        ) : (
          <Group align="flex-end" gap="sm">
            <TextInput
              type="datetime-local"
              label={t("link.validUntil")}
              value={until}
              onChange={(event) => setUntil(event.currentTarget.value)}
              data-path="expiresAt"
              style={{ flex: "1 1 200px" }}
            />
            <Button
              onClick={() => create.mutate({ kind, id, expiresAt: new Date(until) })}
              loading={create.isPending}
              data-testid="create-link"
            >
              {t("link.create")}
            </Button>
          </Group>
        )}
        <Text fw={600} size="sm">
          {t("link.existing")}
        </Text>
        {(list.data ?? []).length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("link.none")}
          </Text>
        ) : (
          (list.data ?? []).map((link) => (
            <Paper key={link.id} withBorder p="xs" radius="md" data-testid="sign-on-link">
              <Group justify="space-between" gap="xs">
                <Stack gap={0}>
                  <Text size="sm" ff="monospace">
                    {link.tokenPreview}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t("link.until", { date: formatDateTime(link.expiresAt) })}
                  </Text>
                </Stack>
                <Group gap="xs">
                  <Badge color={link.state === "active" ? "green" : "gray"} variant="light">
                    {t(`link.state.${link.state}`)}
                  </Badge>
                  {link.state === "active" ? (
                    <Button
                      size="compact-sm"
                      color="red"
                      variant="subtle"
                      leftSection={<IconTrash size={14} />}
                      onClick={() => revoke.mutate({ id: link.id })}
                      loading={revoke.isPending}
                    >
                      {t("link.revoke")}
                    </Button>
                  ) : null}
                </Group>
              </Group>
            </Paper>
          ))
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("link.close")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
