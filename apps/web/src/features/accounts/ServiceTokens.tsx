import { Badge, Button, Card, Code, Group, Modal, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import {
  createServiceTokenSchema,
  displayName,
  SERVICE_TOKEN_DEFAULT_DAYS,
  type ServiceTokenScope,
  serviceTokenScopes,
} from "@sitesafe/domain";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { type DataColumn, DataTable } from "../../components/data/DataTable";
import { QueryStates } from "../../components/data/QueryStates";
import { useActor } from "../../lib/auth";
import { formatDate, formatDateTime } from "../../lib/format";
import { i18n, localizeMessage } from "../../lib/i18n";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, type RouterOutputs, trpc } from "../../lib/trpc";
import { SecretDialog, SecretShownOnce } from "./InviteTokenDialog";

/**
 * Service tokens (personal access tokens) for scripts and integrations: the owner's card on the
 * profile page, and the admin's view of one user's tokens on User Management.
 */
type TokenRow = RouterOutputs["tokens"]["list"][number];

const t = (key: string, options?: Record<string, unknown>) => i18n.t(`accounts:${key}`, options);
const scopeLabel = (scope: ServiceTokenScope) => t(`labels.scope.${scope}`);
const scopeOptions = () => serviceTokenScopes.map((s) => ({ value: s, label: scopeLabel(s) }));
const NEVER = "never";
const expiryOptions = (admin: boolean) => [
  { value: "30", label: t("tokens.days", { count: 30 }) },
  { value: String(SERVICE_TOKEN_DEFAULT_DAYS), label: t("tokens.days", { count: SERVICE_TOKEN_DEFAULT_DAYS }) },
  { value: "180", label: t("tokens.days", { count: 180 }) },
  { value: "365", label: t("tokens.oneYear") },
  ...(admin ? [{ value: NEVER, label: t("tokens.neverExpires") }] : []),
];

function expiryText(token: TokenRow): { text: string; expired: boolean } {
  if (!token.expiresAt) return { text: t("tokens.never"), expired: false };
  const expired = new Date(token.expiresAt).getTime() <= Date.now();
  return { text: expired ? t("tokens.expired", { date: formatDate(token.expiresAt) }) : formatDate(token.expiresAt), expired };
}

/** The token list: name, scope, created, expires, last used; never the secret. */
function TokenTable({ tokens, onRevoke }: { tokens: TokenRow[]; onRevoke: (token: TokenRow) => void }) {
  const { t } = useTranslation("accounts");
  if (tokens.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="no-tokens">
        {t("tokens.none")}
      </Text>
    );
  }
  const columns: DataColumn<TokenRow>[] = [
    {
      header: t("tokens.name"),
      cell: (token) => (
        <>
          <Text size="sm" fw={500}>
            {token.name}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {token.tokenPreview}
          </Text>
        </>
      ),
    },
    {
      header: t("tokens.scope"),
      cell: (token) => (
        <Badge variant="light" color={token.scope === "read" ? "blue" : "orange"} tt="none">
          {scopeLabel(token.scope)}
        </Badge>
      ),
    },
    { header: t("tokens.created"), cell: (token) => formatDate(token.createdAt) },
    {
      header: t("tokens.expires"),
      cell: (token) => expiryText(token).text,
      td: (token) => ({ c: expiryText(token).expired ? "red" : undefined }),
    },
    { header: t("tokens.lastUsed"), cell: (token) => (token.lastUsedAt ? formatDateTime(token.lastUsedAt) : t("tokens.never")) },
    {
      cell: (token) => (
        <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={() => onRevoke(token)}>
          {t("tokens.revoke")}
        </Button>
      ),
    },
  ];

  return (
    <DataTable
      minWidth={680}
      verticalSpacing="xs"
      striped
      highlightOnHover={false}
      data-testid="token-table"
      rows={tokens}
      columns={columns}
    />
  );
}

/** The tokens, once loaded, in their table. */
function TokenList({
  query,
  onRevoke,
}: {
  query: { isPending: boolean; error: unknown; data: TokenRow[] | undefined; refetch: () => unknown };
  onRevoke: (token: TokenRow) => void;
}) {
  const { t } = useTranslation("accounts");
  return (
    <QueryStates query={query} rows={2} failed={t("tokens.loadFailed")}>
      {(tokens) => <TokenTable tokens={tokens} onRevoke={onRevoke} />}
    </QueryStates>
  );
}

/** What a revoke does on success or failure, for the owner's and the admin's lists alike. */
function revokeHandlers(done: () => void) {
  return {
    onSuccess: () => {
      notifySuccess(t("tokens.revoked"), t("tokens.revokedMessage"));
      done();
    },
    onError: (error: unknown) => notifyError(t("tokens.error"), t("tokens.revokeFailed", { message: errorMessage(error) })),
  };
}

function RevokeDialog({
  token,
  loading,
  onConfirm,
  onClose,
}: {
  token: TokenRow | null;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("accounts");
  return (
    <ConfirmDialog
      opened={token !== null}
      title={t("tokens.revokeTitle")}
      message={t("tokens.revokeMessage", { name: token?.name ?? "" })}
      confirmLabel={t("tokens.revokeTitle")}
      pendingLabel={t("tokens.revoking")}
      loading={loading}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}

/** Profile page: create (the secret is shown once), list and revoke one's own tokens. */
export function MyServiceTokens() {
  const { t } = useTranslation("accounts");
  const utils = trpc.useUtils();
  const tokens = trpc.tokens.list.useQuery();
  const [creating, setCreating] = useState(false);
  const [toRevoke, setToRevoke] = useState<TokenRow | null>(null);
  const revoke = trpc.tokens.revoke.useMutation(
    revokeHandlers(() => {
      void utils.tokens.list.invalidate();
      setToRevoke(null);
    }),
  );
  return (
    <Card withBorder radius="md" padding="lg" mt="md" data-testid="service-tokens">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={3} fz="lg">
              {t("tokens.title")}
            </Title>
            <Text size="sm" c="dimmed">
              <Trans t={t} i18nKey="tokens.intro" components={{ code: <Code /> }} />
            </Text>
          </div>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            {t("tokens.newToken")}
          </Button>
        </Group>
        <TokenList query={tokens} onRevoke={setToRevoke} />
      </Stack>
      <CreateTokenDialog opened={creating} onClose={() => setCreating(false)} />
      <RevokeDialog
        token={toRevoke}
        loading={revoke.isPending}
        onConfirm={() => toRevoke && revoke.mutate({ id: toRevoke.id })}
        onClose={() => setToRevoke(null)}
      />
    </Card>
  );
}

function CreateTokenDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation("accounts");
  const utils = trpc.useUtils();
  const actor = useActor();
  const [name, setName] = useState("");
  const [scope, setScope] = useState<ServiceTokenScope>("read");
  const [expiry, setExpiry] = useState(String(SERVICE_TOKEN_DEFAULT_DAYS));
  const [nameError, setNameError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ token: string; name: string } | null>(null);
  const close = () => {
    setName("");
    setScope("read");
    setExpiry(String(SERVICE_TOKEN_DEFAULT_DAYS));
    setNameError(null);
    setCreated(null);
    onClose();
  };
  const create = trpc.tokens.create.useMutation({
    onSuccess: (token) => {
      setCreated({ token: token.token, name: token.name });
      void utils.tokens.list.invalidate();
    },
    onError: (error) => notifyError(t("tokens.createError"), errorMessage(error, t("tokens.createFailed"))),
  });
  const submit = () => {
    const parsed = createServiceTokenSchema.safeParse({ name, scope, expiresInDays: expiry === NEVER ? null : Number(expiry) });
    if (!parsed.success) {
      setNameError(localizeMessage(parsed.error.issues[0]?.message ?? t("tokens.invalidInput")));
      return;
    }
    setNameError(null);
    create.mutate(parsed.data);
  };
  return (
    <SecretDialog
      opened={opened}
      onClose={close}
      title={t("tokens.newTitle")}
      created={
        created ? (
          <SecretShownOnce title={t("tokens.createdTitle", { name: created.name })} secret={created.token} testId="new-service-token">
            {t("tokens.createdMessage")}
          </SecretShownOnce>
        ) : null
      }
      doneLabel={t("tokens.done")}
      onSubmit={submit}
      pending={create.isPending}
      cancelLabel={t("tokens.cancel")}
      submitLabel={t("tokens.create")}
    >
      <TextInput
        label={t("tokens.name")}
        placeholder={t("tokens.namePlaceholder")}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={nameError}
        withAsterisk
        maxLength={100}
        data-path="name"
      />
      <Select
        label={t("tokens.scope")}
        data={scopeOptions()}
        value={scope}
        onChange={(v) => v && setScope(v as ServiceTokenScope)}
        allowDeselect={false}
        data-path="scope"
      />
      <Select
        label={t("tokens.expiresAfter")}
        data={expiryOptions(actor?.role === "admin")}
        value={expiry}
        onChange={(v) => v && setExpiry(v)}
        allowDeselect={false}
        data-path="expiresInDays"
      />
    </SecretDialog>
  );
}

/** User Management: an admin sees and revokes one user's tokens. */
export function UserTokensDialog({
  user,
  onClose,
}: {
  user: { id: number; username: string; firstName: string | null; lastName: string | null } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation("accounts");
  const utils = trpc.useUtils();
  const tokens = trpc.tokens.listForUser.useQuery({ id: user?.id ?? 0 }, { enabled: user !== null });
  const [toRevoke, setToRevoke] = useState<TokenRow | null>(null);
  const revoke = trpc.tokens.revokeForUser.useMutation(
    revokeHandlers(() => {
      void utils.tokens.listForUser.invalidate();
      setToRevoke(null);
    }),
  );
  return (
    <Modal
      opened={user !== null}
      onClose={onClose}
      title={user ? t("tokens.ofUser", { name: displayName(user) }) : t("tokens.title")}
      size="xl"
      centered
    >
      <TokenList query={tokens} onRevoke={setToRevoke} />
      <RevokeDialog
        token={toRevoke}
        loading={revoke.isPending}
        onConfirm={() => user && toRevoke && revoke.mutate({ id: user.id, tokenId: toRevoke.id })}
        onClose={() => setToRevoke(null)}
      />
    </Modal>
  );
}
