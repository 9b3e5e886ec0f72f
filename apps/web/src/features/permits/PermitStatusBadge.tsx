import { Badge } from "@mantine/core";
import { type PermitStatus, permitStatusColors } from "@sitesafe/domain";
import { useTranslation } from "react-i18next";

/** Pending yellow, approved green, rejected red, closed gray: the same on every permit screen. */
export function PermitStatusBadge({ status, size = "md" }: { status: PermitStatus; size?: "sm" | "md" | "lg" }) {
  const { t } = useTranslation("permits");
  return (
    // Never squeezed by a long title beside it: the status must stay readable on a phone.
    <Badge color={permitStatusColors[status]} variant="light" size={size} miw="max-content" data-testid="permit-status">
      {t(`labels.status.${status}`)}
    </Badge>
  );
}
