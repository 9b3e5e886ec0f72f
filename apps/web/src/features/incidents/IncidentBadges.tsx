import {
  type IncidentSeverity,
  type IncidentStatus,
  incidentStatusColors,
  incidentStatusLabels,
  severityColors,
  severityLabels,
} from "@sitesafe/domain";
import { Badge } from "@mantine/core";

/** Severity in the spec's colours: severe red, moderate orange, minor yellow, near miss blue. */
export function SeverityBadge({ severity }: { severity: IncidentSeverity }) {
  return (
    <Badge color={severityColors[severity]} variant="filled" radius="sm" autoContrast style={{ flexShrink: 0 }} data-severity={severity}>
      {severityLabels[severity]}
    </Badge>
  );
}

/** Status with the spec's labels: Open, In Progress, Resolved. */
export function IncidentStatusBadge({ status }: { status: IncidentStatus }) {
  return (
    <Badge color={incidentStatusColors[status]} variant="light" radius="sm" style={{ flexShrink: 0 }} data-status={status}>
      {incidentStatusLabels[status]}
    </Badge>
  );
}
