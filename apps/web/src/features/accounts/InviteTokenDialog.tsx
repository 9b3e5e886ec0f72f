import { ActionIcon, Alert, Button, Code, Group, Modal, Select, Stack, Text, Tooltip } from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import {
  createInviteTokenSchema,
  defaultInviteExpiry,
  INVITE_TOKEN_MAX_DAYS,
  type InviteTokenRole,
  inviteExpiryTooFar,
  inviteTokenRoles,
  roleLabel,
} from "@sitesafe/domain";
import { IconCheck, IconCopy, IconInfoCircle } from "@tabler/icons-react";
import dayjs from "dayjs";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormButtons } from "../../components/data/FormSection";
import { formatDateTime } from "../../lib/format";
import { currentLanguage, i18n, localizeMessage } from "../../lib/i18n";
import { notifyError } from "../../lib/notify";
import { errorMessage, trpc } from "../../lib/trpc";

/**
 * Full tokens the server handed back on creation, kept for this page session only: the server
 * stores a hash, so after a reload only the preview can be copied (product rule: copies the full token
 * if present, else the preview).
 */
const createdTokens = new Map<number, string>();
export const fullTokenFor = (id: number): string | undefined => createdTokens.get(id);

/** Copies text to the clipboard; "Failed to copy token" when the browser refuses. */
async function copyToken(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error("Clipboard unavailable");
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    notifyError(i18n.t("accounts:inviteDialog.copyFailed"), i18n.t("accounts:inviteDialog.copyByHand"));
    return false;
  }
}

/** A copy icon that shows a tick for a moment after a successful copy. */
export function CopyTokenButton({ value, label: givenLabel }: { value: string; label?: string }) {
  const { t } = useTranslation("accounts");
  const label = givenLabel ?? t("inviteDialog.copyToken");
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Tooltip label={copied ? t("inviteDialog.copied") : label} openDelay={300}>
      <ActionIcon
        variant="subtle"
        color={copied ? "green" : "gray"}
        aria-label={label}
        onClick={async (e) => {
          e.stopPropagation();
          if (await copyToken(value)) setCopied(true);
        }}
      >
        {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
      </ActionIcon>
    </Tooltip>
  );
}

/** A secret the server hands out once (invite and service tokens): what to do with it, and a copy button. */
export function SecretShownOnce({
  title,
  secret,
  testId,
  children,
}: {
  title: string;
  secret: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <>
      <Alert color="green" icon={<IconInfoCircle size={18} />} title={title}>
        {children}
      </Alert>
      <Group gap="xs" wrap="nowrap" align="center">
        <Code block style={{ flex: 1, wordBreak: "break-all", whiteSpace: "pre-wrap" }} data-testid={testId}>
          {secret}
        </Code>
        <CopyTokenButton value={secret} />
      </Group>
    </>
  );
}

/**
 * A dialog that makes a secret (an invite or a service token): its form with Cancel and Submit, then, once
 * made, the secret shown once (`created`) with a Done button.
 */
export function SecretDialog({
  opened,
  onClose,
  title,
  created,
  doneLabel,
  onSubmit,
  pending,
  cancelLabel,
  submitLabel,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  created: ReactNode;
  doneLabel: string;
  onSubmit: () => void;
  pending: boolean;
  cancelLabel: string;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      {created ? (
        <Stack>
          {created}
          <Group justify="flex-end">
            <Button onClick={onClose}>{doneLabel}</Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit();
          }}
        >
          <Stack>
            {children}
            <FormButtons onCancel={onClose} cancelLabel={cancelLabel} submitLabel={submitLabel} pending={pending} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}

const dateOnly = (d: Date) => dayjs(d).format("YYYY-MM-DD");

/** "Generate Invite Token": role and expiry date (default 7 days ahead); shows the new token once. */
export function InviteTokenDialog({
  opened,
  onClose,
  defaultRole = "manager",
}: {
  opened: boolean;
  onClose: () => void;
  defaultRole?: InviteTokenRole;
}) {
  const { t } = useTranslation("accounts");
  const utils = trpc.useUtils();
  const [role, setRole] = useState<InviteTokenRole>(defaultRole);
  const [expiry, setExpiry] = useState<string | null>(() => dateOnly(defaultInviteExpiry()));
  const [created, setCreated] = useState<{ id: number; token: string; role: string; expiresAt: Date } | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);

  // Each opening starts afresh with the role the caller asked for.
  useEffect(() => {
    if (opened) {
      setRole(defaultRole);
      setExpiry(dateOnly(defaultInviteExpiry()));
      setCreated(null);
      setFieldError(null);
    }
  }, [opened, defaultRole]);

  const create = trpc.inviteTokens.create.useMutation({
    onSuccess: (token) => {
      createdTokens.set(token.id, token.token);
      setCreated({ id: token.id, token: token.token, role: token.role, expiresAt: token.expiresAt });
      void utils.inviteTokens.list.invalidate();
    },
    onError: (error) => notifyError(t("inviteDialog.generateError"), errorMessage(error, t("inviteDialog.generateFailed"))),
  });

  const submit = () => {
    // The default (7 days from now) is sent exactly; a picked day lasts until the end of that day.
    const expiresAt =
      expiry === dateOnly(defaultInviteExpiry()) ? defaultInviteExpiry() : expiry ? dayjs(expiry).endOf("day").toDate() : undefined;
    const parsed = createInviteTokenSchema.safeParse({ role, expiresAt });
    if (!parsed.success) {
      setFieldError(localizeMessage(parsed.error.issues[0]?.message ?? t("inviteDialog.invalidInput")));
      return;
    }
    const tooFar = parsed.data.expiresAt ? inviteExpiryTooFar(parsed.data.expiresAt) : null;
    if (tooFar) {
      setFieldError(localizeMessage(tooFar));
      return;
    }
    setFieldError(null);
    create.mutate(parsed.data);
  };

  return (
    <SecretDialog
      opened={opened}
      onClose={onClose}
      title={t("inviteDialog.title")}
      created={
        created ? (
          <>
            <SecretShownOnce title={t("inviteDialog.created")} secret={created.token} testId="new-invite-token">
              {t("inviteDialog.createdMessage", {
                role: t(`common:labels.role.${created.role}`, { defaultValue: created.role }).toLowerCase(),
              })}
            </SecretShownOnce>
            <Text size="sm" c="dimmed">
              {t("inviteDialog.summary", {
                role: t(`common:labels.role.${created.role}`, { defaultValue: roleLabel(created.role) }),
                date: formatDateTime(created.expiresAt),
              })}
            </Text>
          </>
        ) : null
      }
      doneLabel={t("inviteDialog.done")}
      onSubmit={submit}
      pending={create.isPending}
      cancelLabel={t("inviteDialog.cancel")}
      submitLabel={t("inviteDialog.generate")}
    >
      <Text size="sm" c="dimmed">
        {t("inviteDialog.intro")}
      </Text>
      <Select
        label={t("inviteDialog.role")}
        data={inviteTokenRoles.map((r) => ({ value: r, label: t(`common:labels.role.${r}`, { defaultValue: roleLabel(r) }) }))}
        value={role}
        onChange={(v) => v && setRole(v as InviteTokenRole)}
        allowDeselect={false}
        withAsterisk
        data-path="role"
      />
      <DatePickerInput
        label={t("inviteDialog.expiry")}
        value={expiry}
        onChange={setExpiry}
        minDate={dateOnly(new Date())}
        // A picked day lasts to its end, so the last whole day inside the limit is 29 days on.
        maxDate={dateOnly(
          dayjs()
            .add(INVITE_TOKEN_MAX_DAYS - 1, "day")
            .toDate(),
        )}
        valueFormat={currentLanguage() === "es" ? "D MMM YYYY" : "MMM D, YYYY"}
        error={fieldError}
        clearable
        data-path="expiresAt"
      />
    </SecretDialog>
  );
}
