import { Badge, Card, Group, List, SimpleGrid, Text, Timeline } from "@mantine/core";
import { can, type IncidentStatus, incidentStatuses } from "@sitesafe/domain";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { DetailField as Field } from "../../components/DetailField";
import { DetailCard, RecordDetailShell, RecordProblemPage, TextSection, useRecordDetail } from "../../components/record/RecordDetail";
import { FullPageSpinner } from "../../components/States";
import { formatDate, formatDateTime } from "../../lib/format";
import { notifyError } from "../../lib/notify";
import { errorMessage, errorStatus, trpc } from "../../lib/trpc";
import { SourceActions } from "../inspections/SourceActions";
import { RecordkeepingPanel } from "../osha/RecordkeepingPanel";
import { PhotoStrip } from "../photos/PhotoStrip";
import { IncidentStatusBadge, SeverityBadge } from "./IncidentBadges";
import { IncidentForm } from "./IncidentForm";

export function IncidentNotFound() {
  return <RecordProblemPage area="incidents" problem="notFound" />;
}

const statusLabel = (t: TFunction<"incidents">, s: string | null) =>
  s && (incidentStatuses as readonly string[]).includes(s) ? t(`labels.status.${s as IncidentStatus}`) : (s ?? "");

/** /forms/incident-reports/:id: the report, inline edit reusing the form, delete with confirmation. */
export function IncidentDetailPage({ id }: { id: number }) {
  const { t } = useTranslation("incidents");
  const page = useRecordDetail("incidents", (e) => notifyError(t("detail.deleteFailed"), errorMessage(e)));
  const query = trpc.incidents.byId.useQuery({ id });
  const history = trpc.incidents.history.useQuery({ id }, { enabled: query.isSuccess });
  const remove = trpc.incidents.delete.useMutation(page.removeOptions);

  if (query.isPending) return <FullPageSpinner />;
  if (query.error) {
    if (errorStatus(query.error) === 404) return <IncidentNotFound />;
    return <RecordProblemPage area="incidents" problem="loadError" message={errorMessage(query.error, t("detail.loadErrorMessage"))} />;
  }

  const report = query.data;
  const facts = { projectId: report.projectId, ownerWorkerId: report.reportedBy };
  const close = () => page.setEditing(false);
  return (
    <RecordDetailShell
      page={page}
      title={report.title}
      subtitle={`${report.projectName ?? t("detail.unknownProject")} · ${formatDate(report.date)}`}
      can={{ edit: can(page.actor, "incident.update", facts), delete: can(page.actor, "incident.delete", facts) }}
      form={<IncidentForm initial={report} onCancel={close} onDone={close} />}
      remove={{
        message: t("detail.deleteMessage", { title: report.title }),
        pending: remove.isPending,
        onConfirm: () => remove.mutate({ id }),
      }}
    >
      <Card withBorder radius="md" padding="md">
        <Group gap="xs" mb="md">
          <SeverityBadge severity={report.severity} />
          <IncidentStatusBadge status={report.status} />
        </Group>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
          <Field label={t("detail.project")} value={report.projectName ?? t("detail.unknownProject")} />
          <Field label={t("detail.date")} value={formatDate(report.date)} />
          <Field label={t("detail.location")} value={report.location || t("detail.notSpecified")} />
          <Field label={t("detail.reportedBy")} value={report.reporterName ?? t("detail.unknown")} />
        </SimpleGrid>
      </Card>
      <TextSection title={t("detail.description")} text={report.description || t("detail.noDescription")} />
      <PhotoStrip record={{ kind: "incident", id: report.id }} facts={facts} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <TextSection title={t("detail.actionTaken")} text={report.actionTaken ?? t("detail.noneRecorded")} />
        <TextSection title={t("detail.preventiveMeasures")} text={report.preventiveMeasures ?? t("detail.noneRecorded")} />
      </SimpleGrid>
      <SourceActions
        projectId={report.projectId}
        source={{ kind: "incident", id: report.id }}
        suggestions={[report.preventiveMeasures, report.actionTaken].filter((text): text is string => !!text?.trim())}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <DetailCard title={t("detail.involvedWorkers")} size="h5" mb="xs">
          {report.involvedWorkerDetails.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("detail.noWorkers")}
            </Text>
          ) : (
            <List spacing={4} size="sm">
              {report.involvedWorkerDetails.map((w) => (
                <List.Item key={w.id}>
                  {w.name}
                  {w.role ? (
                    <Text span c="dimmed" size="sm">
                      {" "}
                      · {w.role}
                    </Text>
                  ) : null}
                </List.Item>
              ))}
            </List>
          )}
        </DetailCard>
        <DetailCard title={t("detail.history")} size="h5" mb="xs">
          {history.data && history.data.length > 0 ? (
            <Timeline bulletSize={14} lineWidth={2} active={history.data.length}>
              {history.data.map((event) => (
                <Timeline.Item
                  key={event.id}
                  title={
                    event.action === "created"
                      ? t("detail.historyReported")
                      : event.action === "status_changed"
                        ? `${statusLabel(t, event.fromState)} → ${statusLabel(t, event.toState)}`
                        : t("detail.historyEdited")
                  }
                >
                  <Text size="xs" c="dimmed">
                    {event.actorName ?? t("detail.unknownUser")} · {formatDateTime(event.createdAt)}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
          ) : (
            <Text size="sm" c="dimmed">
              {history.isPending ? t("detail.loading") : t("detail.noHistory")}
            </Text>
          )}
        </DetailCard>
      </SimpleGrid>
      <RecordkeepingPanel incidentId={report.id} />
      <Group gap="xs">
        <Badge variant="outline" color="gray" radius="sm">
          {t("detail.lastUpdated", { date: formatDateTime(report.updatedAt) })}
        </Badge>
      </Group>
    </RecordDetailShell>
  );
}
