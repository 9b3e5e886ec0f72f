import { can, inviteTokenStatusColor, roleLabel } from "@sitesafe/domain";
import { ActionIcon, Badge, Button, Card, Code, Group, Skeleton, Stack, Table, Text, Tooltip } from "@mantine/core";
import { IconKey, IconPlus, IconTrash } from "@tabler/icons-react";
import { Navigate } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { PageHeader } from "../../components/PageHeader";
import { PageControls, usePage } from "../../components/Paginated";
import { EmptyState, ErrorState } from "../../components/States";
import { useActor } from "../../lib/auth";
import { useIsMobile } from "../../lib/device";
import { formatDate } from "../../lib/format";
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

const statusLabel = (status: TokenRow["status"]) => status.charAt(0).toUpperCase() + status.slice(1);
const roleBadge = (role: string) => (
  <Badge color={role === "admin" ? "red" : "blue"} variant="light" tt="none">
    {roleLabel(role)}
  </Badge>
);
const statusBadge = (status: TokenRow["status"]) => (
  <Badge color={inviteTokenStatusColor(status)} variant={status === "used" ? "outline" : "light"} tt="none">
    {statusLabel(status)}
  </Badge>
);

function Expires({ token }: { token: TokenRow }) {
  if (token.usedAt) {
    return (
      <Text size="sm" c="dimmed">
        Used on {formatDate(token.usedAt)}
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
  const full = fullTokenFor(token.id);
  return (
    <Group gap={4} wrap="nowrap">
      <Code>{token.tokenPreview}</Code>
      <CopyTokenButton value={full ?? token.tokenPreview} label={full ? "Copy token" : "Copy token preview"} />
    </Group>
  );
}

function InviteTokensScreen() {
  const isMobile = useIsMobile();
  const tokens = trpc.inviteTokens.list.useQuery();
  const utils = trpc.useUtils();
  const [creating, setCreating] = useState(false);
  const [toDelete, setToDelete] = useState<TokenRow | null>(null);
  const { visible, page, pages, setPage, total } = usePage(tokens.data ?? []);

  const remove = trpc.inviteTokens.delete.useMutation({
    onSuccess: () => {
      notifySuccess("Token deleted", "The invite token has been deleted.");
      setToDelete(null);
      void utils.inviteTokens.list.invalidate();
    },
    onError: (error) => notifyError("Error deleting token", errorMessage(error, "Failed to delete invite token")),
  });

  const deleteButton = (token: TokenRow) => (
    <Tooltip label="Delete token" openDelay={700}>
      <ActionIcon variant="subtle" color="red" aria-label={`Delete token ${token.tokenPreview}`} onClick={() => setToDelete(token)}>
        <IconTrash size={16} />
      </ActionIcon>
    </Tooltip>
  );

  let body: ReactNode;
  if (tokens.isPending) {
    body = (
      <Stack gap="sm" aria-busy="true">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} height={36} radius="sm" />
        ))}
      </Stack>
    );
  } else if (tokens.isError) {
    body = <ErrorState message="Failed to load invite tokens." onRetry={() => void tokens.refetch()} />;
  } else if (tokens.data.length === 0) {
    body = (
      <EmptyState
        icon={<IconKey size={26} />}
        title="No invite tokens"
        message="There are no invite tokens available. Generate a new token to invite admin or manager users."
      />
    );
  } else if (isMobile) {
    body = (
      <Stack gap="sm">
        {visible.map((token) => (
          <Card key={token.id} withBorder radius="md" padding="md" data-testid="invite-token-row">
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
                  Created
                </Text>
                <Text size="sm">{formatDate(token.createdAt)}</Text>
              </div>
              <div>
                <Text size="xs" c="dimmed">
                  {token.usedAt ? "Used" : "Expires"}
                </Text>
                <Expires token={token} />
              </div>
            </Group>
          </Card>
        ))}
      </Stack>
    );
  } else {
    body = (
      <Card withBorder radius="md" padding={0}>
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Role</Table.Th>
              <Table.Th>Token Preview</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Expires</Table.Th>
              <Table.Th ta="right">Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {visible.map((token) => (
              <Table.Tr key={token.id} data-testid="invite-token-row">
                <Table.Td>{roleBadge(token.role)}</Table.Td>
                <Table.Td>
                  <Preview token={token} />
                </Table.Td>
                <Table.Td>{statusBadge(token.status)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDate(token.createdAt)}</Text>
                </Table.Td>
                <Table.Td>
                  <Expires token={token} />
                </Table.Td>
                <Table.Td>
                  <Group justify="flex-end">{deleteButton(token)}</Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      </Card>
    );
  }

  return (
    <>
      <PageHeader
        title="Invite Tokens"
        subtitle="Create and manage invite tokens for new admin and manager users"
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            Generate Invite Token
          </Button>
        }
      />
      {body}
      <PageControls page={page} pages={pages} total={total} onChange={setPage} />
      <InviteTokenDialog opened={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete Invite Token"
        message="Are you sure you want to delete this invite token? This action cannot be undone."
        confirmLabel="Delete"
        loading={remove.isPending}
        onConfirm={() => toDelete && remove.mutate({ id: toDelete.id })}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
