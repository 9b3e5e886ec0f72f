import { highestRisk, SEARCH_MAX } from "@sitesafe/domain";
import { Badge, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconBuildingSkyscraper, IconCalendar, IconPlus, IconSearch, IconUser } from "@tabler/icons-react";
import { keepPreviousData } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { ContinueDraftNotice } from "../../components/FormSafety";
import { PageHeader } from "../../components/PageHeader";
import { ExportCsvButton } from "../../components/ExportCsvButton";
import { ServerPageControls, useServerPage } from "../../components/Paginated";
import { CardGridSkeleton, EmptyState, ErrorState } from "../../components/States";
import { formatDate } from "../../lib/format";
import { notifyError } from "../../lib/notify";
import { errorMessage, type RouterOutputs, trpc } from "../../lib/trpc";
import { JhaForm } from "./JhaForm";
import { RiskBadge } from "./RiskBadge";

type JhaListItem = RouterOutputs["jha"]["page"]["items"][number];

/** /forms/jha: the JHA forms of the user's visible projects, a search, a project filter and the new-form panel. */
export function JhaListPage() {
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
    if (list.error) notifyError("Failed to fetch JHA forms", errorMessage(list.error));
  }, [list.error]);

  if (creating) {
    return (
      <>
        <PageHeader title="New JHA Form" subtitle="Identify the job's hazards and how each one is controlled" />
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
        title="JHA Forms"
        subtitle="Job hazard analyses for your projects"
        actions={
          <>
            <ExportCsvButton path="/api/jha-forms" filters={filters} />
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating("new")}>
              New JHA
            </Button>
          </>
        }
      />
      <ContinueDraftNotice draftKey="jha.new" what="JHA" onContinue={() => setCreating("draft")} />
      <Group mb="md" gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          placeholder="Search JHA forms..."
          aria-label="Search JHA forms"
          maxLength={SEARCH_MAX}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          style={{ flex: "1 1 260px" }}
        />
        <Select
          aria-label="Filter by project"
          placeholder="All Projects"
          data={(options.data?.projects ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          value={projectFilter}
          onChange={setProjectFilter}
          clearable
          searchable
          style={{ flex: "1 1 200px" }}
        />
      </Group>
      {list.isPending ? (
        <CardGridSkeleton count={6} />
      ) : list.error ? (
        <ErrorState message="Failed to fetch JHA forms" onRetry={() => void list.refetch()} />
      ) : list.data.total === 0 ? (
        <EmptyState
          title="No JHA Forms Found"
          message={
            debounced || projectFilter
              ? "No JHA forms match your search. Try a different search or project."
              : "No job hazard analyses have been filed yet. Use New JHA to file the first one."
          }
        />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="jha-list" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
            {list.data.items.map((form) => (
              <JhaCard key={form.id} form={form} />
            ))}
          </SimpleGrid>
          <ServerPageControls pager={pager} total={list.data.total} />
        </>
      )}
    </>
  );
}

function JhaCard({ form }: { form: JhaListItem }) {
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
          {risk ? <RiskBadge level={risk} suffix=" risk" /> : null}
        </Group>
        <Group gap={6} wrap="nowrap" c="dimmed">
          <IconBuildingSkyscraper size={15} style={{ flexShrink: 0 }} />
          <Text size="sm" truncate>
            {form.projectName ?? "Unknown Project"}
          </Text>
        </Group>
        <Group gap={6} wrap="nowrap" c="dimmed">
          <IconUser size={15} style={{ flexShrink: 0 }} />
          <Text size="sm" truncate>
            {form.submitterName ?? "Unknown submitter"}
          </Text>
        </Group>
        <Group justify="space-between" gap="xs">
          <Group gap={6} wrap="nowrap" c="dimmed">
            <IconCalendar size={15} />
            <Text size="sm">{formatDate(form.submittedAt)}</Text>
          </Group>
          <Badge variant="outline" color="gray" radius="sm">
            {form.hazards.length} {form.hazards.length === 1 ? "hazard" : "hazards"}
          </Badge>
        </Group>
      </Stack>
    </Card>
  );
}
