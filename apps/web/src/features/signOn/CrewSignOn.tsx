import { Alert, Badge, Button, Card, Group, Image, Paper, Progress, Stack, Text, Title } from "@mantine/core";
import { type CrewSignature, canCollectSignOn, canSeeProject, type SignOnRecordFacts, type SignOnRecordKind } from "@sitesafe/domain";
import { IconClockHour4, IconHistory, IconQrcode, IconSignature, IconUsersGroup } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { ListSkeleton } from "../../components/States";
import { useActor } from "../../lib/auth";
import { formatDateTime } from "../../lib/format";
import { errorMessage, trpc } from "../../lib/trpc";
import { queuedName, useQueuedSignatures } from "./queuedSignatures";
import { SignOnFlow } from "./SignOnFlow";
import { SignOnLinks } from "./SignOnLinks";

/**
 * The crew sign-on of a JHA form or hot work permit (issue #34): "Signed by N of M assigned", who
 * is missing, every signature (and whether it is of an earlier version), the signatures waiting in
 * the Outbox, and the buttons to collect the crew's signatures or to sign for oneself.
 */
export function CrewSignOn({
  kind,
  id,
  title,
  facts,
  summary,
}: {
  kind: SignOnRecordKind;
  id: number;
  title: string;
  facts: Omit<SignOnRecordFacts, "kind">;
  /** What the signer reads before signing: the hazards and controls, or the permit's precautions. */
  summary: ReactNode;
}) {
  const { t } = useTranslation("signOn");
  const actor = useActor();
  const query = trpc.signOn.status.useQuery({ kind, id });
  const queued = useQueuedSignatures(kind, id);
  const [flow, setFlow] = useState<"collect" | "self" | null>(null);
  const [linksOpen, setLinksOpen] = useState(false);

  if (query.isPending) return <ListSkeleton rows={2} />;
  if (query.error) {
    return (
      <Alert color="red" title={t("card.loadFailed")}>
        {errorMessage(query.error)}
      </Alert>
    );
  }
  const status = query.data;
  const collects = canCollectSignOn(actor, facts);
  const mayOwn = actor !== null && actor.workerId !== null && canSeeProject(actor, facts.projectId);
  const signedSelf = actor !== null && status.signatures.some((s) => s.current && s.workerId === actor.workerId);
  const percent = status.assignedCount ? Math.round((status.signedCount / status.assignedCount) * 100) : 0;

  return (
    <Card withBorder radius="md" padding="md" data-testid="crew-sign-on">
      <Group justify="space-between" align="flex-start" gap="sm" mb="sm">
        <Group gap="xs">
          <IconUsersGroup size={22} />
          <Title order={2} size="h4">
            {t("card.title")}
          </Title>
        </Group>
        {status.open ? (
          <Group gap="xs">
            {collects ? (
              <Button leftSection={<IconSignature size={18} />} onClick={() => setFlow("collect")} data-testid="collect-sign-on">
                {t("card.collect")}
              </Button>
            ) : null}
            {collects && kind !== "permit" ? (
              <Button
                variant="light"
                leftSection={<IconQrcode size={18} />}
                onClick={() => setLinksOpen(true)}
                data-testid="open-sign-on-links"
              >
                {t("link.button")}
              </Button>
            ) : null}
            {!collects && mayOwn && !signedSelf ? (
              <Button leftSection={<IconSignature size={18} />} onClick={() => setFlow("self")} data-testid="sign-self">
                {t("card.signSelf")}
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Group>

      <Stack gap="xs">
        <Text fw={600} data-testid="signed-of">
          {t("card.signedOf", { signed: status.signedCount, assigned: status.assignedCount })}
          {status.guestCount > 0 ? ` ${t("card.guests", { count: status.guestCount })}` : ""}
        </Text>
        {status.assignedCount > 0 ? <Progress value={percent} color={percent === 100 ? "green" : "orange"} aria-hidden /> : null}
        {status.assignedCount === 0 ? (
          <Text size="sm" c="dimmed">
            {t("card.noneAssigned")}
          </Text>
        ) : status.missing.length > 0 ? (
          <Text size="sm" c="var(--sitesafe-brand-text)" data-testid="sign-on-missing">
            {t("card.missing", { names: status.missing.map((m) => m.name).join(", ") })}
          </Text>
        ) : (
          <Text size="sm" c="var(--sitesafe-good-text)">
            {t("card.allSigned")}
          </Text>
        )}
        {signedSelf ? (
          <Text size="sm" c="dimmed">
            {t("card.signedSelf")}
          </Text>
        ) : null}
        {!status.open ? (
          <Text size="sm" c="dimmed">
            {t("card.closed")}
          </Text>
        ) : null}

        {queued.map((item) => (
          <Paper key={item.id} withBorder p="xs" radius="md" data-testid="queued-signature">
            <Group gap="xs" wrap="nowrap">
              <IconClockHour4 size={18} color="var(--mantine-color-orange-6)" />
              <Text size="sm">{t("card.waiting", { name: queuedName(item.input, status, t("card.someone")) })}</Text>
            </Group>
          </Paper>
        ))}

        {status.signatures.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("card.noSignatures")}
          </Text>
        ) : (
          <Stack gap={6}>
            {status.signatures.map((signature) => (
              <SignatureRow key={signature.id} signature={signature} />
            ))}
          </Stack>
        )}
      </Stack>

      {linksOpen && kind !== "permit" ? <SignOnLinks kind={kind} id={id} onClose={() => setLinksOpen(false)} /> : null}
      {flow ? (
        <SignOnFlow mode={flow} kind={kind} id={id} title={title} status={status} summary={summary} onClose={() => setFlow(null)} />
      ) : null}
    </Card>
  );
}

function SignatureRow({ signature }: { signature: CrewSignature }) {
  const { t } = useTranslation("signOn");
  const [shown, setShown] = useState(false);
  const via =
    signature.via === "link"
      ? t("card.viaLink")
      : signature.via === "own"
        ? t("card.viaOwn")
        : signature.collectedByName
          ? t("card.viaDevice", { name: signature.collectedByName })
          : t("card.viaDeviceUnknown");
  return (
    <Paper withBorder p="xs" radius="md" data-testid="signature" data-current={signature.current}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600}>
            {signature.name}
            {signature.company ? (
              <Text span c="dimmed" size="sm" fw={400}>
                {` · ${signature.company}`}
              </Text>
            ) : null}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(signature.signedAt)} · {via}
          </Text>
        </Stack>
        <Group gap="xs">
          {signature.current ? null : (
            <Badge color="yellow" variant="light" leftSection={<IconHistory size={12} />} data-testid="earlier-version">
              {t("card.earlier")}
            </Badge>
          )}
          <Button variant="subtle" size="compact-xs" onClick={() => setShown((s) => !s)}>
            {shown ? t("card.hideSignature") : t("card.showSignature")}
          </Button>
        </Group>
      </Group>
      {shown ? <SignatureImage id={signature.id} name={signature.name} /> : null}
    </Paper>
  );
}

function SignatureImage({ id, name }: { id: number; name: string }) {
  const { t } = useTranslation("signOn");
  const query = trpc.signOn.signatureImage.useQuery({ id }, { staleTime: Number.POSITIVE_INFINITY });
  if (!query.data) return null;
  return <Image src={query.data.dataUrl} alt={t("card.signatureAlt", { name })} mah={120} fit="contain" mt="xs" bg="white" />;
}
