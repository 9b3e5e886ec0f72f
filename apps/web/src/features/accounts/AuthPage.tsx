// Types only: the login schema (and Zod with it, ~26 KB gzipped) loads when the visitor reaches
// for the form, not with the page (bundle budget, scripts/check-bundle.mjs).

import { Anchor, Box, Button, Card, Center, Loader, PasswordInput, Stack, Tabs, Text, TextInput, Title } from "@mantine/core";
import { type FormErrors, useForm } from "@mantine/form";
import type { LoginInput } from "@sitesafe/domain/auth";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { LanguageSwitch } from "../../components/LanguageSwitch";
import { SignInError } from "./SignInError";
import { markLanguageChosen, useSignIn } from "./useSignIn";

const loadRegisterForm = () => import("./RegisterForm");
const RegisterForm = lazy(() => loadRegisterForm().then((m) => ({ default: m.RegisterForm })));
/** Starts loading the Register tab when the visitor points at or focuses a way to open it. */
const preloadRegisterForm = () => {
  void loadRegisterForm();
};

/** The login form's validation: the domain's schema, in the UI's language (lib/validation.ts). */
let validateLogin: ((values: LoginInput) => FormErrors) | undefined;
let loginValidation: Promise<void> | undefined;
function loadLoginValidation(): Promise<void> {
  loginValidation ??= Promise.all([import("@sitesafe/domain/auth"), import("../../lib/validation")]).then(
    ([{ loginSchema }, { schemaResolver }]) => {
      validateLogin = schemaResolver(loginSchema, { sync: true });
    },
    (error: unknown) => {
      loginValidation = undefined;
      throw error;
    },
  );
  return loginValidation;
}
const preloadLoginValidation = () => {
  void loadLoginValidation().catch(() => undefined);
};

export function AuthPage() {
  const { t } = useTranslation("accounts");
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
            {t("auth.tagline")}
          </Text>
        </Stack>
        <Card withBorder shadow="sm" radius="md" padding="lg">
          <Tabs value={tab} onChange={setTab}>
            <Tabs.List grow mb="md">
              <Tabs.Tab value="login">{t("auth.login")}</Tabs.Tab>
              <Tabs.Tab value="register" onPointerEnter={preloadRegisterForm} onFocus={preloadRegisterForm}>
                {t("auth.register")}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="login">
              <LoginForm />
            </Tabs.Panel>
            <Tabs.Panel value="register">
              {registerOpened ? (
                <Suspense
                  fallback={
                    <Center py="xl" aria-busy="true" role="status" aria-label={t("common:loading")}>
                      <Loader color="orange" />
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
          {t("auth.inviteNeeded")}{" "}
          <Anchor size="xs" onPointerEnter={preloadRegisterForm} onFocus={preloadRegisterForm} onClick={() => setTab("register")}>
            {t("auth.register")}
          </Anchor>
        </Text>
        <Box mt="sm">
          <LanguageSwitch onChosen={markLanguageChosen} />
        </Box>
      </Box>
    </Center>
  );
}

function LoginForm() {
  const { t } = useTranslation("accounts");
  const form = useForm({
    mode: "controlled",
    initialValues: { username: "", password: "" },
    validate: (values) => validateLogin?.(values) ?? {},
  });
  const login = useSignIn<LoginInput>("/api/login", "auth.loginSuccess");
  const submit = form.onSubmit((values) => login.submit(values));
  return (
    <form
      onPointerEnter={preloadLoginValidation}
      onFocusCapture={preloadLoginValidation}
      onSubmit={(event) => {
        event.preventDefault();
        // Usually loaded already (pointer or focus); a failed download lets the server validate.
        void loadLoginValidation()
          .catch(() => undefined)
          .then(() => submit());
      }}
      noValidate
    >
      <Stack>
        <SignInError error={login.error} fallback={t("auth.invalidCredentials")} />
        <TextInput label={t("fields.username")} autoComplete="username" withAsterisk {...form.getInputProps("username")} />
        <PasswordInput label={t("fields.password")} autoComplete="current-password" withAsterisk {...form.getInputProps("password")} />
        <Button type="submit" loading={login.isPending} size="md">
          {t("auth.login")}
        </Button>
      </Stack>
    </form>
  );
}
