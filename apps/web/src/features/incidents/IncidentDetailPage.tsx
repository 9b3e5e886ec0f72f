import { can, incidentStatusLabels, type IncidentStatus } from "@sitesafe/domain";
import { Badge, Button, Card, Center, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Timeline, Title } from "@mantine/core";
import { IconAlertCircle, IconArrowLeft, IconEdit, IconSearch, IconTrash } from "@tabler/icons-react";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { PageHeader } from "../../components/PageHeader";
import { FullPageSpinner } from "../../components/States";
import { useActor } from "../../lib/auth";
import { formatDate, formatDateTime } from "../../lib/format";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, errorStatus, trpc, invalidateLists } from "../../lib/trpc";
import { IncidentStatusBadge, SeverityBadge } from "./IncidentBadges";
import { IncidentForm } from "./IncidentForm";
import { DetailField as Field } from "../../components/DetailField";
import { RecordkeepingPanel } from "../osha/RecordkeepingPanel";
import { PhotoStrip } from "../photos/PhotoStrip";

function BackToList() {
  return (
    <Button component={Link} to="/forms/incident-reports" variant="subtle" leftSection={<IconArrowLeft size={16} />} px={0} mb="sm">
      Back to Incident Reports
    </Button>
  );
}

function Problem({ title, message, color }: { title: string; message: string; color: string }) {
  return (
    <>
      <BackToList />
      <Center py="xl">
        <Stack align="center" gap="sm" maw={520} role="alert">
          <ThemeIcon size={56} radius="xl" variant="light" color={color}>
            {color === "red" ? <IconAlertCircle size={28} /> : <IconSearch size={28} />}
          </ThemeIcon>
          <Title order={1} size="h2" ta="center">
            {title}
          </Title>
          <Text c="dimmed" ta="center">
            {message}
          </Text>
          <Button component={Link} to="/forms/incident-reports" variant="light">
            Back to Incident Reports
          </Button>
        </Stack>
      </Center>
    </>
  );
}

export function IncidentNotFound() {
  return (
    <Problem title="Incident Report Not Found" message="The incident report you're looking for doesn't exist or has been deleted." color="gray" />
  );
}

const statusLabel = (s: string | null) => (s && s in incidentStatusLabels ? incidentStatusLabels[s as IncidentStatus] : (s ?? ""));

/** /forms/incident-reports/:id: the report, inline edit reusing the form, delete with confirmation. */
export function IncidentDetailPage({ id }: { id: number }) {
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
      notifySuccess("Incident report deleted", "The incident report has been successfully deleted.");
      void navigate({ to: "/forms/incident-reports" });
    },
    onError: (e) => {
      setConfirming(false);
      notifyError("Failed to delete", errorMessage(e));
    },
  });

  if (query.isPending) return <FullPageSpinner />;
  if (query.error) {
    if (errorStatus(query.error) === 404) return <IncidentNotFound />;
    return <Problem title="Error Loading Report" message={errorMessage(query.error, "The incident report could not be loaded.")} color="red" />;
  }

  const report = query.data;
  const facts = { projectId: report.projectId, ownerWorkerId: report.reportedBy };
  const canEdit = can(actor, "incident.update", facts);
  const canDelete = can(actor, "incident.delete", facts);

  if (editing) {
    return (
      <>
        <PageHeader title="Edit Incident Report" subtitle={report.title} />
        <IncidentForm initial={report} onCancel={() => setEditing(false)} onDone={() => setEditing(false)} />
      </>
    );
  }

  return (
    <>
      <BackToList />
      <PageHeader
        title={report.title}
        subtitle={`${report.projectName ?? "Unknown Project"} · ${formatDate(report.date)}`}
        actions={
          <>
            {canEdit ? (
              <Button variant="light" leftSection={<IconEdit size={16} />} onClick={() => setEditing(true)}>
                Edit
              </Button>
            ) : null}
            {canDelete ? (
              <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={() => setConfirming(true)}>
                Delete
              </Button>
            ) : null}
          </>
        }
      />
      <Stack gap="md">
        <Card withBorder radius="md" padding="md">
          <Group gap="xs" mb="md">
            <SeverityBadge severity={report.severity} />
            <IncidentStatusBadge status={report.status} />
          </Group>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
            <Field label="Project" value={report.projectName ?? "Unknown Project"} />
            <Field label="Date" value={formatDate(report.date)} />
            <Field label="Location" value={report.location || "Not specified"} />
            <Field label="Reported By" value={report.reporterName ?? "Unknown"} />
          </SimpleGrid>
        </Card>

        <Card withBorder radius="md" padding="md">
          <Section title="Description" text={report.description || "No description given."} />
        </Card>
        <PhotoStrip record={{ kind: "incident", id: report.id }} facts={facts} />

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Card withBorder radius="md" padding="md">
            <Section title="Action Taken" text={report.actionTaken ?? "None recorded."} />
          </Card>
          <Card withBorder radius="md" padding="md">
            <Section title="Preventive Measures" text={report.preventiveMeasures ?? "None recorded."} />
          </Card>
        </SimpleGrid>

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Card withBorder radius="md" padding="md">
            <Title order={2} size="h5" mb="xs">
              Involved Workers
            </Title>
            {report.involvedWorkerDetails.length === 0 ? (
              <Text size="sm" c="dimmed">
                No workers recorded.
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
              History
            </Title>
            {history.data && history.data.length > 0 ? (
              <Timeline bulletSize={14} lineWidth={2} active={history.data.length}>
                {history.data.map((event) => (
                  <Timeline.Item
                    key={event.id}
                    title={
                      event.action === "created"
                        ? "Reported"
                        : event.action === "status_changed"
                          ? `${statusLabel(event.fromState)} → ${statusLabel(event.toState)}`
                          : "Edited"
                    }
                  >
                    <Text size="xs" c="dimmed">
                      {event.actorName ?? "Unknown user"} · {formatDateTime(event.createdAt)}
                    </Text>
                  </Timeline.Item>
                ))}
              </Timeline>
            ) : (
              <Text size="sm" c="dimmed">
                {history.isPending ? "Loading..." : "No history recorded."}
              </Text>
            )}
          </Card>
        </SimpleGrid>
        <RecordkeepingPanel incidentId={report.id} />
        <Group gap="xs">
          <Badge variant="outline" color="gray" radius="sm">
            Last updated {formatDateTime(report.updatedAt)}
          </Badge>
        </Group>
      </Stack>

      <ConfirmDialog
        opened={confirming}
        title="Delete Incident Report"
        message={`Are you sure you want to delete "${report.title}"? This action cannot be undone.`}
        loading={remove.isPending}
        pendingLabel="Deleting..."
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
