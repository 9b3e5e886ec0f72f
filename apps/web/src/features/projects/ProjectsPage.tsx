import { Button, Card, Group, Select, SimpleGrid, Stack, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { can, isStaff, type ProjectStatus, projectStatuses, projectStatusLabels } from "@sitesafe/domain";
import { IconCalendar, IconMapPin, IconPlus, IconUsers } from "@tabler/icons-react";
import { keepPreviousData } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ComplianceBar } from "../../components/ComplianceBar";
import { ExportCsvButton } from "../../components/ExportCsvButton";
import { PageHeader } from "../../components/PageHeader";
import { ServerPageControls, useServerPage } from "../../components/Paginated";
import { SearchBox } from "../../components/SearchBox";
import { CardGridSkeleton, EmptyState, ErrorState } from "../../components/States";
import { useActor } from "../../lib/auth";
import { formatDate } from "../../lib/format";
import { i18n } from "../../lib/i18n";
import { type RouterOutputs, trpc } from "../../lib/trpc";
import { ProjectStatusBadge } from "./ProjectStatusBadge";

type Project = RouterOutputs["projects"]["page"]["items"][number];
type StatusFilter = "all" | ProjectStatus;

export function projectDates(p: { startDate: string; endDate: string | null }) {
  return p.endDate
    ? `${formatDate(p.startDate)} – ${formatDate(p.endDate)}`
    : i18n.t("projects:started", { date: formatDate(p.startDate) });
}

function ProjectCard({ project }: { project: Project }) {
  const { t } = useTranslation("projects");
  return (
    <Card
      withBorder
      padding="lg"
      radius="md"
      component={Link}
      to={`/projects/${project.id}`}
      data-testid="project-card"
      style={{ textDecoration: "none", color: "inherit" }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs" mb="xs">
        <Text fw={700} size="lg" lh={1.3} style={{ minWidth: 0, wordBreak: "break-word" }}>
          {project.name}
        </Text>
        <ProjectStatusBadge status={project.status} />
      </Group>
      <Stack gap={6} mb="md">
        <Group gap={6} wrap="nowrap">
          <IconMapPin size={16} color="var(--mantine-color-dimmed)" style={{ flexShrink: 0 }} />
          <Text size="sm" c="dimmed" truncate>
            {project.location}
          </Text>
        </Group>
        <Group gap={6} wrap="nowrap">
          <IconCalendar size={16} color="var(--mantine-color-dimmed)" style={{ flexShrink: 0 }} />
          <Text size="sm" c="dimmed">
            {projectDates(project)}
          </Text>
        </Group>
        <Group gap={6} wrap="nowrap">
          <IconUsers size={16} color="var(--mantine-color-dimmed)" style={{ flexShrink: 0 }} />
          <Text size="sm" c="dimmed">
            {t("workers", { count: project.workerCount })}
          </Text>
        </Group>
      </Stack>
      <Text size="xs" c="dimmed" mb={4}>
        {t("safetyCompliance")}
      </Text>
      <ComplianceBar value={project.compliancePercentage} context="projectCard" />
    </Card>
  );
}

/** /projects: search by name or location, a status filter, one card a project. */
export function ProjectsPage() {
  const { t } = useTranslation("projects");
  const actor = useActor();
  const statusOptions = [
    { value: "all", label: t("allStatuses") },
    ...projectStatuses.map((s) => ({ value: s, label: t(`labels.status.${s}`, { defaultValue: projectStatusLabels[s] }) })),
  ];
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<StatusFilter>("all");
  const [debounced] = useDebouncedValue(search.trim(), 200);
  const filters = { search: debounced || undefined, status: status === "all" ? undefined : status };
  const pager = useServerPage(filters);
  const list = trpc.projects.page.useQuery({ ...filters, limit: pager.limit, offset: pager.offset }, { placeholderData: keepPreviousData });
  const filtering = debounced.length > 0 || status !== "all";
  const staff = actor ? isStaff(actor) : false;

  return (
    <>
      <PageHeader
        title={t("title")}
        subtitle={staff ? t("staffSubtitle") : t("workerSubtitle")}
        actions={
          <>
            <ExportCsvButton path="/api/projects" filters={filters} />
            {can(actor, "project.create") ? (
              <Button component={Link} to="/projects/new" leftSection={<IconPlus size={16} />}>
                {t("addNew")}
              </Button>
            ) : null}
          </>
        }
      />
      <Group mb="md" gap="sm" align="flex-end" wrap="wrap">
        <SearchBox
          placeholder={t("searchPlaceholder")}
          label={t("searchLabel")}
          value={search}
          onSearch={setSearch}
          style={{ flex: "1 1 240px" }}
        />
        <Select
          aria-label={t("filterStatus")}
          data={statusOptions}
          value={status}
          onChange={(v) => setStatus((v as StatusFilter | null) ?? "all")}
          allowDeselect={false}
          w={{ base: "100%", xs: 180 }}
          data-testid="project-status-filter"
        />
      </Group>
      {list.isPending ? (
        <CardGridSkeleton count={6} />
      ) : list.error ? (
        <ErrorState message={t("loadFailed")} onRetry={() => void list.refetch()} />
      ) : list.data.total === 0 ? (
        filtering ? (
          <EmptyState title={t("noneFound")} message={t("tryDifferent")} />
        ) : (
          <EmptyState
            title={t("none")}
            message={staff ? t("staffEmpty") : t("workerEmpty")}
            action={
              can(actor, "project.create") ? (
                <Button component={Link} to="/projects/new" variant="light" leftSection={<IconPlus size={16} />}>
                  {t("addNew")}
                </Button>
              ) : undefined
            }
          />
        )
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
            {list.data.items.map((p) => (
              <ProjectCard key={p.id} project={p} />
            ))}
          </SimpleGrid>
          <ServerPageControls pager={pager} total={list.data.total} />
        </>
      )}
    </>
  );
}
