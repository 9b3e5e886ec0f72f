import { Alert, Card, Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { can, riskLevelColors } from "@sitesafe/domain";
import { useTranslation } from "react-i18next";
import { BackLink, DetailFallback } from "../../components/BackLink";
import { DetailField as Field } from "../../components/DetailField";
import { DetailCard, RecordDetailShell, RecordProblemPage, useRecordDetail } from "../../components/record/RecordDetail";
import { formatDate, formatDateTime } from "../../lib/format";
import { notifyError } from "../../lib/notify";
import { errorStatus, trpc } from "../../lib/trpc";
import { SourceActions } from "../inspections/SourceActions";
import { PhotoStrip } from "../photos/PhotoStrip";
import { CrewSignOn } from "../signOn/CrewSignOn";
import { JhaSignOnSummary } from "../signOn/Summaries";
import { JhaComments } from "./JhaComments";
import { JhaForm } from "./JhaForm";
import { RiskBadge } from "./RiskBadge";

/** The raise dialog offers the hazards highest risk first. */
const RISK_ORDER = { high: 0, medium: 1, low: 2 } as const;

export function JhaNotFound() {
  return <RecordProblemPage area="jha" problem="notFound" />;
}

/** /forms/jha/:id: hazards with risk colours, control measures, edit (staff), delete (admin) and comments. */
export function JhaDetailPage({ id }: { id: number }) {
  const { t } = useTranslation("jha");
  const page = useRecordDetail("jha", () => notifyError(t("detail.deleteFailedTitle"), t("detail.deleteFailedMessage")));
  const query = trpc.jha.byId.useQuery({ id });
  const remove = trpc.jha.delete.useMutation(page.removeOptions);

  // The product's full-screen answers for a form the user may not see (403) or that does not exist (404).
  const status = query.error ? errorStatus(query.error) : undefined;
  if (status === 403) return <RecordProblemPage area="jha" problem="denied" />;
  if (status === 404 || status === 400) return <JhaNotFound />;
  if (query.isPending || query.error) {
    return (
      <DetailFallback query={query} back={<BackLink to={page.listPath} label={t("detail.back")} />} failed={t("detail.fetchFailed")} />
    );
  }

  const form = query.data;
  const close = () => page.setEditing(false);
  return (
    <RecordDetailShell
      page={page}
      title={form.title}
      subtitle={t("detail.subtitle", { project: form.projectName ?? t("detail.unknownProject"), date: formatDate(form.submittedAt) })}
      can={{
        edit: can(page.actor, "jha.update", { projectId: form.projectId }),
        delete: can(page.actor, "jha.delete", { projectId: form.projectId }),
      }}
      form={<JhaForm initial={form} onCancel={close} onDone={close} />}
      remove={{
        message: (
          <Alert color="red" variant="light">
            {t("detail.deleteMessage", { title: form.title })}
          </Alert>
        ),
        pending: remove.isPending,
        onConfirm: () => remove.mutate({ id }),
      }}
    >
      <Card withBorder radius="md" padding="md">
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
          <Field label={t("detail.project")} value={form.projectName ?? t("detail.unknownProject")} />
          <Field label={t("detail.submittedBy")} value={form.submitterName ?? t("detail.unknown")} />
          <Field label={t("detail.submitted")} value={formatDateTime(form.submittedAt)} />
          <Field label={t("detail.lastUpdated")} value={formatDateTime(form.updatedAt)} />
        </SimpleGrid>
        {form.jobDescription ? (
          <Stack gap={4} mt="md">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t("detail.jobDescription")}
            </Text>
            <Text style={{ whiteSpace: "pre-wrap" }}>{form.jobDescription}</Text>
          </Stack>
        ) : null}
      </Card>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <DetailCard title={t("detail.hazards", { count: form.hazards.length })}>
          <Stack gap="xs">
            {form.hazards.map((hazard, index) => (
              <Paper
                key={index}
                withBorder
                p="sm"
                radius="md"
                data-testid="hazard"
                style={{ borderLeft: `4px solid var(--mantine-color-${riskLevelColors[hazard.riskLevel]}-6)` }}
              >
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                  <Text size="sm">{hazard.description}</Text>
                  <RiskBadge level={hazard.riskLevel} />
                </Group>
              </Paper>
            ))}
          </Stack>
        </DetailCard>
        <DetailCard title={t("detail.controlMeasures", { count: form.controlMeasures.length })}>
          <Stack gap="xs">
            {form.controlMeasures.map((measure, index) => (
              <Paper key={index} withBorder p="sm" radius="md" data-testid="control-measure">
                <Text size="sm">{measure.description}</Text>
                <Text size="xs" c="dimmed" mt={4}>
                  {t("detail.responsible", { name: measure.responsibility })}
                </Text>
              </Paper>
            ))}
          </Stack>
        </DetailCard>
      </SimpleGrid>

      <SourceActions
        projectId={form.projectId}
        source={{ kind: "jha", id: form.id }}
        suggestions={[...form.hazards].sort((a, b) => RISK_ORDER[a.riskLevel] - RISK_ORDER[b.riskLevel]).map((h) => h.description)}
      />
      <CrewSignOn
        kind="jha"
        id={form.id}
        title={form.title}
        facts={{ projectId: form.projectId, ownerWorkerId: form.submittedBy, status: null }}
        summary={<JhaSignOnSummary form={form} />}
      />
      <PhotoStrip record={{ kind: "jha", id: form.id }} facts={{ projectId: form.projectId, ownerWorkerId: form.submittedBy }} />
      <JhaComments formId={form.id} />
    </RecordDetailShell>
  );
}
