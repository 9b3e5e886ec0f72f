import { Badge } from "@mantine/core";
import { type RiskLevel, riskLevelColors } from "@sitesafe/domain";
import { useTranslation } from "react-i18next";

/** A hazard's risk level in the product's colours (high red, medium yellow, low green); `withSuffix` reads "High risk". */
export function RiskBadge({ level, withSuffix = false }: { level: RiskLevel; withSuffix?: boolean }) {
  const { t } = useTranslation("jha");
  return (
    <Badge color={riskLevelColors[level]} variant="light" radius="sm" style={{ flexShrink: 0 }}>
      {withSuffix ? t(`labels.riskWithSuffix.${level}`) : t(`labels.risk.${level}`)}
    </Badge>
  );
}
