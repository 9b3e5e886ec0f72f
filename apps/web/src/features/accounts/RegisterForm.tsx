// The role picker's dropdown; the first screen's styles do not have it (styles/firstScreen.ts).
import "@mantine/core/styles/Combobox.layer.css";
import "@mantine/core/styles/Popover.layer.css";
import "@mantine/core/styles/ScrollArea.layer.css";
// The Register tab of /auth, its own chunk: loaded when the tab is first opened (or pointed at),
// so the sign-in page does not load the role Select's combobox and popover code (bundle budget).
import { type RegisterInput, registerFormSchema } from "@sitesafe/domain/auth";
import { roles } from "@sitesafe/domain/roles";
import { Alert, Button, PasswordInput, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { IconAlertCircle } from "@tabler/icons-react";
import { restErrorMessage } from "../../lib/rest";
import { useSignIn } from "./useSignIn";

const roleOptions = roles.map((r) => ({ value: r, label: r.charAt(0).toUpperCase() + r.slice(1) }));

export function RegisterForm() {
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
  const register = useSignIn<RegisterInput>("/api/register", "Registration successful");
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
        {register.error ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {restErrorMessage(register.error, "Registration failed. Please try again.")}
          </Alert>
        ) : null}
        <TextInput label="Username" autoComplete="username" withAsterisk {...form.getInputProps("username")} />
        <TextInput label="Email" type="email" autoComplete="email" withAsterisk {...form.getInputProps("email")} />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label="First Name" autoComplete="given-name" withAsterisk {...form.getInputProps("firstName")} />
          <TextInput label="Last Name" autoComplete="family-name" withAsterisk {...form.getInputProps("lastName")} />
        </SimpleGrid>
        <PasswordInput label="Password" autoComplete="new-password" withAsterisk {...form.getInputProps("password")} />
        <PasswordInput label="Confirm Password" autoComplete="new-password" withAsterisk {...form.getInputProps("confirmPassword")} />
        <Select label="Role" data={roleOptions} allowDeselect={false} withAsterisk {...form.getInputProps("role")} />
        {role === "worker" ? (
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput label="Company" withAsterisk {...form.getInputProps("company")} />
            <TextInput label="Hard Hat Number" withAsterisk {...form.getInputProps("hardhatNumber")} />
          </SimpleGrid>
        ) : (
          <TextInput label="Invite Token" withAsterisk autoComplete="off" {...form.getInputProps("inviteToken")} />
        )}
        <Button type="submit" loading={register.isPending} size="md">
          Register
        </Button>
      </Stack>
    </form>
  );
}
