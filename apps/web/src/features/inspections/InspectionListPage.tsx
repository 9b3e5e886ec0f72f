import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { can } from "@sitesafe/domain";
import {
  IconBuildingSkyscraper,
  IconCalendar,
  IconCalendarPlus,
  IconFileSpreadsheet,
  IconPlus,
  IconTemplate,
  IconUser,
} from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { InfoLine, RecordCard } from "../../components/RecordCard";
import { IconButton } from "../../components/record/IconButton";
import { RecordListPage, usePagedList } from "../../components/record/RecordList";
import { useActor } from "../../lib/auth";
import { formatDateTime } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { ScheduleDialog } from "./ScheduleDialog";
import { ScoreBadge } from "./ScoreBadge";

/** /inspections: the inspections of the user's projects, newest first, the schedules' missed periods, and the way to start one. */
export function InspectionListPage() {
  const { t } = useTranslation("inspections");
  const actor = useActor();
  const navigate = useNavigate();
  const paged = usePagedList({}, (input, keep) => trpc.inspections.page.useQuery(input, keep));
  const schedules = trpc.inspections.schedules.useQuery();
  const [scheduling, setScheduling] = useState(false);
  return (
    <RecordListPage
      ns="inspections"
      paged={paged}
      actions={
        <>
          <Button component="a" href="/api/inspection-answers?format=csv" variant="default" leftSection={<IconFileSpreadsheet size={16} />}>
            {t("list.export")}
          </Button>
          {can(actor, "inspectionTemplate.manage") ? (
            <IconButton
              variant="default"
              icon={IconTemplate}
              onClick={() => void navigate({ to: "/inspections/templates" })}
              data-testid="inspection-templates"
            >
              {t("templates.link")}
            </IconButton>
          ) : null}
          {can(actor, "inspectionSchedule.manage") ? (
            <IconButton variant="default" icon={IconCalendarPlus} onClick={() => setScheduling(true)}>
              {t("schedule.button")}
            </IconButton>
          ) : null}
          {can(actor, "inspection.create") ? (
            <IconButton icon={IconPlus} onClick={() => void navigate({ to: "/inspections/new" })} data-testid="new-inspection">
              {t("list.newButton")}
            </IconButton>
          ) : null}
        </>
      }
      empty={{ message: t("list.emptyNone") }}
      testId="inspection-list"
      renderItem={(inspection) => (
        <RecordCard
          key={inspection.id}
          to={`/inspections/${inspection.id}`}
          testId="inspection-card"
          title={inspection.templateName}
          badge={<ScoreBadge score={inspection.score} />}
        >
          <InfoLine icon={IconBuildingSkyscraper}>{inspection.projectName}</InfoLine>
          <InfoLine icon={IconUser}>{inspection.inspectorName ?? "—"}</InfoLine>
          <Group justify="space-between" gap="xs">
            <InfoLine icon={IconCalendar}>{formatDateTime(inspection.inspectedAt)}</InfoLine>
            {inspection.openActionCount > 0 ? (
              <Badge color="orange" variant="light">
                {t("list.openActions", { count: inspection.openActionCount })}
              </Badge>
            ) : null}
          </Group>
        </RecordCard>
      )}
    >
      {scheduling ? <ScheduleDialog onClose={() => setScheduling(false)} /> : null}
      {(schedules.data ?? []).length > 0 ? (
        <Stack gap="xs" mb="md">
          <Title order={2} size="h4">
            {t("list.schedules")}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            {(schedules.data ?? []).map((s) => (
              <Card key={s.id} withBorder radius="md" padding="sm" data-testid="schedule-card">
                <Text fw={600} lineClamp={1}>
                  {s.templateName}
                </Text>
                <Text size="sm" c="dimmed" lineClamp={1}>
                  {`${s.projectName} · ${t(`list.frequency.${s.frequency}`)}`}
                </Text>
                <Group gap="xs" mt={6}>
                  <Badge variant="light">{t("list.doneOf", { done: s.done, scheduled: s.scheduled })}</Badge>
                  {s.missed > 0 ? (
                    <Badge color="red" variant="light">
                      {t("list.missed", { count: s.missed })}
                    </Badge>
                  ) : null}
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      ) : null}
    </RecordListPage>
  );
}
