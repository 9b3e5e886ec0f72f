import { Badge, Group, List, Stack, Text } from "@mantine/core";
import { riskLevelColors } from "@sitesafe/domain";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format";
import type { RouterOutputs } from "../../lib/trpc";
import { usePermitLabels } from "../permits/permitLabels";

function Heading({ children }: { children: string }) {
  return (
    <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
      {children}
    </Text>
  );
}

/** What a crew member reads before signing a JHA: the job, its hazards and their controls. */
export function JhaSignOnSummary({ form }: { form: RouterOutputs["jha"]["byId"] }) {
  const { t } = useTranslation("signOn");
  const { t: tj } = useTranslation("jha");
  return (
    <Stack gap="sm">
      {form.jobDescription ? (
        <Stack gap={2}>
          <Heading>{t("summary.job")}</Heading>
          <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
            {form.jobDescription}
          </Text>
        </Stack>
      ) : null}
      <Stack gap={4}>
        <Heading>{t("summary.hazards")}</Heading>
        {form.hazards.map((hazard, i) => (
          <Group key={i} gap="xs" wrap="nowrap" align="flex-start">
            <Badge color={riskLevelColors[hazard.riskLevel]} variant="light" style={{ flexShrink: 0 }}>
              {tj(`labels.risk.${hazard.riskLevel}`)}
            </Badge>
            <Text size="sm">{hazard.description}</Text>
          </Group>
        ))}
      </Stack>
      <Stack gap={4}>
        <Heading>{t("summary.controls")}</Heading>
        <List size="sm" spacing={4}>
          {form.controlMeasures.map((measure, i) => (
            <List.Item key={i}>
              {measure.description}
              <Text span size="xs" c="dimmed">
                {` · ${t("summary.responsible", { name: measure.responsibility })}`}
              </Text>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Stack>
  );
}

/** What a crew member reads before signing onto a hot work permit: the work, its precautions and the fire watch. */
export function PermitSignOnSummary({ permit }: { permit: RouterOutputs["permits"]["byId"] }) {
  const { t } = useTranslation("signOn");
  const labels = usePermitLabels();
  return (
    <Stack gap="sm">
      <Stack gap={2}>
        <Heading>{t("summary.work")}</Heading>
        <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
          {permit.workDescription}
        </Text>
        <Text size="sm" c="dimmed">
          {`${t("summary.location")}: ${permit.location} · ${t("summary.when")}: ${formatDateTime(permit.startDate)} – ${formatDateTime(permit.endDate)}`}
        </Text>
      </Stack>
      <Stack gap={4}>
        <Heading>{t("summary.precautions")}</Heading>
        <List size="sm" spacing={4}>
          {permit.precautions.map((p) => (
            <List.Item key={p}>{labels.precaution(p)}</List.Item>
          ))}
        </List>
      </Stack>
      <Stack gap={4}>
        <Heading>{t("summary.equipment")}</Heading>
        <Text size="sm">{permit.equipmentUsed.map((e) => labels.equipment(e)).join(", ")}</Text>
      </Stack>
      <Text size="sm" fw={600}>
        {permit.fireWatchRequired
          ? permit.fireWatchBy
            ? t("summary.fireWatchBy", { name: permit.fireWatchBy })
            : t("summary.fireWatchUnnamed")
          : t("summary.fireWatchNone")}
      </Text>
    </Stack>
  );
}
