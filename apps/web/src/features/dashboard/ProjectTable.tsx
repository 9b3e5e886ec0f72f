import { Card, Group, Skeleton, Stack, Text } from "@mantine/core";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { isMobileNow, useIsMobile } from "../../lib/device";
import { ProjectCompliance, ProjectLink, type ProjectRow } from "./projectParts";
import { PanelList, type PanelProps, SectionCard } from "./SectionCard";

const loadTableView = () => import("./ProjectTableView");
const ProjectTableView = lazy(() => loadTableView().then((m) => ({ default: m.ProjectTableView })));
// A wider screen shows the table: its code then loads beside the dashboard's data, not after it.
if (!isMobileNow()) void loadTableView();

/**
 * Staff: "Project Safety Compliance" with a Workers column. Workers: "My Assigned Projects" without
 * it. A table on desktop (its code loaded only there, ProjectTableView.tsx); stacked cards on a phone.
 */
export function ProjectTable({ staff, ...props }: PanelProps<ProjectRow> & { staff: boolean }) {
  const { t } = useTranslation("dashboard");
  const isMobile = useIsMobile();
  const title = staff ? t("projects.staffTitle") : t("projects.workerTitle");
  const link = { label: staff ? t("projects.viewAll") : t("projects.viewMine"), to: "/projects" };
  const empty = staff ? t("projects.staffEmpty") : t("projects.workerEmpty");

  const projectCard = (row: ProjectRow) => (
    <Card key={row.id} withBorder padding="sm" radius="sm" data-testid="project-row">
      <Group justify="space-between" wrap="nowrap" gap="xs" mb={6}>
        <div style={{ minWidth: 0 }}>
          <ProjectLink row={row} />
          <Text size="xs" c="dimmed" truncate>
            {row.location}
          </Text>
        </div>
        {staff ? (
          <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
            {t("projects.workers", { count: row.workerCount })}
          </Text>
        ) : null}
      </Group>
      <ProjectCompliance row={row} />
    </Card>
  );

  return (
    <SectionCard title={title} link={link} testId="project-table">
      <PanelList {...props} rows={5} none={empty}>
        {(rows) =>
          isMobile ? (
            <Stack gap="xs">{rows.map(projectCard)}</Stack>
          ) : (
            // The table's header and rows take about this height while its code loads.
            <Suspense fallback={<Skeleton height={44 * (rows.length + 1)} radius="sm" />}>
              <ProjectTableView rows={rows} staff={staff} />
            </Suspense>
          )
        }
      </PanelList>
    </SectionCard>
  );
}
