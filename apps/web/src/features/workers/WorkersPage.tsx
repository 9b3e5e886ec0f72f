import { Anchor, Badge, Button, Card, Checkbox, Group, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { can, workerFullName } from "@sitesafe/domain";
import { IconEye, IconPlus } from "@tabler/icons-react";
import { keepPreviousData } from "@tanstack/react-query";
import { Link, Navigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ComplianceBar } from "../../components/ComplianceBar";
import { CardHeading } from "../../components/data/CardHeading";
import { type DataColumn, DataTable } from "../../components/data/DataTable";
import { QueryStates } from "../../components/data/QueryStates";
import { ExportCsvButton } from "../../components/ExportCsvButton";
import { PageHeader } from "../../components/PageHeader";
import { ServerPageControls, useServerPage } from "../../components/Paginated";
import { SearchBox } from "../../components/SearchBox";
import { EmptyState } from "../../components/States";
import { useActor } from "../../lib/auth";
import { useIsMobile } from "../../lib/device";
import { type RouterOutputs, trpc } from "../../lib/trpc";
import { roleLine } from "./roleLine";

type Worker = RouterOutputs["workers"]["page"]["items"][number];

function ProjectCount({ count }: { count: number }) {
  const { t } = useTranslation("workers");
  return (
    <Badge miw="max-content" variant="light" color={count > 0 ? "blue" : "gray"}>
      {t("projects", { count })}
    </Badge>
  );
}

/**
 * /workers and /managers (staff): search by name, e-mail, job role or phone; a table on desktop,
 * stacked cards on a phone. The managers list holds the manager positions only.
 */
export function WorkersPage({ mode }: { mode: "workers" | "managers" }) {
  const { t } = useTranslation("workers");
  const actor = useActor();
  const _isMobile = useIsMobile();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 200);
  const allowed = can(actor, "worker.list");
  const managers = mode === "managers";
  const [attention, setAttention] = useState(false);
  const filters = {
    search: debounced || undefined,
    managersOnly: managers,
    ...(attention && !managers ? { credentials: "attention" as const } : {}),
  };
  const pager = useServerPage(filters);
  const list = trpc.workers.page.useQuery(
    { ...filters, limit: pager.limit, offset: pager.offset },
    { enabled: allowed, placeholderData: keepPreviousData },
  );
  if (!allowed) return <Navigate to="/" replace />;

  const addAction = managers
    ? can(actor, "manager.create") && (
        <Button component={Link} to="/managers/new" leftSection={<IconPlus size={16} />}>
          {t("addManager")}
        </Button>
      )
    : can(actor, "worker.create") && (
        <Button component={Link} to="/workers/new" leftSection={<IconPlus size={16} />}>
          {t("addWorker")}
        </Button>
      );
  const view = (w: Worker) => (
    <Button
      component={Link}
      to={`/workers/${w.id}`}
      size="xs"
      variant="subtle"
      leftSection={<IconEye size={14} />}
      aria-label={t("viewNamed", { name: workerFullName(w) })}
    >
      {t("view")}
    </Button>
  );

  const workerCard = (w: Worker) => (
    <Card withBorder padding="sm" radius="md" data-testid="worker-row">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs" mb={4}>
        <CardHeading name={workerFullName(w)} to={`/workers/${w.id}`} summary={roleLine(w)} />
        <ProjectCount count={w.projectIds.length} />
      </Group>
      <Text size="sm" truncate>
        {w.email}
      </Text>
      {w.phone ? <Text size="sm">{w.phone}</Text> : null}
      <div style={{ margin: "8px 0 4px" }}>
        <ComplianceBar value={w.safetyCompliance} context="workerTable" />
      </div>
    </Card>
  );
  const columns: DataColumn<Worker>[] = [
    {
      header: t("columns.name"),
      cell: (w) => (
        <Anchor component={Link} to={`/workers/${w.id}`} fw={600} size="sm">
          {workerFullName(w)}
        </Anchor>
      ),
    },
    { header: t("columns.role"), cell: (w) => w.role },
    { header: t("columns.company"), cell: (w) => w.company ?? "—" },
    { header: t("columns.email"), cell: (w) => w.email },
    { header: t("columns.phone"), cell: (w) => w.phone ?? "—", td: { style: { whiteSpace: "nowrap" } } },
    { header: t("columns.projects"), cell: (w) => <ProjectCount count={w.projectIds.length} /> },
    {
      header: t("columns.compliance"),
      th: { w: 170 },
      cell: (w) => <ComplianceBar value={w.safetyCompliance} context="workerTable" />,
    },
    { cell: view },
  ];

  return (
    <>
      <PageHeader
        title={managers ? t("managersTitle") : t("workersTitle")}
        subtitle={managers ? t("managersSubtitle") : t("workersSubtitle")}
        actions={
          <>
            <ExportCsvButton path="/api/workers" filters={{ search: filters.search, managersOnly: managers || undefined }} />
            {managers ? null : (
              <ExportCsvButton path="/api/training-completion" filters={{ search: filters.search }} label={t("trainingCsv")} />
            )}
            {addAction || null}
          </>
        }
      />
      <SearchBox
        placeholder={t("searchPlaceholder")}
        label={managers ? t("searchManagers") : t("searchWorkers")}
        value={search}
        onSearch={setSearch}
        mb={managers ? "md" : "xs"}
        maw={480}
      />
      {managers ? null : (
        <Checkbox
          label={t("credentialsAttention")}
          checked={attention}
          onChange={(e) => setAttention(e.currentTarget.checked)}
          mb="md"
          data-testid="credentials-attention"
        />
      )}
      <QueryStates
        query={list}
        rows={6}
        failed={managers ? t("loadManagersFailed") : t("loadWorkersFailed")}
        isEmpty={(page) => page.total === 0}
        empty={
          debounced ? (
            <EmptyState title={managers ? t("noManagersFound") : t("noWorkersFound")} message={t("noMatch")} />
          ) : (
            <EmptyState
              title={managers ? t("noManagersYet") : t("noWorkersYet")}
              message={managers ? t("noManagersAdded") : t("noWorkersAdded")}
              action={addAction || undefined}
            />
          )
        }
      >
        {(page) => (
          <div style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
            <DataTable minWidth={880} rows={page.items} rowTestId="worker-row" columns={columns} card={workerCard} />
            <ServerPageControls pager={pager} total={page.total} />
          </div>
        )}
      </QueryStates>
    </>
  );
}
