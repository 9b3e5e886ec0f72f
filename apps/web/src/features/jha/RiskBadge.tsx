import { type RiskLevel, riskLevelColors, riskLevelLabels } from "@sitesafe/domain";
import { Badge } from "@mantine/core";

/** A hazard's risk level in the spec's colours (high red, medium yellow, low green). */
export function RiskBadge({ level, suffix = "" }: { level: RiskLevel; suffix?: string }) {
  return (
    <Badge color={riskLevelColors[level]} variant="light" radius="sm" style={{ flexShrink: 0 }}>
      {riskLevelLabels[level]}
      {suffix}
    </Badge>
  );
}
