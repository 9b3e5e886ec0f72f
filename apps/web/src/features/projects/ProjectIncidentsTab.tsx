import { Button, Group, Paper, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconChevronRight } from "@tabler/icons-react";
import { keepPreviousData } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ServerPageControls, useServerPage } from "../../components/Paginated";
import { EmptyState, ErrorState, ListSkeleton } from "../../components/States";
import { formatDate } from "../../lib/format";
import { errorMessage, trpc } from "../../lib/trpc";
import { IncidentStatusBadge, SeverityBadge } from "../incidents/IncidentBadges";

/** The incident reports of one project, newest first, each opening its detail page. */
export function ProjectIncidentsTab({ projectId }: { projectId: number }) {
  const { t } = useTranslation("projects");
  const pager = useServerPage({ projectId });
  const list = trpc.incidents.page.useQuery({ projectId, limit: pager.limit, offset: pager.offset }, { placeholderData: keepPreviousData });
  const dim = list.isPlaceholderData ? 0.6 : 1;
  if (list.isPending) return <ListSkeleton rows={3} />;
  if (list.error) return <ErrorState message={errorMessage(list.error, t("incidents.failed"))} onRetry={() => void list.refetch()} />;
  return (
    <Stack gap="xs">
      <Group justify="flex-end">
        <Button component={Link} to="/forms/incident-reports" variant="light" size="xs" leftSection={<IconAlertTriangle size={14} />}>
          {t("incidents.all")}
        </Button>
      </Group>
      {list.data.total === 0 ? (
        <EmptyState title={t("incidents.none")} message={t("incidents.noneMessage")} />
      ) : (
        list.data.items.map((report) => (
          <Paper
            key={report.id}
            withBorder
            p="sm"
            radius="md"
            component={Link}
            to={`/forms/incident-reports/${report.id}`}
            style={{ textDecoration: "none", color: "inherit", opacity: dim }}
            data-testid="project-incident-row"
          >
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600} truncate>
                  {report.title}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {formatDate(report.date)}
                  {report.location ? ` · ${report.location}` : ""} · {report.reporterName ?? t("incidents.unknownReporter")}
                </Text>
              </Stack>
              <Group gap={6} wrap="nowrap">
                <SeverityBadge severity={report.severity} />
                <Group visibleFrom="xs">
                  <IncidentStatusBadge status={report.status} />
                </Group>
                <IconChevronRight size={16} />
              </Group>
            </Group>
          </Paper>
        ))
      )}
      {list.data.total > 0 ? <ServerPageControls pager={pager} total={list.data.total} /> : null}
    </Stack>
  );
}
