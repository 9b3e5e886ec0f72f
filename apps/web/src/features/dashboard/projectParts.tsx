import { Anchor } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ComplianceBar } from "../../components/ComplianceBar";
import type { RouterOutputs } from "../../lib/trpc";

/** A row of the dashboard's projects, as a card on a phone and in the table on wider screens. */
export type ProjectRow = RouterOutputs["dashboard"]["projectStats"][number];

export function ProjectLink({ row }: { row: ProjectRow }) {
  return (
    <Anchor component={Link} to={`/projects/${row.id}`} fw={600} size="sm">
      {row.name}
    </Anchor>
  );
}

export function ProjectCompliance({ row }: { row: ProjectRow }) {
  const { t } = useTranslation("dashboard");
  return (
    <ComplianceBar
      value={row.compliancePercentage}
      context="dashboard"
      label={t(`common:labels.compliance.${row.complianceStatus}`, { defaultValue: row.complianceStatus })}
    />
  );
}
