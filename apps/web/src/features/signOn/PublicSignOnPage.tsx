import { Alert, Badge, Box, Button, Card, Center, Group, List, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { guestSignerSchema, type PublicSignOnView, riskLevelColors } from "@sitesafe/domain";
import { IconCircleCheck, IconSignature } from "@tabler/icons-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { FullPageSpinner } from "../../components/FullPageSpinner";
import { formatDateTime } from "../../lib/format";
import { languageHeaders, loadAppTexts, localizeMessage } from "../../lib/i18n";
import { postJson, restErrorMessage } from "../../lib/rest";
import { schemaResolver } from "../../lib/validation";
import { SignaturePadField, type SignaturePadHandle } from "./SignaturePadField";

type Loaded = { view: PublicSignOnView } | { error: string };

/**
 * /s/:token, the public sign-on page (issue #34): for someone without the app, opened from a QR
 * code or short link. It shows the one record's briefing, a name, a company and a signature pad,
 * and nothing else of the product; every signature made here is marked as made through the link.
 */
export function PublicSignOnPage({ token }: { token: string }) {
  const { t } = useTranslation("signOn");
  const [texts, setTexts] = useState(false);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [signedAs, setSignedAs] = useState<string | null>(null);
  const [padError, setPadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const pad = useRef<SignaturePadHandle>(null);
  const form = useForm({
    mode: "controlled",
    initialValues: { guestName: "", guestCompany: "" },
    validate: schemaResolver(guestSignerSchema, { sync: true }),
  });

  useEffect(() => {
    void loadAppTexts()
      .catch(() => undefined)
      .then(() => setTexts(true));
    void fetch(`/api/public/sign-on/${encodeURIComponent(token)}`, { headers: { accept: "application/json", ...languageHeaders() } })
      .then(async (res) => {
        const body = (await res.json().catch(() => null)) as (PublicSignOnView & { message?: string }) | null;
        setLoaded(res.ok && body ? { view: { ...body, expiresAt: new Date(body.expiresAt) } } : { error: body?.message ?? "" });
      })
      .catch(() => setLoaded({ error: "" }));
  }, [token]);

  if (!texts || !loaded) return <FullPageSpinner />;
  if ("error" in loaded) {
    return (
      <Center mih="70vh" p="md">
        <Alert color="red" title={t("public.invalid")} maw={480} data-testid="public-sign-on-error">
          {loaded.error}
        </Alert>
      </Center>
    );
  }
  const { view } = loaded;

  const submit = form.onSubmit(async (values) => {
    const signature = pad.current?.toDataUrl() ?? null;
    if (!signature) {
      setPadError(t("flow.emptyPad"));
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await postJson(`/api/public/sign-on/${encodeURIComponent(token)}`, {
        ...values,
        signature,
        recordVersion: view.version,
        device: navigator.userAgent.slice(0, 300),
      });
      setSignedAs(values.guestName.trim());
    } catch (error) {
      setFailure(localizeMessage(restErrorMessage(error, t("flow.failed"))));
    } finally {
      setBusy(false);
    }
  });

  return (
    <Box maw={640} mx="auto" p="md">
      <Stack gap="md">
        <Title order={1} size="h3">
          {t("public.heading")}: {view.title}
        </Title>
        {signedAs ? (
          <Alert
            color="green"
            icon={<IconCircleCheck size={20} />}
            title={t("public.thanksTitle", { name: signedAs })}
            data-testid="public-signed"
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t("public.thanksMessage")}</Text>
              <Button
                variant="light"
                onClick={() => {
                  setSignedAs(null);
                  form.reset();
                }}
              >
                {t("public.another")}
              </Button>
            </Stack>
          </Alert>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t("public.intro")}
            </Text>
            <Card withBorder radius="md" padding="md">
              <Stack gap="sm">
                {view.date ? <Text size="sm">{t("public.date", { date: view.date })}</Text> : null}
                {view.text ? (
                  <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
                    {view.text}
                  </Text>
                ) : null}
                {view.hazards.length > 0 ? (
                  <Listed title={t("public.hazards")}>
                    {view.hazards.map((hazard, i) => (
                      <Group key={i} gap="xs" wrap="nowrap" align="flex-start">
                        <Badge
                          color={riskLevelColors[hazard.riskLevel as keyof typeof riskLevelColors] ?? "gray"}
                          variant="light"
                          style={{ flexShrink: 0 }}
                        >
                          {t(`jha:labels.risk.${hazard.riskLevel}`, { defaultValue: hazard.riskLevel })}
                        </Badge>
                        <Text size="sm">{hazard.description}</Text>
                      </Group>
                    ))}
                  </Listed>
                ) : null}
                {view.controls.length > 0 ? (
                  <Listed title={t("public.controls")}>
                    <List size="sm">
                      {view.controls.map((c, i) => (
                        <List.Item key={i}>{c.description}</List.Item>
                      ))}
                    </List>
                  </Listed>
                ) : null}
              </Stack>
            </Card>
            <form onSubmit={submit} aria-label={t("public.heading")}>
              <Stack gap="sm">
                <TextInput label={t("public.name")} withAsterisk {...form.getInputProps("guestName")} data-path="guestName" />
                <TextInput label={t("public.company")} withAsterisk {...form.getInputProps("guestCompany")} data-path="guestCompany" />
                <SignaturePadField ref={pad} error={padError} onChange={(empty) => !empty && setPadError(null)} />
                {failure ? (
                  <Alert color="red" data-testid="public-sign-on-failure">
                    {failure}
                  </Alert>
                ) : null}
                <Button type="submit" leftSection={<IconSignature size={18} />} loading={busy} data-testid="public-sign">
                  {t("public.sign")}
                </Button>
                <Text size="xs" c="dimmed">
                  {t("public.expires", { date: formatDateTime(view.expiresAt) })}
                </Text>
              </Stack>
            </form>
          </>
        )}
      </Stack>
    </Box>
  );
}

/** The talk's or JHA's hazards or controls, under their small heading. */
function Listed({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {title}
      </Text>
      {children}
    </Stack>
  );
}
