import { highestRisk, SEARCH_MAX } from "@sitesafe/domain";
import { Badge, Button, Card, Group, Select, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconBuildingSkyscraper, IconCalendar, IconPlus, IconSearch, IconUser } from "@tabler/icons-react";
import { keepPreviousData } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ContinueDraftNotice } from "../../components/FormSafety";
import { PageHeader } from "../../components/PageHeader";
import { ExportCsvButton } from "../../components/ExportCsvButton";
import { PagedCardGrid } from "../../components/PagedCardGrid";
import { useServerPage } from "../../components/Paginated";
import { formatDate } from "../../lib/format";
import { notifyError } from "../../lib/notify";
import { errorMessage, type RouterOutputs, trpc } from "../../lib/trpc";
import { JhaForm } from "./JhaForm";
import { RiskBadge } from "./RiskBadge";

type JhaListItem = RouterOutputs["jha"]["page"]["items"][number];

/** /forms/jha: the JHA forms of the user's visible projects, a search, a project filter and the new-form panel. */
export function JhaListPage() {
  const { t } = useTranslation("jha");
  const navigate = useNavigate();
  const [creating, setCreating] = useState<false | "new" | "draft">(false);
  const [search, setSearch] = useState("");
  const [projectFilter, setProjectFilter] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const filters = { search: debounced || undefined, projectId: projectFilter === null ? undefined : Number(projectFilter) };
  const pager = useServerPage(filters);
  const list = trpc.jha.page.useQuery({ ...filters, limit: pager.limit, offset: pager.offset }, { placeholderData: keepPreviousData });
  const options = trpc.jha.formOptions.useQuery();

  useEffect(() => {
    if (list.error) notifyError(t("list.fetchFailed"), errorMessage(list.error));
  }, [list.error, t]);

  if (creating) {
    return (
      <>
        <PageHeader title={t("list.newTitle")} subtitle={t("list.newSubtitle")} />
        <JhaForm
          defaultProjectId={projectFilter ? Number(projectFilter) : undefined}
          continueDraft={creating === "draft"}
          onCancel={() => setCreating(false)}
          // The new analysis's own page, with the success toast.
          onDone={(saved) => void navigate({ to: "/forms/jha/$id", params: { id: String(saved.id) } })}
        />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={t("list.title")}
        subtitle={t("list.subtitle")}
        actions={
          <>
            <ExportCsvButton path="/api/jha-forms" filters={filters} />
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating("new")}>
              {t("list.newButton")}
            </Button>
          </>
        }
      />
      <ContinueDraftNotice draftKey="jha.new" what={t("list.draftWhat")} onContinue={() => setCreating("draft")} />
      <Group mb="md" gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          placeholder={t("list.searchPlaceholder")}
          aria-label={t("list.searchLabel")}
          maxLength={SEARCH_MAX}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          style={{ flex: "1 1 260px" }}
        />
        <Select
          aria-label={t("list.projectFilterLabel")}
          placeholder={t("list.allProjects")}
          data={(options.data?.projects ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          value={projectFilter}
          onChange={setProjectFilter}
          clearable
          searchable
          style={{ flex: "1 1 200px" }}
        />
      </Group>
      <PagedCardGrid
        query={list}
        pager={pager}
        errorMessage={t("list.fetchFailed")}
        empty={{ title: t("list.emptyTitle"), message: debounced || projectFilter ? t("list.emptyFiltered") : t("list.emptyNone") }}
        testId="jha-list"
        renderItem={(form) => <JhaCard key={form.id} form={form} />}
      />
    </>
  );
}

function JhaCard({ form }: { form: JhaListItem }) {
  const { t } = useTranslation("jha");
  const risk = highestRisk(form.hazards);
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component={Link}
      to={`/forms/jha/${form.id}`}
      style={{ textDecoration: "none", color: "inherit" }}
      data-testid="jha-card"
    >
      <Stack gap={8}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Text fw={600} lineClamp={2}>
            {form.title}
          </Text>
          {risk ? <RiskBadge level={risk} withSuffix /> : null}
        </Group>
        <Group gap={6} wrap="nowrap" c="dimmed">
          <IconBuildingSkyscraper size={15} style={{ flexShrink: 0 }} />
          <Text size="sm" truncate>
            {form.projectName ?? t("list.unknownProject")}
          </Text>
        </Group>
        <Group gap={6} wrap="nowrap" c="dimmed">
          <IconUser size={15} style={{ flexShrink: 0 }} />
          <Text size="sm" truncate>
            {form.submitterName ?? t("list.unknownSubmitter")}
          </Text>
        </Group>
        <Group justify="space-between" gap="xs">
          <Group gap={6} wrap="nowrap" c="dimmed">
            <IconCalendar size={15} />
            <Text size="sm">{formatDate(form.submittedAt)}</Text>
          </Group>
          <Badge variant="outline" color="gray" radius="sm">
            {t("list.hazardCount", { count: form.hazards.length })}
          </Badge>
        </Group>
      </Stack>
    </Card>
  );
}
