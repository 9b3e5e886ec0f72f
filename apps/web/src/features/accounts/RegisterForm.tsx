// The role picker's dropdown; the first screen's styles do not have it (styles/firstScreen.ts).
import "@mantine/core/styles/Combobox.layer.css";
import "@mantine/core/styles/Popover.layer.css";
import "@mantine/core/styles/ScrollArea.layer.css";
import { Button, PasswordInput, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
// The Register tab of /auth, its own chunk: loaded when the tab is first opened (or pointed at),
// so the sign-in page does not load the role Select's combobox and popover code (bundle budget).
import { type RegisterInput, registerFormSchema } from "@sitesafe/domain/auth";
import { roles } from "@sitesafe/domain/roles";
import { useTranslation } from "react-i18next";
import { schemaResolver } from "../../lib/validation";
import { SignInError } from "./SignInError";
import { useSignIn } from "./useSignIn";

export function RegisterForm() {
  const { t } = useTranslation("accounts");
  const roleOptions = roles.map((r) => ({ value: r, label: t(`common:labels.role.${r}`) }));
  const form = useForm({
    mode: "controlled",
    initialValues: {
      username: "",
      email: "",
      firstName: "",
      lastName: "",
      password: "",
      confirmPassword: "",
      role: "worker" as (typeof roles)[number],
      company: "",
      hardhatNumber: "",
      inviteToken: "",
    },
    validate: schemaResolver(registerFormSchema, { sync: true }),
  });
  const register = useSignIn<RegisterInput>("/api/register", "auth.registerSuccess");
  const role = form.values.role;
  return (
    <form
      onSubmit={form.onSubmit(({ confirmPassword: _c, ...values }) =>
        register.submit({
          ...values,
          company: role === "worker" ? values.company : null,
          hardhatNumber: role === "worker" ? values.hardhatNumber : null,
          inviteToken: role === "worker" ? null : values.inviteToken,
        }),
      )}
      noValidate
    >
      <Stack>
        <SignInError error={register.error} fallback={t("auth.registerFailed")} />
        <TextInput label={t("fields.username")} autoComplete="username" withAsterisk {...form.getInputProps("username")} />
        <TextInput label={t("fields.email")} type="email" autoComplete="email" withAsterisk {...form.getInputProps("email")} />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label={t("fields.firstName")} autoComplete="given-name" withAsterisk {...form.getInputProps("firstName")} />
          <TextInput label={t("fields.lastName")} autoComplete="family-name" withAsterisk {...form.getInputProps("lastName")} />
        </SimpleGrid>
        <PasswordInput label={t("fields.password")} autoComplete="new-password" withAsterisk {...form.getInputProps("password")} />
        <PasswordInput
          label={t("fields.confirmPassword")}
          autoComplete="new-password"
          withAsterisk
          {...form.getInputProps("confirmPassword")}
        />
        <Select label={t("fields.role")} data={roleOptions} allowDeselect={false} withAsterisk {...form.getInputProps("role")} />
        {role === "worker" ? (
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput label={t("fields.company")} withAsterisk {...form.getInputProps("company")} />
            <TextInput label={t("fields.hardhatNumber")} withAsterisk {...form.getInputProps("hardhatNumber")} />
          </SimpleGrid>
        ) : (
          <TextInput label={t("fields.inviteToken")} withAsterisk autoComplete="off" {...form.getInputProps("inviteToken")} />
        )}
        <Button type="submit" loading={register.isPending} size="md">
          {t("auth.register")}
        </Button>
      </Stack>
    </form>
  );
}
