import { Badge, Card, Group, List, SimpleGrid, Stack, Text, Timeline, Title } from "@mantine/core";
import { can, type IncidentStatus, incidentStatuses } from "@sitesafe/domain";
import { IconAlertCircle, IconSearch } from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BackLink, RecordProblem } from "../../components/BackLink";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { DetailField as Field } from "../../components/DetailField";
import { EditDeleteActions } from "../../components/EditDeleteActions";
import { PageHeader } from "../../components/PageHeader";
import { FullPageSpinner } from "../../components/States";
import { useActor } from "../../lib/auth";
import { formatDate, formatDateTime } from "../../lib/format";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, errorStatus, invalidateLists, trpc } from "../../lib/trpc";
import { SourceActions } from "../inspections/SourceActions";
import { RecordkeepingPanel } from "../osha/RecordkeepingPanel";
import { PhotoStrip } from "../photos/PhotoStrip";
import { IncidentStatusBadge, SeverityBadge } from "./IncidentBadges";
import { IncidentForm } from "./IncidentForm";

function BackToList() {
  const { t } = useTranslation("incidents");
  return <BackLink to="/forms/incident-reports" label={t("detail.back")} />;
}

function Problem({ title, message, color }: { title: string; message: string; color: string }) {
  const { t } = useTranslation("incidents");
  const icon = color === "red" ? <IconAlertCircle size={28} /> : <IconSearch size={28} />;
  return (
    <RecordProblem to="/forms/incident-reports" backLabel={t("detail.back")} title={title} message={message} color={color} icon={icon} />
  );
}

export function IncidentNotFound() {
  const { t } = useTranslation("incidents");
  return <Problem title={t("detail.notFoundTitle")} message={t("detail.notFoundMessage")} color="gray" />;
}

const statusLabel = (t: TFunction<"incidents">, s: string | null) =>
  s && (incidentStatuses as readonly string[]).includes(s) ? t(`labels.status.${s as IncidentStatus}`) : (s ?? "");

/** /forms/incident-reports/:id: the report, inline edit reusing the form, delete with confirmation. */
export function IncidentDetailPage({ id }: { id: number }) {
  const { t } = useTranslation("incidents");
  const actor = useActor();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const refreshLists = () => invalidateLists(utils.incidents);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const query = trpc.incidents.byId.useQuery({ id });
  const history = trpc.incidents.history.useQuery({ id }, { enabled: query.isSuccess });
  const remove = trpc.incidents.delete.useMutation({
    onSuccess: () => {
      setConfirming(false);
      void refreshLists();
      notifySuccess(t("detail.deletedTitle"), t("detail.deletedMessage"));
      void navigate({ to: "/forms/incident-reports" });
    },
    onError: (e) => {
      setConfirming(false);
      notifyError(t("detail.deleteFailed"), errorMessage(e));
    },
  });

  if (query.isPending) return <FullPageSpinner />;
  if (query.error) {
    if (errorStatus(query.error) === 404) return <IncidentNotFound />;
    return <Problem title={t("detail.loadErrorTitle")} message={errorMessage(query.error, t("detail.loadErrorMessage"))} color="red" />;
  }

  const report = query.data;
  const facts = { projectId: report.projectId, ownerWorkerId: report.reportedBy };
  const canEdit = can(actor, "incident.update", facts);
  const canDelete = can(actor, "incident.delete", facts);

  if (editing) {
    return (
      <>
        <PageHeader title={t("detail.editTitle")} subtitle={report.title} />
        <IncidentForm initial={report} onCancel={() => setEditing(false)} onDone={() => setEditing(false)} />
      </>
    );
  }

  return (
    <>
      <BackToList />
      <PageHeader
        title={report.title}
        subtitle={`${report.projectName ?? t("detail.unknownProject")} · ${formatDate(report.date)}`}
        actions={
          <EditDeleteActions
            edit={canEdit && { label: t("detail.edit"), onClick: () => setEditing(true) }}
            remove={canDelete && { label: t("detail.delete"), onClick: () => setConfirming(true) }}
          />
        }
      />
      <Stack gap="md">
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

        <Card withBorder radius="md" padding="md">
          <Section title={t("detail.description")} text={report.description || t("detail.noDescription")} />
        </Card>
        <PhotoStrip record={{ kind: "incident", id: report.id }} facts={facts} />

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Card withBorder radius="md" padding="md">
            <Section title={t("detail.actionTaken")} text={report.actionTaken ?? t("detail.noneRecorded")} />
          </Card>
          <Card withBorder radius="md" padding="md">
            <Section title={t("detail.preventiveMeasures")} text={report.preventiveMeasures ?? t("detail.noneRecorded")} />
          </Card>
        </SimpleGrid>

        <SourceActions
          projectId={report.projectId}
          source={{ kind: "incident", id: report.id }}
          suggestions={[report.preventiveMeasures, report.actionTaken].filter((text): text is string => !!text?.trim())}
        />

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Card withBorder radius="md" padding="md">
            <Title order={2} size="h5" mb="xs">
              {t("detail.involvedWorkers")}
            </Title>
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
          </Card>
          <Card withBorder radius="md" padding="md">
            <Title order={2} size="h5" mb="xs">
              {t("detail.history")}
            </Title>
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
          </Card>
        </SimpleGrid>
        <RecordkeepingPanel incidentId={report.id} />
        <Group gap="xs">
          <Badge variant="outline" color="gray" radius="sm">
            {t("detail.lastUpdated", { date: formatDateTime(report.updatedAt) })}
          </Badge>
        </Group>
      </Stack>

      <ConfirmDialog
        opened={confirming}
        title={t("detail.deleteTitle")}
        message={t("detail.deleteMessage", { title: report.title })}
        loading={remove.isPending}
        pendingLabel={t("detail.deleting")}
        onConfirm={() => remove.mutate({ id: report.id })}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

function Section({ title, text }: { title: string; text: string }) {
  return (
    <>
      <Title order={2} size="h5" mb="xs">
        {title}
      </Title>
      <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
        {text}
      </Text>
    </>
  );
}
