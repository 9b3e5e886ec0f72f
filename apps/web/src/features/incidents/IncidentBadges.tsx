import { Badge } from "@mantine/core";
import { type IncidentSeverity, type IncidentStatus, incidentStatusColors, severityColors } from "@sitesafe/domain";
import { useTranslation } from "react-i18next";

/** Severity in the product's colours: severe red, moderate orange, minor yellow, near miss blue. */
export function SeverityBadge({ severity }: { severity: IncidentSeverity }) {
  const { t } = useTranslation("incidents");
  return (
    <Badge color={severityColors[severity]} variant="filled" radius="sm" autoContrast style={{ flexShrink: 0 }} data-severity={severity}>
      {t(`labels.severity.${severity}`)}
    </Badge>
  );
}

/** Status with the product's labels: Open, In Progress, Resolved. */
export function IncidentStatusBadge({ status }: { status: IncidentStatus }) {
  const { t } = useTranslation("incidents");
  return (
    <Badge color={incidentStatusColors[status]} variant="light" radius="sm" style={{ flexShrink: 0 }} data-status={status}>
      {t(`labels.status.${status}`)}
    </Badge>
  );
}
