import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { type DataColumn, DataTable } from "../../components/data/DataTable";
import { ProjectCompliance, ProjectLink, type ProjectRow } from "./projectParts";

/**
 * The dashboard's projects as a table, on screens wider than a phone. A chunk of its own
 * (ProjectTable.tsx): Mantine's Table brings ScrollArea and, with it, floating-ui, ~20 KB
 * compressed that a phone, which shows cards, would otherwise load before its first screen.
 */
export function ProjectTableView({ rows, staff }: { rows: readonly ProjectRow[]; staff: boolean }) {
  const { t } = useTranslation("dashboard");
  const workersColumn: DataColumn<ProjectRow> = {
    header: t("projects.workersColumn"),
    align: "right",
    cell: (row) => <Text size="sm">{row.workerCount}</Text>,
  };
  const columns: DataColumn<ProjectRow>[] = [
    { header: t("projects.project"), cell: (row) => <ProjectLink row={row} /> },
    { header: t("projects.location"), cell: (row) => <Text size="sm">{row.location}</Text> },
    ...(staff ? [workersColumn] : []),
    { header: t("projects.compliance"), th: { w: 220 }, cell: (row) => <ProjectCompliance row={row} /> },
  ];
  return <DataTable minWidth={staff ? 560 : 460} rows={rows} rowTestId="project-row" columns={columns} />;
}
