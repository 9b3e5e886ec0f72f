import { Alert, Anchor } from "@mantine/core";
import { IconCloudOff } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format";
import { PHOTO_UPLOAD } from "../outbox/outboxItem";
import { useOutboxItems } from "../outbox/useOutbox";
import { useOnline } from "./network";
import { restoredAt } from "./queryCache";

/**
 * Says the app is offline and how old what it shows is: the time the newest answer on this device
 * came from the server. Reports filed meanwhile wait in the Outbox.
 */
export function OfflineBanner() {
  const { t } = useTranslation("offline");
  const online = useOnline();
  const queryClient = useQueryClient();
  const items = useOutboxItems();
  if (online && restoredAt() === null) return null;
  const newest =
    restoredAt() ??
    Math.max(
      0,
      ...queryClient
        .getQueryCache()
        .getAll()
        .map((q) => q.state.dataUpdatedAt),
    );
  // Reports; photos waiting have their own note (photos/UploadIndicator.tsx).
  const waiting = items?.filter((i) => i.status === "pending" && i.path !== PHOTO_UPLOAD).length ?? 0;
  return (
    <Alert color="yellow" variant="light" icon={<IconCloudOff size={18} />} mb="md" p="sm" data-testid="offline-banner" role="status">
      {online ? t("unreachable") : t("offline")} {newest > 0 ? t("savedAt", { date: formatDateTime(new Date(newest)) }) : t("nothingSaved")}
      {waiting > 0 ? (
        <>
          {" "}
          <Anchor component={Link} to="/outbox" size="sm">
            {t("waiting", { count: waiting })}
          </Anchor>
        </>
      ) : null}
    </Alert>
  );
}
