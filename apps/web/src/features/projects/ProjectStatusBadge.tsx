import { Badge } from "@mantine/core";
import { type ProjectStatus, projectStatusColors, projectStatusLabels } from "@sitesafe/domain";
import { useTranslation } from "react-i18next";

export function ProjectStatusBadge({ status, size = "sm" }: { status: ProjectStatus; size?: "xs" | "sm" | "md" | "lg" }) {
  const { t } = useTranslation("projects");
  return (
    <Badge miw="max-content" color={projectStatusColors[status]} variant="light" size={size} data-testid="project-status">
      {t(`labels.status.${status}`, { defaultValue: projectStatusLabels[status] })}
    </Badge>
  );
}
