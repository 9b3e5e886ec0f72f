import { Anchor, Box, Grid, Group, Stack, Text } from "@mantine/core";
import { can, EMERGENCY_CONTACT_LABELS, isStaff } from "@sitesafe/domain";
import { IconAlertTriangle, IconClipboardCheck, IconMail, IconPhone, IconPhoneCall, IconUser, IconUsers } from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BackLink } from "../../components/BackLink";
import { ComplianceBar } from "../../components/ComplianceBar";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { IconSection } from "../../components/data/IconSection";
import { IconTabs } from "../../components/data/IconTabs";
import { EditDeleteActions } from "../../components/EditDeleteActions";
import { PageHeader } from "../../components/PageHeader";
import { FullPageSpinner } from "../../components/States";
import { useActor } from "../../lib/auth";
import { useConfirmedDelete, useLeaveWhenMissing } from "../../lib/detailPage";
import { invalidateLists, type RouterOutputs, trpc } from "../../lib/trpc";
import { ProjectCredentialsCard } from "../credentials/ProjectCredentialsCard";
import { ProjectTalkWeeks } from "../talks/ProjectTalkWeeks";
import { ProjectIncidentsTab } from "./ProjectIncidentsTab";
import { ProjectJhaTab } from "./ProjectJhaTab";
import { ProjectStatusBadge } from "./ProjectStatusBadge";
import { projectDates } from "./ProjectsPage";
import { ProjectWorkersTab } from "./ProjectWorkersTab";
import { SafetyPlanCard } from "./SafetyPlan";

type Project = RouterOutputs["projects"]["byId"];

function SafetyManager({ project }: { project: Project }) {
  const { t } = useTranslation("projects");
  const { safetyManagerName: name, safetyManagerEmail: email, safetyManagerPhone: phone } = project;
  return (
    <IconSection h="100%" title={t("detail.safetyManager")} icon={<IconUser size={20} />}>
      {name || email || phone ? (
        <Stack gap={6}>
          {name ? <Text fw={600}>{name}</Text> : null}
          {email ? (
            <Group gap={6} wrap="nowrap">
              <IconMail size={16} style={{ flexShrink: 0 }} />
              <Anchor href={`mailto:${email}`} size="sm" style={{ wordBreak: "break-all" }}>
                {email}
              </Anchor>
            </Group>
          ) : null}
          {phone ? (
            <Group gap={6} wrap="nowrap">
              <IconPhone size={16} style={{ flexShrink: 0 }} />
              <Anchor href={`tel:${phone}`} size="sm">
                {phone}
              </Anchor>
            </Group>
          ) : null}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t("detail.noSafetyManager")}
        </Text>
      )}
    </IconSection>
  );
}

function EmergencyContacts({ contacts }: { contacts: Record<string, string> }) {
  const { t } = useTranslation("projects");
  const known = EMERGENCY_CONTACT_LABELS.filter((l) => contacts[l]);
  const extra = Object.keys(contacts).filter((l) => !(EMERGENCY_CONTACT_LABELS as readonly string[]).includes(l) && contacts[l]);
  const labels = [...known, ...extra];
  return (
    <IconSection h="100%" title={t("detail.emergencyContacts")} icon={<IconPhoneCall size={20} />}>
      {labels.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("detail.noEmergencyContacts")}
        </Text>
      ) : (
        <Stack gap={6}>
          {labels.map((label) => (
            <Group key={label} justify="space-between" wrap="nowrap" gap="sm">
              <Text size="sm">{t(`labels.emergency.${label}`, { defaultValue: label })}</Text>
              <Anchor href={`tel:${contacts[label]}`} size="sm" fw={600} style={{ whiteSpace: "nowrap" }}>
                {contacts[label]}
              </Anchor>
            </Group>
          ))}
        </Stack>
      )}
    </IconSection>
  );
}

/** /projects/:id: the project, its safety plan, contacts and tabs for crew, JHA forms and incidents. */
export function ProjectDetailPage({ id }: { id: number }) {
  const { t } = useTranslation("projects");
  const actor = useActor();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const valid = Number.isInteger(id) && id > 0;
  const query = trpc.projects.byId.useQuery({ id }, { enabled: valid });
  const staff = actor ? isStaff(actor) : false;
  const [tab, setTab] = useState<string | null>(staff ? "workers" : "jha");

  useLeaveWhenMissing({ valid, error: query.error, to: "/projects", notFound: t("detail.notFound") });

  const { confirming, setConfirming, handlers } = useConfirmedDelete("projects", async () => {
    utils.projects.byId.setData({ id }, undefined);
    await Promise.all([
      invalidateLists(utils.projects),
      utils.projects.stats.invalidate(),
      utils.dashboard.invalidate(),
      invalidateLists(utils.workers),
    ]);
    void navigate({ to: "/projects" });
  });
  const remove = trpc.projects.delete.useMutation(handlers);

  if (!query.data) return <FullPageSpinner />;
  const project = query.data;

  return (
    <>
      <BackLink to="/projects" label={t("detail.back")} />
      <PageHeader
        title={project.name}
        subtitle={
          <Group gap="xs" component="span">
            <ProjectStatusBadge status={project.status} />
            <span>{project.location}</span>
          </Group>
        }
        actions={
          <EditDeleteActions
            edit={can(actor, "project.update", { projectId: id }) && { label: t("detail.edit"), to: `/projects/${id}/edit` }}
            remove={can(actor, "project.delete", { projectId: id }) && { label: t("detail.delete"), onClick: () => setConfirming(true) }}
          />
        }
      />

      <Grid gap="md" mb="lg">
        <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
          <IconSection h="100%" title={t("detail.overview")} icon={<IconClipboardCheck size={20} />}>
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {projectDates(project)}
              </Text>
              {project.description ? (
                <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
                  {project.description}
                </Text>
              ) : null}
              <Group gap={6}>
                <IconUsers size={16} />
                <Text size="sm">{t("workersAssigned", { count: project.workerCount })}</Text>
              </Group>
              <div>
                <Text size="xs" c="dimmed" mb={4}>
                  {t("safetyCompliance")}
                </Text>
                <ComplianceBar value={project.compliancePercentage} context="projectCard" />
              </div>
            </Stack>
          </IconSection>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
          <SafetyPlanCard projectId={id} hasSafetyPlan={project.hasSafetyPlan} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
          <Stack gap="md" h="100%">
            <SafetyManager project={project} />
            <EmergencyContacts contacts={project.emergencyContactInfo} />
          </Stack>
        </Grid.Col>
      </Grid>

      <Box mb="lg">
        <ProjectTalkWeeks projectId={id} />
      </Box>

      {can(actor, "credentialRequirement.manage") ? (
        <Box mb="lg">
          <ProjectCredentialsCard projectId={id} manageLink />
        </Box>
      ) : null}

      <IconTabs
        value={tab}
        onChange={setTab}
        scroll
        tabs={[
          staff && {
            value: "workers",
            icon: <IconUsers size={16} />,
            label: t("detail.workersTab"),
            panel: <ProjectWorkersTab projectId={id} />,
          },
          { value: "jha", icon: <IconClipboardCheck size={16} />, label: t("detail.jhaTab"), panel: <ProjectJhaTab projectId={id} /> },
          {
            value: "incidents",
            icon: <IconAlertTriangle size={16} />,
            label: t("detail.incidentsTab"),
            panel: <ProjectIncidentsTab projectId={id} />,
          },
        ]}
      />

      <ConfirmDialog
        opened={confirming}
        title={t("detail.delete")}
        message={t("detail.deleteMessage", { name: project.name })}
        confirmLabel={t("common:actions.delete")}
        pendingLabel={t("detail.deleting")}
        loading={remove.isPending}
        onConfirm={() => remove.mutate({ id })}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
