import { Anchor, Card, Group, Text } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ComplianceBar } from "../../components/ComplianceBar";
import { type DataColumn, DataTable } from "../../components/data/DataTable";
import type { RouterOutputs } from "../../lib/trpc";
import { PanelList, type PanelProps, SectionCard } from "./SectionCard";

type Row = RouterOutputs["dashboard"]["projectStats"][number];

/**
 * Staff: "Project Safety Compliance" with a Workers column. Workers: "My Assigned Projects" without
 * it. A table on desktop; stacked cards on a phone.
 */
export function ProjectTable({ staff, ...props }: PanelProps<Row> & { staff: boolean }) {
  const { t } = useTranslation("dashboard");
  const title = staff ? t("projects.staffTitle") : t("projects.workerTitle");
  const link = { label: staff ? t("projects.viewAll") : t("projects.viewMine"), to: "/projects" };
  const empty = staff ? t("projects.staffEmpty") : t("projects.workerEmpty");
  const projectLink = (row: Row) => (
    <Anchor component={Link} to={`/projects/${row.id}`} fw={600} size="sm">
      {row.name}
    </Anchor>
  );
  const workersColumn: DataColumn<Row> = {
    header: t("projects.workersColumn"),
    align: "right",
    cell: (row) => <Text size="sm">{row.workerCount}</Text>,
  };
  const columns: DataColumn<Row>[] = [
    { header: t("projects.project"), cell: projectLink },
    { header: t("projects.location"), cell: (row) => <Text size="sm">{row.location}</Text> },
    ...(staff ? [workersColumn] : []),
    {
      header: t("projects.compliance"),
      th: { w: 220 },
      cell: (row) => (
        <ComplianceBar
          value={row.compliancePercentage}
          context="dashboard"
          label={t(`common:labels.compliance.${row.complianceStatus}`, { defaultValue: row.complianceStatus })}
        />
      ),
    },
  ];

  const projectCard = (row: Row) => (
    <Card withBorder padding="sm" radius="sm" data-testid="project-row">
      <Group justify="space-between" wrap="nowrap" gap="xs" mb={6}>
        <div style={{ minWidth: 0 }}>
          {projectLink(row)}
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
      <ComplianceBar
        value={row.compliancePercentage}
        context="dashboard"
        label={t(`common:labels.compliance.${row.complianceStatus}`, { defaultValue: row.complianceStatus })}
      />
    </Card>
  );

  return (
    <SectionCard title={title} link={link} testId="project-table">
      <PanelList {...props} rows={5} none={empty}>
        {(rows) => <DataTable minWidth={staff ? 560 : 460} rows={rows} rowTestId="project-row" columns={columns} card={projectCard} />}
      </PanelList>
    </SectionCard>
  );
}
