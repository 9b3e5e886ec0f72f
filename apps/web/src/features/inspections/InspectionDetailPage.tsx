import { Anchor, Card, Group, Image, Stack, Table, Text, Title } from "@mantine/core";
import type { TemplateContent } from "@sitesafe/domain";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { BackAnchor, DetailFallback } from "../../components/BackLink";
import { PageHeader } from "../../components/PageHeader";
import { formatDate, formatDateTime } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { ActionBadges } from "./ActionBadges";
import { ItemPhotos } from "./ItemPhotos";
import { ScoreBadge } from "./ScoreBadge";

/** /inspections/:id: the inspection with the items of the version it used, its answers, signature and actions. */
export function InspectionDetailPage({ id }: { id: number }) {
  const { t } = useTranslation("inspections");
  const query = trpc.inspections.byId.useQuery({ id });
  const back = <BackAnchor to="/inspections" label={t("detail.back")} />;
  if (query.isPending || query.error) return <DetailFallback query={query} back={back} failed={t("detail.notFound")} />;
  const inspection = query.data;
  const sections = inspection.sections as TemplateContent;
  const answers = new Map(inspection.answers.map((a) => [a.itemKey, a]));
  const now = new Date();
  return (
    <>
      {back}
      <PageHeader
        title={inspection.templateName}
        subtitle={t("detail.subtitle", {
          project: inspection.projectName,
          date: formatDateTime(inspection.inspectedAt),
          inspector: inspection.inspectorName ?? "—",
        })}
        actions={<ScoreBadge score={inspection.score} size="xl" />}
      />
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t("detail.version", { version: inspection.templateVersion })}
        </Text>
        <Card withBorder radius="md" padding="md">
          <Title order={2} size="h4" mb="xs">
            {t("detail.actions")}
          </Title>
          {inspection.actions.length === 0 ? (
            <Text c="dimmed">{t("detail.noActions")}</Text>
          ) : (
            <Stack gap="xs">
              {inspection.actions.map((a) => (
                <Group key={a.id} justify="space-between" wrap="wrap" gap="xs" data-testid="inspection-action">
                  <Anchor component={Link} to={`/actions/${a.id}`}>
                    {a.description}
                  </Anchor>
                  <Group gap="xs">
                    <Text size="sm" c="dimmed">
                      {t("actions.due", { date: formatDate(a.dueAt) })}
                    </Text>
                    <ActionBadges status={a.status} priority={a.priority} overdue={a.status !== "closed" && new Date(a.dueAt) < now} />
                  </Group>
                </Group>
              ))}
            </Stack>
          )}
        </Card>
        <Card withBorder radius="md" padding="md">
          <Title order={2} size="h4" mb="xs">
            {t("detail.answers")}
          </Title>
          <Table.ScrollContainer minWidth={320}>
            <Table verticalSpacing="xs">
              <Table.Tbody>
                {sections.map((section) => [
                  <Table.Tr key={`s-${section.title}`}>
                    <Table.Td colSpan={2}>
                      <Text fw={600}>{section.title}</Text>
                    </Table.Td>
                  </Table.Tr>,
                  ...section.items.map((item) => {
                    const answer = answers.get(item.key);
                    return (
                      <Table.Tr key={item.key} data-testid={`answer-row-${item.key}`}>
                        <Table.Td>
                          <Text size="sm">{item.text}</Text>
                          {answer?.note ? (
                            <Text size="xs" c="dimmed">
                              {answer.note}
                            </Text>
                          ) : null}
                          {answer && answer.photos.length > 0 ? (
                            <ItemPhotos photos={answer.photos} projectId={inspection.projectId} />
                          ) : null}
                        </Table.Td>
                        <Table.Td style={{ whiteSpace: "nowrap" }}>
                          <Text size="sm" fw={600} c={answer?.outcome === "fail" ? "red" : answer?.outcome === "pass" ? "green" : "dimmed"}>
                            {answer ? t(`labels.outcome.${answer.outcome}`) : "—"}
                            {answer && typeof answer.value === "number" ? ` (${answer.value})` : ""}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    );
                  }),
                ])}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
        {inspection.notes ? (
          <Card withBorder radius="md" padding="md">
            <Title order={2} size="h4" mb="xs">
              {t("detail.notes")}
            </Title>
            <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
              {inspection.notes}
            </Text>
          </Card>
        ) : null}
        <Card withBorder radius="md" padding="md">
          <Title order={2} size="h4" mb="xs">
            {t("detail.signature")}
          </Title>
          <Image src={inspection.signature} alt={t("detail.signature")} maw={320} fit="contain" />
        </Card>
      </Stack>
    </>
  );
}
