import { Alert, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { can, riskLevelColors } from "@sitesafe/domain";
import { IconLock, IconSearch } from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { BackLink, RecordProblem } from "../../components/BackLink";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { DetailField as Field } from "../../components/DetailField";
import { EditDeleteActions } from "../../components/EditDeleteActions";
import { PageHeader } from "../../components/PageHeader";
import { ErrorState, FullPageSpinner } from "../../components/States";
import { useActor } from "../../lib/auth";
import { formatDate, formatDateTime } from "../../lib/format";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, errorStatus, invalidateLists, trpc } from "../../lib/trpc";
import { SourceActions } from "../inspections/SourceActions";
import { PhotoStrip } from "../photos/PhotoStrip";
import { CrewSignOn } from "../signOn/CrewSignOn";
import { JhaSignOnSummary } from "../signOn/Summaries";
import { JhaComments } from "./JhaComments";
import { JhaForm } from "./JhaForm";
import { RiskBadge } from "./RiskBadge";

/** The raise dialog offers the hazards highest risk first. */
const RISK_ORDER = { high: 0, medium: 1, low: 2 } as const;

function BackToList() {
  const { t } = useTranslation("jha");
  return <BackLink to="/forms/jha" label={t("detail.back")} />;
}

/** The product's full-screen answers for a form the user may not see (403) or that does not exist (404). */
function Blocked({ title, message, color, icon }: { title: string; message: string; color: string; icon: ReactNode }) {
  const { t } = useTranslation("jha");
  return <RecordProblem to="/forms/jha" backLabel={t("detail.back")} title={title} message={message} color={color} icon={icon} />;
}

export function JhaNotFound() {
  const { t } = useTranslation("jha");
  return <Blocked title={t("detail.notFoundTitle")} message={t("detail.notFoundMessage")} color="gray" icon={<IconSearch size={28} />} />;
}

/** /forms/jha/:id: hazards with risk colours, control measures, edit (staff), delete (admin) and comments. */
export function JhaDetailPage({ id }: { id: number }) {
  const { t } = useTranslation("jha");
  const actor = useActor();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const refreshLists = () => invalidateLists(utils.jha);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const query = trpc.jha.byId.useQuery({ id });
  const remove = trpc.jha.delete.useMutation({
    onSuccess: () => {
      setConfirming(false);
      void refreshLists();
      notifySuccess(t("detail.deletedTitle"), t("detail.deletedMessage"));
      void navigate({ to: "/forms/jha" });
    },
    onError: () => {
      setConfirming(false);
      notifyError(t("detail.deleteFailedTitle"), t("detail.deleteFailedMessage"));
    },
  });

  if (query.isPending) return <FullPageSpinner />;
  if (query.error) {
    const status = errorStatus(query.error);
    if (status === 403) {
      return <Blocked title={t("detail.deniedTitle")} message={t("detail.deniedMessage")} color="red" icon={<IconLock size={28} />} />;
    }
    if (status === 404 || status === 400) return <JhaNotFound />;
    return (
      <>
        <BackToList />
        <ErrorState message={errorMessage(query.error, t("detail.fetchFailed"))} onRetry={() => void query.refetch()} />
      </>
    );
  }

  const form = query.data;
  const canEdit = can(actor, "jha.update", { projectId: form.projectId });
  const canDelete = can(actor, "jha.delete", { projectId: form.projectId });

  if (editing) {
    return (
      <>
        <PageHeader title={t("detail.editTitle")} subtitle={form.title} />
        <JhaForm initial={form} onCancel={() => setEditing(false)} onDone={() => setEditing(false)} />
      </>
    );
  }

  return (
    <>
      <BackToList />
      <PageHeader
        title={form.title}
        subtitle={t("detail.subtitle", { project: form.projectName ?? t("detail.unknownProject"), date: formatDate(form.submittedAt) })}
        actions={
          <EditDeleteActions
            edit={canEdit && { label: t("detail.edit"), onClick: () => setEditing(true) }}
            remove={canDelete && { label: t("detail.delete"), onClick: () => setConfirming(true) }}
          />
        }
      />
      <Stack gap="md">
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
          <Card withBorder radius="md" padding="md">
            <Title order={2} size="h4" mb="sm">
              {t("detail.hazards", { count: form.hazards.length })}
            </Title>
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
          </Card>
          <Card withBorder radius="md" padding="md">
            <Title order={2} size="h4" mb="sm">
              {t("detail.controlMeasures", { count: form.controlMeasures.length })}
            </Title>
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
          </Card>
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
      </Stack>

      <ConfirmDialog
        opened={confirming}
        title={t("detail.deleteTitle")}
        message={
          <Alert color="red" variant="light">
            {t("detail.deleteMessage", { title: form.title })}
          </Alert>
        }
        loading={remove.isPending}
        pendingLabel={t("detail.deleting")}
        onConfirm={() => remove.mutate({ id: form.id })}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
