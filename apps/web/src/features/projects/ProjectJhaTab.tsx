import { Badge, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { highestRisk } from "@sitesafe/domain";
import { IconChevronRight, IconClipboardCheck } from "@tabler/icons-react";
import { keepPreviousData } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ServerPageControls, useServerPage } from "../../components/Paginated";
import { EmptyState, ErrorState, ListSkeleton } from "../../components/States";
import { formatDate } from "../../lib/format";
import { errorMessage, trpc } from "../../lib/trpc";
import { RiskBadge } from "../jha/RiskBadge";

/** The JHA forms filed for one project, newest first, each opening its detail page. */
export function ProjectJhaTab({ projectId }: { projectId: number }) {
  const { t } = useTranslation("projects");
  const pager = useServerPage({ projectId });
  const list = trpc.jha.page.useQuery({ projectId, limit: pager.limit, offset: pager.offset }, { placeholderData: keepPreviousData });
  const dim = list.isPlaceholderData ? 0.6 : 1;
  if (list.isPending) return <ListSkeleton rows={3} />;
  if (list.error) return <ErrorState message={errorMessage(list.error, t("jha.failed"))} onRetry={() => void list.refetch()} />;
  return (
    <Stack gap="xs">
      <Group justify="flex-end">
        <Button component={Link} to="/forms/jha" variant="light" size="xs" leftSection={<IconClipboardCheck size={14} />}>
          {t("jha.all")}
        </Button>
      </Group>
      {list.data.total === 0 ? (
        <EmptyState title={t("jha.none")} message={t("jha.noneMessage")} />
      ) : (
        list.data.items.map((form) => {
          const risk = highestRisk(form.hazards);
          return (
            <Paper
              key={form.id}
              withBorder
              p="sm"
              radius="md"
              component={Link}
              to={`/forms/jha/${form.id}`}
              style={{ textDecoration: "none", color: "inherit", opacity: dim }}
              data-testid="project-jha-row"
            >
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600} truncate>
                    {form.title}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {form.submitterName ?? t("jha.unknownSubmitter")} · {formatDate(form.submittedAt)}
                  </Text>
                </Stack>
                <Group gap={6} wrap="nowrap">
                  <Badge variant="outline" color="gray" radius="sm" visibleFrom="xs">
                    {t("jha.hazards", { count: form.hazards.length })}
                  </Badge>
                  {risk ? <RiskBadge level={risk} /> : null}
                  <IconChevronRight size={16} />
                </Group>
              </Group>
            </Paper>
          );
        })
      )}
      {list.data.total > 0 ? <ServerPageControls pager={pager} total={list.data.total} /> : null}
    </Stack>
  );
}
