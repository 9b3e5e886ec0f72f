import {
  ActionIcon,
  Avatar,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Menu,
  Modal,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useDebouncedValue } from "@mantine/hooks";
import {
  can,
  displayName,
  type InviteTokenRole,
  initials,
  RESET_PASSWORD_HINT,
  resetPasswordFormSchema,
  roleColor,
  roleLabel,
} from "@sitesafe/domain";
import { IconApi, IconDots, IconKey, IconRefresh, IconTrash, IconUser, IconUserPlus } from "@tabler/icons-react";
import { keepPreviousData } from "@tanstack/react-query";
import { Navigate, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { QueryStates } from "../../components/data/QueryStates";
import { PageHeader } from "../../components/PageHeader";
import { ServerPageControls, useServerPage } from "../../components/Paginated";
import { SearchBox } from "../../components/SearchBox";
import { EmptyState } from "../../components/States";
import { useActor } from "../../lib/auth";
import { formatDate } from "../../lib/format";
import { localizeMessage } from "../../lib/i18n";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, invalidateLists, type RouterOutputs, trpc } from "../../lib/trpc";
import { schemaResolver } from "../../lib/validation";
import { FailedJobsCard } from "../notifications/FailedJobsCard";
import { InviteTokenDialog } from "./InviteTokenDialog";
import { UserTokensDialog } from "./ServiceTokens";

type UserRow = RouterOutputs["users"]["page"]["items"][number];

/** /admin/users: admins only; everyone else goes to /. */
export function UsersPage() {
  const actor = useActor();
  if (!can(actor, "user.manage")) return <Navigate to="/" replace />;
  return <UsersScreen />;
}

function UsersScreen() {
  const { t } = useTranslation("accounts");
  const navigate = useNavigate();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const filters = { search: debounced || undefined };
  const pager = useServerPage(filters);
  const users = trpc.users.page.useQuery({ ...filters, limit: pager.limit, offset: pager.offset }, { placeholderData: keepPreviousData });
  const [inviteRole, setInviteRole] = useState<InviteTokenRole | null>(null);
  const [toDelete, setToDelete] = useState<UserRow | null>(null);
  const [toReset, setToReset] = useState<UserRow | null>(null);
  const [tokensOf, setTokensOf] = useState<UserRow | null>(null);

  return (
    <>
      <PageHeader title={t("users.title")} subtitle={t("users.subtitle")} />
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" gap="sm">
            <Box>
              <Title order={2} size="h3" fz="lg">
                {t("users.heading")}
              </Title>
              <Text size="sm" c="dimmed">
                {t("users.found", { count: users.data?.total ?? 0 })}
              </Text>
            </Box>
            <Group gap="xs">
              <Button variant="light" leftSection={<IconUserPlus size={16} />} onClick={() => setInviteRole("manager")}>
                {t("users.inviteManager")}
              </Button>
              <Button leftSection={<IconUserPlus size={16} />} onClick={() => setInviteRole("admin")}>
                {t("users.inviteAdmin")}
              </Button>
            </Group>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <SearchBox
              placeholder={t("users.searchPlaceholder")}
              label={t("users.searchLabel")}
              value={search}
              onSearch={setSearch}
              style={{ flex: 1 }}
            />
            <Tooltip label={t("users.refresh")} openDelay={700}>
              <ActionIcon
                variant="default"
                size={36}
                aria-label={t("users.refreshLabel")}
                onClick={() => void users.refetch()}
                disabled={users.isFetching}
              >
                <IconRefresh size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>

          <QueryStates
            query={users}
            rows={5}
            failed={t("users.loadFailed")}
            isEmpty={(page) => page.total === 0}
            empty={<EmptyState title={search.trim() ? t("users.noMatch") : t("users.none")} />}
          >
            {(page) => (
              <>
                <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" style={{ opacity: users.isPlaceholderData ? 0.6 : 1 }}>
                  {page.items.map((user) => (
                    <UserCard
                      key={user.id}
                      user={user}
                      onOpen={() => void navigate({ to: "/admin/users/$id", params: { id: String(user.id) } })}
                      onReset={() => setToReset(user)}
                      onTokens={() => setTokensOf(user)}
                      onDelete={() => setToDelete(user)}
                    />
                  ))}
                </SimpleGrid>
                <ServerPageControls pager={pager} total={page.total} />
              </>
            )}
          </QueryStates>
        </Stack>
      </Card>
      <FailedJobsCard />

      <InviteTokenDialog opened={inviteRole !== null} defaultRole={inviteRole ?? "manager"} onClose={() => setInviteRole(null)} />
      <DeleteUserDialog user={toDelete} onClose={() => setToDelete(null)} />
      <ResetPasswordDialog user={toReset} onClose={() => setToReset(null)} />
      <UserTokensDialog user={tokensOf} onClose={() => setTokensOf(null)} />
    </>
  );
}

function UserCard({
  user,
  onOpen,
  onReset,
  onTokens,
  onDelete,
}: {
  user: UserRow;
  onOpen: () => void;
  onReset: () => void;
  onTokens: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation("accounts");
  return (
    <Card withBorder radius="md" padding="md" data-testid="user-card">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <UnstyledButton onClick={onOpen} style={{ flex: 1, minWidth: 0 }} aria-label={t("users.open", { name: displayName(user) })}>
          <Group wrap="nowrap" gap="sm" align="flex-start">
            <Avatar color={roleColor(user.role)} radius="xl">
              {initials(user)}
            </Avatar>
            <Box style={{ minWidth: 0 }}>
              <Group gap={6} wrap="wrap">
                <Text fw={600} truncate>
                  {displayName(user)}
                </Text>
                <Badge color={roleColor(user.role)} variant="light" size="sm" tt="none">
                  {t(`common:labels.role.${user.role}`, { defaultValue: roleLabel(user.role) })}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed" truncate>
                @{user.username}
              </Text>
              <Text size="sm" c="dimmed" truncate>
                {user.email}
              </Text>
              <Text size="xs" c="dimmed" mt={4}>
                {t("users.joined", { date: formatDate(user.createdAt) })}
              </Text>
            </Box>
          </Group>
        </UnstyledButton>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={t("users.actionsFor", { username: user.username })}>
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconUser size={16} />} onClick={onOpen}>
              {t("users.viewProfile")}
            </Menu.Item>
            <Menu.Item leftSection={<IconKey size={16} />} onClick={onReset}>
              {t("users.resetPassword")}
            </Menu.Item>
            <Menu.Item leftSection={<IconApi size={16} />} onClick={onTokens}>
              {t("users.apiTokens")}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
              {t("users.deleteUser")}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Card>
  );
}

function DeleteUserDialog({ user, onClose }: { user: UserRow | null; onClose: () => void }) {
  const { t } = useTranslation("accounts");
  const utils = trpc.useUtils();
  const remove = trpc.users.delete.useMutation({
    onSuccess: () => {
      notifySuccess(t("users.deleted"), t("users.deletedMessage"));
      void invalidateLists(utils.users);
      onClose();
    },
    onError: (error) => notifyError(t("users.error"), t("users.deleteFailed", { message: errorMessage(error) })),
  });
  return (
    <ConfirmDialog
      opened={user !== null}
      title={t("users.confirmTitle")}
      message={
        user ? (
          <Stack gap="xs">
            <Text size="sm">
              <Trans
                t={t}
                i18nKey="users.confirmQuestion"
                values={{ name: displayName(user), username: user.username }}
                components={{ b: <b /> }}
              />
            </Text>
            <Text size="sm">{t("users.confirmDetails")}</Text>
          </Stack>
        ) : (
          ""
        )
      }
      confirmLabel={t("users.deleteUser")}
      pendingLabel={t("users.deleting")}
      loading={remove.isPending}
      onConfirm={() => user && remove.mutate({ id: user.id })}
      onClose={onClose}
    />
  );
}

function ResetPasswordDialog({ user, onClose }: { user: UserRow | null; onClose: () => void }) {
  const { t } = useTranslation("accounts");
  const form = useForm({
    mode: "controlled",
    initialValues: { password: "", confirmPassword: "" },
    validate: schemaResolver(resetPasswordFormSchema, { sync: true }),
    validateInputOnChange: true,
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const reset = trpc.users.resetPassword.useMutation({
    onSuccess: (_data, variables) => {
      notifySuccess(
        t("users.resetDone"),
        t("users.resetDoneMessage", { username: user?.username ?? t("users.userNumber", { id: variables.userId }) }),
      );
      close();
    },
    onError: (error) => notifyError(t("users.error"), t("users.resetFailed", { message: errorMessage(error) })),
  });
  return (
    <Modal opened={user !== null} onClose={close} title={t("users.resetPassword")} centered>
      <form
        onSubmit={form.onSubmit((values) => {
          if (user) reset.mutate({ userId: user.id, password: values.password });
        })}
        noValidate
      >
        <Stack>
          <Text size="sm" c="dimmed">
            {t("users.resetIntro", { username: user?.username ?? "" })}
          </Text>
          <PasswordInput label={t("users.newPassword")} autoComplete="new-password" withAsterisk {...form.getInputProps("password")} />
          <PasswordInput
            label={t("users.confirmPassword")}
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps("confirmPassword")}
          />
          <Text size="xs" c="dimmed">
            {localizeMessage(RESET_PASSWORD_HINT)}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={reset.isPending}>
              {t("users.cancel")}
            </Button>
            <Button type="submit" disabled={!form.isValid() || reset.isPending}>
              {reset.isPending ? t("users.resetting") : t("users.resetPassword")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
