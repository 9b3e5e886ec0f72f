import { changePasswordFormSchema } from "@sitesafe/domain";
import { Button, Card, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { PageHeader } from "../../components/PageHeader";
import { useIsMobile } from "../../lib/device";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, trpc } from "../../lib/trpc";

/** /account/password: every signed-in user changes their own password. */
export function ChangePasswordPage() {
  const isMobile = useIsMobile();
  const form = useForm({
    mode: "controlled",
    initialValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
    validate: schemaResolver(changePasswordFormSchema, { sync: true }),
  });
  const change = trpc.auth.changePassword.useMutation({
    onSuccess: () => {
      notifySuccess("Password updated", "Your password has been changed successfully.");
      form.reset();
    },
    onError: (error) => {
      const message = errorMessage(error, "Failed to change password");
      // A wrong current password is also shown on that field.
      const issues = (error.data as { issues?: { path: string; message: string }[] } | undefined)?.issues;
      for (const issue of issues ?? []) if (issue.path in form.values) form.setFieldError(issue.path, issue.message);
      notifyError("Error", message);
    },
  });

  return (
    <>
      {isMobile ? <PageHeader title="Change Password" /> : <PageHeader title="Account Settings" subtitle="Update your password" />}
      <Card withBorder radius="md" padding="lg" maw={560}>
        <Stack gap={2} mb="md">
          <Title order={2} size="h3" fz="lg">
            Change Password
          </Title>
          <Text size="sm" c="dimmed">
            Update your password to keep your account secure
          </Text>
        </Stack>
        <form
          onSubmit={form.onSubmit(({ currentPassword, newPassword }) => change.mutate({ currentPassword, newPassword }))}
          noValidate
        >
          <Stack>
            <PasswordInput label="Current Password" autoComplete="current-password" withAsterisk {...form.getInputProps("currentPassword")} />
            <PasswordInput label="New Password" autoComplete="new-password" withAsterisk description="At least 8 characters" {...form.getInputProps("newPassword")} />
            <PasswordInput label="Confirm New Password" autoComplete="new-password" withAsterisk {...form.getInputProps("confirmPassword")} />
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? "Updating Password" : "Update Password"}
            </Button>
          </Stack>
        </form>
      </Card>
    </>
  );
}
