import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { can } from "@sitesafe/domain";
import { IconCalendar, IconPlus, IconUser } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { InfoLine, RecordCard } from "../../components/RecordCard";
import { useActor } from "../../lib/auth";
import { formatDate } from "../../lib/format";
import { errorMessage, trpc } from "../../lib/trpc";
import { ActionBadges } from "./ActionBadges";
import { type ActionSource, RaiseActionDialog } from "./RaiseActionDialog";

/** At most this many actions are listed on a record's page (a record raises a handful). */
const SHOWN = 50;

/**
 * The corrective actions raised from an incident report or a JHA form, on its page, with "Raise
 * corrective action" for whoever may raise one on the project (`correctiveAction.create`, the rule
 * the server enforces). The list is the caller's own view of actions (their projects' and their own).
 */
export function SourceActions({ projectId, source, suggestions }: { projectId: number; source: ActionSource; suggestions: string[] }) {
  const { t } = useTranslation("inspections");
  const actor = useActor();
  const [raising, setRaising] = useState(false);
  const filter = source.kind === "incident" ? { incidentReportId: source.id } : { jhaFormId: source.id };
  const list = trpc.correctiveActions.page.useQuery({ ...filter, limit: SHOWN, offset: 0 });
  const mayRaise = can(actor, "correctiveAction.create", { projectId });
  return (
    <Card withBorder radius="md" padding="md" data-testid="source-actions">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Title order={2} size="h5">
            {t("raise.listTitle")}
          </Title>
          {mayRaise ? (
            <Button size="md" leftSection={<IconPlus size={16} />} onClick={() => setRaising(true)} data-testid="raise-action">
              {t("raise.button")}
            </Button>
          ) : null}
        </Group>
        {list.error ? (
          <Text size="sm" c="red">
            {errorMessage(list.error, t("raise.fetchFailed"))}
          </Text>
        ) : list.data && list.data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("raise.none")}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            {(list.data?.items ?? []).map((action) => (
              <RecordCard key={action.id} to={`/actions/${action.id}`} testId="source-action" title={action.description}>
                <ActionBadges status={action.status} priority={action.priority} overdue={action.overdue} />
                <InfoLine icon={IconUser}>{t("actions.owner", { name: action.ownerName ?? "—" })}</InfoLine>
                <InfoLine icon={IconCalendar}>{t("actions.due", { date: formatDate(action.dueAt) })}</InfoLine>
              </RecordCard>
            ))}
          </SimpleGrid>
        )}
      </Stack>
      {raising ? (
        <RaiseActionDialog projectId={projectId} source={source} suggestions={suggestions} onClose={() => setRaising(false)} />
      ) : null}
    </Card>
  );
}
