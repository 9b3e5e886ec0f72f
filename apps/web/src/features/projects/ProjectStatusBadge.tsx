import { type ProjectStatus, projectStatusColors, projectStatusLabels } from "@sitesafe/domain";
import { Badge } from "@mantine/core";

export function ProjectStatusBadge({ status, size = "sm" }: { status: ProjectStatus; size?: "xs" | "sm" | "md" | "lg" }) {
  return (
    <Badge miw="max-content" color={projectStatusColors[status]} variant="light" size={size} data-testid="project-status">
      {projectStatusLabels[status]}
    </Badge>
  );
}
