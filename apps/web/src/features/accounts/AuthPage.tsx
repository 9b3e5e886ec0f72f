// Subpath imports keep the sign-in page from loading every area's schemas (bundle budget).
import { type LoginInput, loginSchema } from "@sitesafe/domain/auth";
import { Alert, Anchor, Box, Button, Card, Center, Loader, PasswordInput, Stack, Tabs, Text, TextInput, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { IconAlertCircle } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { restErrorMessage } from "../../lib/rest";
import { useSignIn } from "./useSignIn";

const loadRegisterForm = () => import("./RegisterForm");
const RegisterForm = lazy(() => loadRegisterForm().then((m) => ({ default: m.RegisterForm })));
/** Starts loading the Register tab when the visitor points at or focuses a way to open it. */
const preloadRegisterForm = () => {
  void loadRegisterForm();
};

export function AuthPage() {
  const [tab, setTab] = useState<string | null>("login");
  // The Register form mounts when its tab is first opened and then stays mounted (as Mantine keeps
  // a hidden tab's panel), so what was typed there survives switching tabs.
  const [registerOpened, setRegisterOpened] = useState(false);
  if (tab === "register" && !registerOpened) setRegisterOpened(true);
  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-gray-light)">
      <Box w="100%" maw={460}>
        <Stack gap={4} align="center" mb="lg">
          <Title order={1} c="var(--sitesafe-brand-text)">
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
              <Tabs.Tab value="register" onPointerEnter={preloadRegisterForm} onFocus={preloadRegisterForm}>
                Register
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="login">
              <LoginForm />
            </Tabs.Panel>
            <Tabs.Panel value="register">
              {registerOpened ? (
                <Suspense
                  fallback={
                    <Center py="xl" aria-busy="true">
                      <Loader color="orange" aria-label="Loading" />
                    </Center>
                  }
                >
                  <RegisterForm />
                </Suspense>
              ) : null}
            </Tabs.Panel>
          </Tabs>
        </Card>
        <Text size="xs" c="dimmed" ta="center" mt="md">
          Admins and managers need an invite token to register. <Anchor size="xs" onPointerEnter={preloadRegisterForm} onFocus={preloadRegisterForm} onClick={() => setTab("register")}>Register</Anchor>
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
  const login = useSignIn<LoginInput>("/api/login", "Login successful");
  return (
    <form onSubmit={form.onSubmit((values) => login.submit(values))} noValidate>
      <Stack>
        {login.error ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {restErrorMessage(login.error, "Invalid username or password")}
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
