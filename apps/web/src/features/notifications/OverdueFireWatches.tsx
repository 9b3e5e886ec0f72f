import { Alert, Anchor, Stack, Text } from "@mantine/core";
import { DASHBOARD_STATS_REFETCH_MS, notificationLink } from "@sitesafe/domain";
import { IconFlame } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format";
import { trpc } from "../../lib/trpc";

/**
 * The dashboard's alarm: fire watches not signed off 15 minutes after their end, on the projects
 * the viewer sees (services/fireWatches.ts on the server). Shown only when there is one.
 */
export function OverdueFireWatches() {
  const { t } = useTranslation("notifications");
  const overdue = trpc.dashboard.overdueFireWatches.useQuery(undefined, { refetchInterval: DASHBOARD_STATS_REFETCH_MS });
  if (!overdue.data || overdue.data.length === 0) return null;
  return (
    <Alert color="red" variant="light" icon={<IconFlame size={20} />} title={t("fireWatch.overdueCard")} data-testid="overdue-fire-watches">
      <Stack gap={4}>
        {overdue.data.map((watch) => (
          <Text key={watch.permitId} size="sm">
            <Anchor component={Link} to={notificationLink("permit", watch.permitId)} fw={600}>
              {watch.title}
            </Anchor>{" "}
            {t("fireWatch.overdueLine", { project: watch.projectName, time: formatDateTime(watch.endsAt) })}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
