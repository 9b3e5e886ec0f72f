import { Avatar, Badge, Card, Grid, Group, Skeleton, Stack, Tabs, Text, Title } from "@mantine/core";
import { can, displayName, initials, roleColor, roleLabel } from "@sitesafe/domain";
import { Navigate } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { BackLink } from "../../components/BackLink";
import { PageHeader } from "../../components/PageHeader";
import { ErrorState } from "../../components/States";
import { useActor } from "../../lib/auth";
import { formatDate, formatLongDateTime } from "../../lib/format";
import { errorStatus, type RouterOutputs, trpc } from "../../lib/trpc";

type User = RouterOutputs["users"]["byId"];
type Worker = NonNullable<RouterOutputs["users"]["workerByUserId"]>;

/** /admin/users/:id: admins only; everyone else goes to /. */
export function UserProfilePage({ id }: { id: string | undefined }) {
  const { t } = useTranslation("accounts");
  const actor = useActor();
  if (!can(actor, "user.manage")) return <Navigate to="/" replace />;
  const userId = Number(id);
  const valid = Boolean(id) && Number.isInteger(userId) && userId > 0;
  return (
    <>
      <BackLink to="/admin/users" label={t("profile.backToUsers")} />
      <PageHeader title={t("profile.userTitle")} subtitle={t("profile.userSubtitle")} />
      {valid ? <UserProfile userId={userId} /> : <ErrorState message={t("profile.noUserId")} />}
    </>
  );
}

function UserProfile({ userId }: { userId: number }) {
  const { t } = useTranslation("accounts");
  const user = trpc.users.byId.useQuery({ id: userId });
  // A 404 here only means the user has no worker profile: the tab is simply not shown.
  const worker = trpc.users.workerByUserId.useQuery({ userId }, { enabled: user.isSuccess });

  if (user.isPending) {
    return (
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Skeleton height={260} radius="md" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Skeleton height={260} radius="md" />
        </Grid.Col>
      </Grid>
    );
  }
  if (user.isError) {
    return <ErrorState message={t("profile.loadFailed")} />;
  }
  const workerProfile = worker.isSuccess ? worker.data : null;
  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <SummaryCard user={user.data} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Card withBorder radius="md" padding="lg">
          <Tabs defaultValue="account">
            <Tabs.List mb="md">
              <Tabs.Tab value="account">{t("profile.accountDetails")}</Tabs.Tab>
              {workerProfile ? <Tabs.Tab value="worker">{t("profile.workerProfile")}</Tabs.Tab> : null}
            </Tabs.List>
            <Tabs.Panel value="account">
              <AccountDetails user={user.data} />
            </Tabs.Panel>
            {workerProfile ? (
              <Tabs.Panel value="worker">
                <WorkerDetails worker={workerProfile} />
              </Tabs.Panel>
            ) : null}
          </Tabs>
          {worker.isError && errorStatus(worker.error) !== 404 ? (
            <Text size="sm" c="red" mt="sm">
              {t("profile.workerFailed")}
            </Text>
          ) : null}
        </Card>
      </Grid.Col>
    </Grid>
  );
}

export function SummaryCard({ user }: { user: User }) {
  const { t } = useTranslation("accounts");
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack align="center" gap={6}>
        <Avatar size={80} radius={80} color={roleColor(user.role)}>
          {initials(user)}
        </Avatar>
        <Title order={2} size="h3" fz="lg" ta="center">
          {displayName(user)}
        </Title>
        <Badge color={roleColor(user.role)} variant="light" tt="none">
          {t(`common:labels.role.${user.role}`, { defaultValue: roleLabel(user.role) })}
        </Badge>
        <Text size="sm" c="dimmed">
          @{user.username}
        </Text>
        <Text size="sm" c="dimmed" style={{ wordBreak: "break-all" }} ta="center">
          {user.email}
        </Text>
        <Text size="xs" c="dimmed">
          {t("profile.joined", { date: formatDate(user.createdAt) })}
        </Text>
      </Stack>
    </Card>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group
      justify="space-between"
      align="flex-start"
      wrap="wrap"
      gap="xs"
      py={8}
      style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}
    >
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right" style={{ wordBreak: "break-word" }}>
        {children}
      </Text>
    </Group>
  );
}

export function AccountDetails({ user }: { user: User }) {
  const { t } = useTranslation("accounts");
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(" ");
  return (
    <Stack gap={0}>
      <Field label={t("fields.username")}>{user.username}</Field>
      <Field label={t("fields.email")}>{user.email}</Field>
      <Field label={t("fields.fullName")}>{fullName || t("profile.notProvided")}</Field>
      <Field label={t("fields.role")}>{t(`common:labels.role.${user.role}`, { defaultValue: roleLabel(user.role) })}</Field>
      <Field label={t("fields.accountCreated")}>{formatLongDateTime(user.createdAt)}</Field>
    </Stack>
  );
}

export function WorkerDetails({ worker }: { worker: Worker }) {
  const { t } = useTranslation("accounts");
  return (
    <Stack gap={0}>
      <Field label={t("fields.workerId")}>#{worker.id}</Field>
      <Field label={t("fields.position")}>{worker.role || t("profile.notSpecified")}</Field>
      <Field label={t("fields.company")}>{worker.company || t("profile.notProvided")}</Field>
      <Field label={t("fields.hardhat")}>{worker.hardhatNumber || t("profile.notAssigned")}</Field>
      <Field label={t("fields.email")}>{worker.email}</Field>
      <Field label={t("fields.phone")}>{worker.phone || t("profile.notProvided")}</Field>
    </Stack>
  );
}
