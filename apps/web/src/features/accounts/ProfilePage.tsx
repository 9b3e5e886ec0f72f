import { Button, Card, Grid, Skeleton, Stack, Tabs, Text } from "@mantine/core";
import { IconKey } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { LanguageSwitch } from "../../components/LanguageSwitch";
import { PageHeader } from "../../components/PageHeader";
import { useCurrentUser } from "../../lib/auth";
import { useSaveLanguage } from "../../lib/i18n/useUserLanguage";
import { trpc } from "../../lib/trpc";
import { CredentialsCard } from "../credentials/CredentialsCard";
import { EmailChoices } from "../notifications/EmailChoices";
import { PushChoices } from "../notifications/PushChoices";
import { TalksAttended } from "../talks/TalksAttended";
import { MyServiceTokens } from "./ServiceTokens";
import { AccountDetails, SummaryCard, WorkerDetails } from "./UserProfilePage";

/** /profile: the signed-in user's own account and, when they have one, their worker profile. */
export function ProfilePage() {
  const { t } = useTranslation("accounts");
  const saveLanguage = useSaveLanguage();
  const user = useCurrentUser();
  const worker = trpc.users.workerProfile.useQuery();
  if (!user) return null;
  return (
    <>
      <PageHeader
        title={t("profile.title")}
        subtitle={t("profile.subtitle")}
        actions={
          <Button component={Link} to="/account/password" variant="light" leftSection={<IconKey size={16} />}>
            {t("password.title")}
          </Button>
        }
      />
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <SummaryCard user={user} />
          <Card withBorder radius="md" padding="lg" mt="md" data-testid="language-card">
            <Text fw={600} size="sm" mb={4}>
              {t("common:language.label")}
            </Text>
            <Text size="xs" c="dimmed" mb="sm">
              {t("profile.languageHint")}
            </Text>
            <LanguageSwitch onChosen={saveLanguage} />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card withBorder radius="md" padding="lg">
            {worker.isPending ? (
              <Skeleton height={200} />
            ) : (
              <Tabs defaultValue="account">
                <Tabs.List mb="md">
                  <Tabs.Tab value="account">{t("profile.accountDetails")}</Tabs.Tab>
                  {worker.data ? <Tabs.Tab value="worker">{t("profile.workerProfile")}</Tabs.Tab> : null}
                </Tabs.List>
                <Tabs.Panel value="account">
                  <AccountDetails user={user} />
                </Tabs.Panel>
                {worker.data ? (
                  <Tabs.Panel value="worker">
                    <WorkerDetails worker={worker.data} />
                  </Tabs.Panel>
                ) : null}
              </Tabs>
            )}
          </Card>
          {worker.data ? (
            <Stack mt="md" gap="md">
              <CredentialsCard workerId={worker.data.id} />
              <TalksAttended workerId={worker.data.id} />
            </Stack>
          ) : null}
          <EmailChoices />
          <PushChoices />
          <MyServiceTokens />
        </Grid.Col>
      </Grid>
    </>
  );
}
