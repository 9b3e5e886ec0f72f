import { Button, Card, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { changePasswordFormSchema } from "@sitesafe/domain";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/PageHeader";
import { useIsMobile } from "../../lib/device";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, trpc } from "../../lib/trpc";
import { schemaResolver } from "../../lib/validation";

/** /account/password: every signed-in user changes their own password. */
export function ChangePasswordPage() {
  const { t } = useTranslation("accounts");
  const isMobile = useIsMobile();
  const form = useForm({
    mode: "controlled",
    initialValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
    validate: schemaResolver(changePasswordFormSchema, { sync: true }),
  });
  const change = trpc.auth.changePassword.useMutation({
    onSuccess: () => {
      notifySuccess(t("password.updated"), t("password.updatedMessage"));
      form.reset();
    },
    onError: (error) => {
      const message = errorMessage(error, t("password.failed"));
      // A wrong current password is also shown on that field.
      const issues = (error.data as { issues?: { path: string; message: string }[] } | undefined)?.issues;
      for (const issue of issues ?? []) if (issue.path in form.values) form.setFieldError(issue.path, issue.message);
      notifyError(t("password.error"), message);
    },
  });

  return (
    <>
      {isMobile ? (
        <PageHeader title={t("password.title")} />
      ) : (
        <PageHeader title={t("password.settings")} subtitle={t("password.settingsSubtitle")} />
      )}
      <Card withBorder radius="md" padding="lg" maw={560}>
        <Stack gap={2} mb="md">
          <Title order={2} size="h3" fz="lg">
            {t("password.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("password.intro")}
          </Text>
        </Stack>
        <form onSubmit={form.onSubmit(({ currentPassword, newPassword }) => change.mutate({ currentPassword, newPassword }))} noValidate>
          <Stack>
            <PasswordInput
              label={t("password.current")}
              autoComplete="current-password"
              withAsterisk
              {...form.getInputProps("currentPassword")}
            />
            <PasswordInput
              label={t("password.new")}
              autoComplete="new-password"
              withAsterisk
              description={t("password.newHint")}
              {...form.getInputProps("newPassword")}
            />
            <PasswordInput
              label={t("password.confirm")}
              autoComplete="new-password"
              withAsterisk
              {...form.getInputProps("confirmPassword")}
            />
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? t("password.updating") : t("password.update")}
            </Button>
          </Stack>
        </form>
      </Card>
    </>
  );
}
