import { Anchor, Badge, Card, Grid, Group, Progress, Stack, Text } from "@mantine/core";
import { can, isStaff, workerComplianceLabel, workerFullName } from "@sitesafe/domain";
import { IconBook, IconBuildingSkyscraper, IconShieldCheck, IconUser, IconVideo } from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { BackLink } from "../../components/BackLink";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { DetailField as Field } from "../../components/DetailField";
import { CardHeading } from "../../components/data/CardHeading";
import { type DataColumn, DataTable } from "../../components/data/DataTable";
import { IconSection } from "../../components/data/IconSection";
import { IconTabs } from "../../components/data/IconTabs";
import { QueryStates } from "../../components/data/QueryStates";
import { EditDeleteActions } from "../../components/EditDeleteActions";
import { PageHeader } from "../../components/PageHeader";
import { EmptyState, FullPageSpinner } from "../../components/States";
import { useActor } from "../../lib/auth";
import { useConfirmedDelete, useLeaveWhenMissing } from "../../lib/detailPage";
import { formatDate, formatDuration, formatPercent } from "../../lib/format";
import { errorMessage, invalidateLists, type RouterOutputs, trpc } from "../../lib/trpc";
import { CredentialsCard } from "../credentials/CredentialsCard";
import { ProjectStatusBadge } from "../projects/ProjectStatusBadge";
import { TalksAttended } from "../talks/TalksAttended";
import { WorkerComplianceBar } from "./WorkerComplianceBar";

type TrainingRecord = RouterOutputs["workers"]["trainingRecords"][number];
type VideoRecord = RouterOutputs["workers"]["videoRecords"][number];

const trainingStatus: Record<string, { label: string; color: string }> = {
  not_started: { label: "Not Started", color: "gray" },
  in_progress: { label: "In Progress", color: "blue" },
  completed: { label: "Completed", color: "green" },
};
const videoStatus: Record<string, { label: string; color: string }> = {
  not_watched: { label: "Not Watched", color: "gray" },
  partially_watched: { label: "Partially Watched", color: "yellow" },
  completed: { label: "Completed", color: "green" },
};

/** A training module's or a video's status as a coloured badge, in the reader's language. */
function StatusBadge({
  statuses,
  labels,
  status,
}: {
  statuses: Record<string, { label: string; color: string }>;
  /** Where the status names are: the training area's, or this area's for videos. */
  labels: "training:labels.status" | "labels.video";
  status: string;
}) {
  const { t } = useTranslation("workers");
  const s = statuses[status] ?? { label: status, color: "gray" };
  return (
    <Badge miw="max-content" color={s.color} variant="light">
      {t(`${labels}.${status}`, { defaultValue: s.label })}
    </Badge>
  );
}

function ProjectsTab({ id }: { id: number }) {
  const { t } = useTranslation("workers");
  const q = trpc.workers.projects.useQuery({ id });
  return (
    <QueryStates
      query={q}
      rows={3}
      failed={errorMessage(q.error)}
      empty={<EmptyState title={t("detail.noProjects")} message={t("detail.noProjectsMessage")} />}
    >
      {(projects) => (
        <Stack gap="xs">
          {projects.map((p) => (
            <Card key={p.id} withBorder padding="sm" radius="md">
              <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                <CardHeading
                  name={p.name}
                  to={`/projects/${p.id}`}
                  summary={`${p.location}${p.assignmentRole ? ` · ${p.assignmentRole}` : ""} · ${t("detail.assigned", { date: formatDate(p.assignedAt) })}`}
                />
                <ProjectStatusBadge status={p.status} />
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </QueryStates>
  );
}

function TrainingTab({ id }: { id: number }) {
  const { t } = useTranslation("workers");
  const q = trpc.workers.trainingRecords.useQuery({ id });
  const columns: DataColumn<TrainingRecord>[] = [
    { header: t("detail.module"), cell: (m) => m.title, td: { fw: 600 } },
    {
      header: t("detail.status"),
      cell: (m) => <StatusBadge statuses={trainingStatus} labels="training:labels.status" status={m.status} />,
    },
    {
      header: t("detail.progress"),
      th: { w: 160 },
      cell: (m) => (
        <Group gap="xs" wrap="nowrap">
          <Progress
            value={m.progress}
            style={{ flex: 1 }}
            color={m.status === "completed" ? "green" : "blue"}
            aria-label={`${m.title} ${formatPercent(m.progress)}`}
          />
          <Text size="xs">{m.progress}%</Text>
        </Group>
      ),
    },
    { header: t("detail.completed"), cell: (m) => (m.completedAt ? formatDate(m.completedAt) : "—") },
  ];
  return (
    <QueryStates
      query={q}
      failed={t("detail.trainingFailed")}
      empty={<EmptyState title={t("detail.noModules")} message={t("detail.noModulesMessage")} />}
    >
      {(modules) => <DataTable minWidth={520} highlightOnHover={false} rows={modules} rowKey={(m) => m.moduleId} columns={columns} />}
    </QueryStates>
  );
}

function VideosTab({ id }: { id: number }) {
  const { t } = useTranslation("workers");
  const q = trpc.workers.videoRecords.useQuery({ id });
  const columns: DataColumn<VideoRecord>[] = [
    {
      header: t("detail.video"),
      cell: (v) => (
        <>
          <Text size="sm" fw={600}>
            {v.title}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDuration(v.duration)}
          </Text>
        </>
      ),
    },
    { header: t("detail.status"), cell: (v) => <StatusBadge statuses={videoStatus} labels="labels.video" status={v.status} /> },
    { header: t("detail.watched"), cell: (v) => formatPercent(v.watchedPercentage) },
    {
      header: t("detail.requiredBy"),
      cell: (v) => (v.requiredWatchByDate ? formatDate(v.requiredWatchByDate) : t("detail.optional")),
    },
  ];
  return (
    <QueryStates
      query={q}
      failed={errorMessage(q.error)}
      empty={<EmptyState title={t("detail.noVideos")} message={t("detail.noVideosMessage")} />}
    >
      {(videos) => <DataTable minWidth={560} highlightOnHover={false} rows={videos} rowKey={(v) => v.videoId} columns={columns} />}
    </QueryStates>
  );
}

/** /workers/:id: profile, compliance, and tabs for projects, training modules and safety videos. */
export function WorkerDetailPage({ id }: { id: number }) {
  const { t } = useTranslation("workers");
  const actor = useActor();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const valid = Number.isInteger(id) && id > 0;
  const query = trpc.workers.byId.useQuery({ id }, { enabled: valid });
  const staff = actor ? isStaff(actor) : false;
  const listPath = staff ? "/workers" : "/";

  useLeaveWhenMissing({ valid, error: query.error, to: listPath, notFound: t("detail.notFound"), invalid: t("detail.idMissing") });

  const { confirming, setConfirming, handlers } = useConfirmedDelete("workers", async () => {
    utils.workers.byId.setData({ id }, undefined);
    await Promise.all([invalidateLists(utils.workers), utils.projects.invalidate(), utils.dashboard.invalidate()]);
    void navigate({ to: "/workers" });
  });
  const remove = trpc.workers.delete.useMutation(handlers);

  if (!query.data) return <FullPageSpinner />;
  const w = query.data;
  const name = workerFullName(w);

  return (
    <>
      {staff ? <BackLink to="/workers" label={t("detail.back")} /> : null}
      <PageHeader
        title={name}
        subtitle={`${w.role}${w.company ? ` · ${w.company}` : ""}`}
        actions={
          <EditDeleteActions
            edit={can(actor, "worker.update") && { label: t("detail.edit"), to: `/workers/${id}/edit` }}
            remove={
              can(actor, "worker.delete") && w.userId !== actor?.userId && { label: t("detail.delete"), onClick: () => setConfirming(true) }
            }
          />
        }
      />
      <Grid gap="md" mb="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <IconSection icon={<IconUser size={20} />} title={t("detail.information")} headerGap="md" h="100%">
            <SimpleFields w={w} />
          </IconSection>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <IconSection
            icon={<IconShieldCheck size={20} />}
            title={t("detail.compliance")}
            headerGap="md"
            h="100%"
            testId="worker-compliance"
          >
            <Text fz={36} fw={800} lh={1}>
              {formatPercent(w.safetyCompliance)}
            </Text>
            <Text size="sm" c="dimmed" mb="sm">
              {t(`common:labels.compliance.${workerComplianceLabel(w.safetyCompliance)}`)}
            </Text>
            <WorkerComplianceBar value={w.safetyCompliance} />
          </IconSection>
        </Grid.Col>
      </Grid>
      <IconTabs
        defaultValue="projects"
        scroll
        tabs={[
          { value: "projects", icon: <IconBuildingSkyscraper size={16} />, label: t("detail.projectsTab"), panel: <ProjectsTab id={id} /> },
          { value: "training", icon: <IconBook size={16} />, label: t("detail.trainingTab"), panel: <TrainingTab id={id} /> },
          { value: "videos", icon: <IconVideo size={16} />, label: t("detail.videosTab"), panel: <VideosTab id={id} /> },
        ]}
      />
      <Stack mt="lg" gap="md">
        <CredentialsCard workerId={id} />
        <TalksAttended workerId={id} />
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t("detail.deleteTitle")}
        message={t("detail.deleteMessage", { name })}
        confirmLabel={t("detail.delete")}
        pendingLabel={t("detail.deleting")}
        loading={remove.isPending}
        onConfirm={() => remove.mutate({ id })}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

function SimpleFields({
  w,
}: {
  w: {
    email: string;
    phone: string | null;
    company: string | null;
    hardhatNumber: string | null;
    emergencyContact: string | null;
    username: string | null;
    role: string;
    createdAt: Date;
  };
}) {
  const { t } = useTranslation("workers");
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Field label={t("detail.email")}>
          <Anchor href={`mailto:${w.email}`} size="sm">
            {w.email}
          </Anchor>
        </Field>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Field label={t("detail.phone")}>
          {w.phone ? (
            <Anchor href={`tel:${w.phone}`} size="sm">
              {w.phone}
            </Anchor>
          ) : (
            t("detail.notProvided")
          )}
        </Field>
      </Grid.Col>
      {(
        [
          [t("detail.jobRole"), w.role],
          [t("detail.company"), w.company ?? t("detail.notProvided")],
          [t("detail.hardhat"), w.hardhatNumber ?? t("detail.notAssigned")],
          [t("detail.emergencyContact"), w.emergencyContact ?? t("detail.notProvided")],
          [t("detail.username"), w.username ?? t("detail.noLogin")],
          [t("detail.added"), formatDate(w.createdAt)],
        ] as const
      ).map(([label, value]) => (
        <Grid.Col key={label} span={{ base: 12, sm: 6 }}>
          <Field label={label}>{value}</Field>
        </Grid.Col>
      ))}
    </Grid>
  );
}
