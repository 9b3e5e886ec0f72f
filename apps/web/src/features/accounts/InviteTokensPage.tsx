import { ActionIcon, Badge, Button, Card, Code, Group, Skeleton, Stack, Text, Tooltip } from "@mantine/core";
import { can, inviteTokenStatusColor, roleLabel } from "@sitesafe/domain";
import { IconKey, IconPlus, IconTrash } from "@tabler/icons-react";
import { Navigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { type DataColumn, DataTable } from "../../components/data/DataTable";
import { QueryStates } from "../../components/data/QueryStates";
import { PageHeader } from "../../components/PageHeader";
import { PageControls, usePage } from "../../components/Paginated";
import { EmptyState } from "../../components/States";
import { useActor } from "../../lib/auth";
import { useIsMobile } from "../../lib/device";
import { formatDate } from "../../lib/format";
import { i18n } from "../../lib/i18n";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, type RouterOutputs, trpc } from "../../lib/trpc";
import { CopyTokenButton, fullTokenFor, InviteTokenDialog } from "./InviteTokenDialog";

type TokenRow = RouterOutputs["inviteTokens"]["list"][number];

/** /admin/invite-tokens: admins only; everyone else goes to /dashboard. */
export function InviteTokensPage() {
  const actor = useActor();
  if (!can(actor, "inviteToken.page")) return <Navigate to="/dashboard" replace />;
  return <InviteTokensScreen />;
}

const statusLabel = (status: TokenRow["status"]) =>
  i18n.t(`accounts:labels.tokenStatus.${status}`, { defaultValue: status.charAt(0).toUpperCase() + status.slice(1) });
const roleBadge = (role: string) => (
  <Badge color={role === "admin" ? "red" : "blue"} variant="light" tt="none">
    {i18n.t(`common:labels.role.${role}`, { defaultValue: roleLabel(role) })}
  </Badge>
);
const statusBadge = (status: TokenRow["status"]) => (
  <Badge color={inviteTokenStatusColor(status)} variant={status === "used" ? "outline" : "light"} tt="none">
    {statusLabel(status)}
  </Badge>
);

function Expires({ token }: { token: TokenRow }) {
  const { t } = useTranslation("accounts");
  if (token.usedAt) {
    return (
      <Text size="sm" c="dimmed">
        {t("invites.usedOn", { date: formatDate(token.usedAt) })}
      </Text>
    );
  }
  return (
    <Text size="sm" c={token.status === "expired" ? "red" : undefined} fw={token.status === "expired" ? 600 : undefined}>
      {formatDate(token.expiresAt)}
    </Text>
  );
}

function Preview({ token }: { token: TokenRow }) {
  const { t } = useTranslation("accounts");
  const full = fullTokenFor(token.id);
  return (
    <Group gap={4} wrap="nowrap">
      <Code>{token.tokenPreview}</Code>
      <CopyTokenButton value={full ?? token.tokenPreview} label={full ? t("invites.copyToken") : t("invites.copyPreview")} />
    </Group>
  );
}

function InviteTokensScreen() {
  const { t } = useTranslation("accounts");
  const _isMobile = useIsMobile();
  const tokens = trpc.inviteTokens.list.useQuery();
  const utils = trpc.useUtils();
  const [creating, setCreating] = useState(false);
  const [toDelete, setToDelete] = useState<TokenRow | null>(null);
  const { visible, page, pages, setPage, total } = usePage(tokens.data ?? []);

  const remove = trpc.inviteTokens.delete.useMutation({
    onSuccess: () => {
      notifySuccess(t("invites.deleted"), t("invites.deletedMessage"));
      setToDelete(null);
      void utils.inviteTokens.list.invalidate();
    },
    onError: (error) => notifyError(t("invites.deleteError"), errorMessage(error, t("invites.deleteFailed"))),
  });

  const deleteButton = (token: TokenRow) => (
    <Tooltip label={t("invites.deleteToken")} openDelay={700}>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={t("invites.deleteNamed", { preview: token.tokenPreview })}
        onClick={() => setToDelete(token)}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Tooltip>
  );

  const columns: DataColumn<TokenRow>[] = [
    { header: t("invites.role"), cell: (token) => roleBadge(token.role) },
    { header: t("invites.preview"), cell: (token) => <Preview token={token} /> },
    { header: t("invites.status"), cell: (token) => statusBadge(token.status) },
    { header: t("invites.created"), cell: (token) => <Text size="sm">{formatDate(token.createdAt)}</Text> },
    { header: t("invites.expires"), cell: (token) => <Expires token={token} /> },
    { header: t("invites.actions"), align: "right", cell: (token) => <Group justify="flex-end">{deleteButton(token)}</Group> },
  ];

  const tokenCard = (token: TokenRow) => (
    <Card withBorder radius="md" padding="md" data-testid="invite-token-row">
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <Group gap={6}>
          {roleBadge(token.role)}
          {statusBadge(token.status)}
        </Group>
        {deleteButton(token)}
      </Group>
      <Preview token={token} />
      <Group gap="lg" mt="xs">
        <div>
          <Text size="xs" c="dimmed">
            {t("invites.created")}
          </Text>
          <Text size="sm">{formatDate(token.createdAt)}</Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            {token.usedAt ? t("invites.used") : t("invites.expires")}
          </Text>
          <Expires token={token} />
        </div>
      </Group>
    </Card>
  );

  return (
    <>
      <PageHeader
        title={t("invites.title")}
        subtitle={t("invites.subtitle")}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            {t("invites.generate")}
          </Button>
        }
      />
      <QueryStates
        query={tokens}
        skeleton={
          <Stack gap="sm" aria-busy="true">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} height={36} radius="sm" />
            ))}
          </Stack>
        }
        failed={t("invites.loadFailed")}
        empty={<EmptyState icon={<IconKey size={26} />} title={t("invites.none")} message={t("invites.noneMessage")} />}
      >
        {() => (
          <DataTable minWidth={720} framed rows={visible} rowTestId="invite-token-row" columns={columns} card={tokenCard} cardGap="sm" />
        )}
      </QueryStates>
      <PageControls page={page} pages={pages} total={total} onChange={setPage} />
      <InviteTokenDialog opened={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        opened={toDelete !== null}
        title={t("invites.deleteTitle")}
        message={t("invites.deleteMessage")}
        confirmLabel={t("invites.delete")}
        loading={remove.isPending}
        onConfirm={() => toDelete && remove.mutate({ id: toDelete.id })}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
