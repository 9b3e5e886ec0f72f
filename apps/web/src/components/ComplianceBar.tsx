import { Group, Progress, Text } from "@mantine/core";
import { type ComplianceBarContext, complianceColor, complianceStatus } from "@sitesafe/domain";
import { useTranslation } from "react-i18next";

/** A compliance percentage with the product's colour scale for the place it is shown. */
export function ComplianceBar({
  value,
  context,
  label,
}: {
  value: number;
  context: ComplianceBarContext;
  /** Text after the percentage; defaults to the Compliant / At Risk / Non-Compliant label. */
  label?: string | false;
}) {
  const { t } = useTranslation("common");
  const pct = Math.max(0, Math.min(100, Math.round(value)));
  const color = complianceColor(pct, context);
  return (
    <div>
      <Group justify="space-between" gap={4} mb={4} wrap="nowrap">
        <Text size="xs" fw={600}>
          {pct}%
        </Text>
        {label === false ? null : (
          <Text size="xs" c={color} fw={500}>
            {label ?? t(`labels.compliance.${complianceStatus(pct)}`)}
          </Text>
        )}
      </Group>
      <Progress value={pct} color={color} size="sm" aria-label={t("compliance.bar", { percent: pct })} />
    </div>
  );
}
