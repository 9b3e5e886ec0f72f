import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** An inspection's score: green from 90 %, orange from 70 %, red below; grey without one. */
export function ScoreBadge({ score, size = "md" }: { score: number | null; size?: "md" | "lg" | "xl" }) {
  const { t } = useTranslation("inspections");
  if (score === null)
    return (
      <Badge color="gray" variant="light" size={size}>
        {t("list.noScore")}
      </Badge>
    );
  const color = score >= 90 ? "green" : score >= 70 ? "orange" : "red";
  return (
    <Badge color={color} variant="light" size={size} style={{ flexShrink: 0 }} data-testid="score">
      {t("list.score", { score })}
    </Badge>
  );
}
