import { Image, Stack, Table, Text } from "@mantine/core";
import type { TemplateContent } from "@sitesafe/domain";
import { useTranslation } from "react-i18next";
import { BackAnchor, DetailFallback } from "../../components/BackLink";
import { PageHeader } from "../../components/PageHeader";
import { DetailCard } from "../../components/record/RecordDetail";
import { formatDateTime } from "../../lib/format";
import { type RouterOutputs, trpc } from "../../lib/trpc";
import { ActionLine } from "./ActionBadges";
import { ItemPhotos } from "./ItemPhotos";
import { ScoreBadge } from "./ScoreBadge";

/** /inspections/:id: the inspection with the items of the version it used, its answers, signature and actions. */
export function InspectionDetailPage({ id }: { id: number }) {
  const { t } = useTranslation("inspections");
  const query = trpc.inspections.byId.useQuery({ id });
  const back = <BackAnchor to="/inspections" label={t("detail.back")} />;
  if (query.isPending || query.error) return <DetailFallback query={query} back={back} failed={t("detail.notFound")} />;
  const inspection = query.data;
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
        <DetailCard title={t("detail.actions")} mb="xs">
          {inspection.actions.length === 0 ? (
            <Text c="dimmed">{t("detail.noActions")}</Text>
          ) : (
            <Stack gap="xs">
              {inspection.actions.map((a) => (
                <ActionLine
                  key={a.id}
                  action={{ ...a, overdue: a.status !== "closed" && new Date(a.dueAt) < now }}
                  testId="inspection-action"
                />
              ))}
            </Stack>
          )}
        </DetailCard>
        <DetailCard title={t("detail.answers")} mb="xs">
          <AnswersTable sections={inspection.sections as TemplateContent} answers={inspection.answers} projectId={inspection.projectId} />
        </DetailCard>
        {inspection.notes ? (
          <DetailCard title={t("detail.notes")} mb="xs">
            <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
              {inspection.notes}
            </Text>
          </DetailCard>
        ) : null}
        <DetailCard title={t("detail.signature")} mb="xs">
          <Image src={inspection.signature} alt={t("detail.signature")} maw={320} fit="contain" />
        </DetailCard>
      </Stack>
    </>
  );
}

type Answer = RouterOutputs["inspections"]["byId"]["answers"][number];

/** Each section's items with the answer given, its note and photos, and the outcome. */
function AnswersTable({ sections, answers: given, projectId }: { sections: TemplateContent; answers: Answer[]; projectId: number }) {
  const { t } = useTranslation("inspections");
  const answers = new Map(given.map((a) => [a.itemKey, a]));
  return (
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
                    {answer && answer.photos.length > 0 ? <ItemPhotos photos={answer.photos} projectId={projectId} /> : null}
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
  );
}
