// Subpath imports keep the sign-in page from loading every area's schemas (bundle budget).
import { loginSchema, registerFormSchema } from "@sitesafe/domain/auth";
import { roles } from "@sitesafe/domain/roles";
import { Alert, Anchor, Box, Button, Card, Center, PasswordInput, Select, SimpleGrid, Stack, Tabs, Text, TextInput, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { IconAlertCircle } from "@tabler/icons-react";
import { useState } from "react";
import { navigateFully } from "../../lib/auth";
import { notifySuccess } from "../../lib/notify";
import { errorMessage, trpc } from "../../lib/trpc";

export function AuthPage() {
  const [tab, setTab] = useState<string | null>("login");
  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-gray-light)">
      <Box w="100%" maw={460}>
        <Stack gap={4} align="center" mb="lg">
          <Title order={1} c="orange.7">
            SiteSafe
          </Title>
          <Text c="dimmed" ta="center">
            Construction site safety: training, forms, permits and messages in one place.
          </Text>
        </Stack>
        <Card withBorder shadow="sm" radius="md" padding="lg">
          <Tabs value={tab} onChange={setTab}>
            <Tabs.List grow mb="md">
              <Tabs.Tab value="login">Login</Tabs.Tab>
              <Tabs.Tab value="register">Register</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="login">
              <LoginForm />
            </Tabs.Panel>
            <Tabs.Panel value="register">
              <RegisterForm />
            </Tabs.Panel>
          </Tabs>
        </Card>
        <Text size="xs" c="dimmed" ta="center" mt="md">
          Admins and managers need an invite token to register. <Anchor size="xs" onClick={() => setTab("register")}>Register</Anchor>
        </Text>
      </Box>
    </Center>
  );
}

function LoginForm() {
  const form = useForm({
    mode: "controlled",
    initialValues: { username: "", password: "" },
    validate: schemaResolver(loginSchema, { sync: true }),
  });
  const login = trpc.auth.login.useMutation({
    onSuccess: (user) => {
      notifySuccess("Login successful", `Welcome, ${user.firstName ?? user.username}!`);
      navigateFully("/");
    },
  });
  return (
    <form onSubmit={form.onSubmit((values) => login.mutate(values))} noValidate>
      <Stack>
        {login.error ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(login.error, "Invalid username or password")}
          </Alert>
        ) : null}
        <TextInput label="Username" autoComplete="username" withAsterisk {...form.getInputProps("username")} />
        <PasswordInput label="Password" autoComplete="current-password" withAsterisk {...form.getInputProps("password")} />
        <Button type="submit" loading={login.isPending} size="md">
          Login
        </Button>
      </Stack>
    </form>
  );
}

const roleOptions = roles.map((r) => ({ value: r, label: r.charAt(0).toUpperCase() + r.slice(1) }));

function RegisterForm() {
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
  const register = trpc.auth.register.useMutation({
    onSuccess: (user) => {
      notifySuccess("Registration successful", `Welcome, ${user.firstName ?? user.username}!`);
      navigateFully("/");
    },
  });
  const role = form.values.role;
  return (
    <form
      onSubmit={form.onSubmit(({ confirmPassword: _c, ...values }) =>
        register.mutate({
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
            {errorMessage(register.error, "Registration failed. Please try again.")}
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
