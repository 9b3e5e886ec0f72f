import { ActionIcon, Anchor, Badge, Button, Card, Group, Modal, ScrollArea, Stack, Text, Tooltip } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { can, workerFullName } from "@sitesafe/domain";
import { IconEye, IconPlus, IconUserMinus } from "@tabler/icons-react";
import { keepPreviousData } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ComplianceBar } from "../../components/ComplianceBar";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { CardHeading } from "../../components/data/CardHeading";
import { type DataColumn, DataTable } from "../../components/data/DataTable";
import { QueryStates } from "../../components/data/QueryStates";
import { SearchBox } from "../../components/SearchBox";
import { EmptyState } from "../../components/States";
import { useActor } from "../../lib/auth";
import { useIsMobile } from "../../lib/device";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, invalidateLists, type RouterOutputs, trpc } from "../../lib/trpc";
import { AssignmentCredentialWarning } from "../credentials/ProjectCredentialsCard";
import { roleLine } from "../workers/roleLine";

type Crew = RouterOutputs["projects"]["workers"][number];
/** The credentials an assignment warns about (issue #36), with the worker's name. */
type CredentialWarning = { name: string | null; warnings: RouterOutputs["projects"]["assignWorker"]["credentialWarnings"] };

function VideosBadge({ count }: { count: number }) {
  const { t } = useTranslation("projects");
  return count > 0 ? (
    <Badge miw="max-content" color="orange" variant="light" data-testid="unwatched-videos">
      {t("crew.unwatched", { count })}
    </Badge>
  ) : (
    <Badge miw="max-content" color="green" variant="light" data-testid="unwatched-videos">
      {t("crew.upToDate")}
    </Badge>
  );
}

function useRefreshCrew(projectId: number) {
  const utils = trpc.useUtils();
  return () =>
    Promise.all([
      utils.projects.workers.invalidate({ id: projectId }),
      utils.projects.byId.invalidate({ id: projectId }),
      invalidateLists(utils.projects),
      utils.projects.stats.invalidate(),
      invalidateLists(utils.workers),
      utils.credentials.projectCompliance.invalidate({ id: projectId }),
    ]);
}

/** How many workers the add dialog lists at once; a search narrows thousands down to these. */
const ADD_WORKER_CHOICES = 50;

/** "Add Worker to Project": workers not yet on the project, searched on the server. */
function AddWorkerDialog({
  projectId,
  opened,
  onClose,
  assigned,
  warning,
  onWarning,
}: {
  projectId: number;
  opened: boolean;
  onClose: () => void;
  assigned: Set<number>;
  warning: CredentialWarning | null;
  onWarning: (w: CredentialWarning | null) => void;
}) {
  const { t } = useTranslation("projects");
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const all = trpc.workers.page.useQuery(
    { search: debounced || undefined, limit: ADD_WORKER_CHOICES },
    { enabled: opened, placeholderData: keepPreviousData },
  );
  const refresh = useRefreshCrew(projectId);
  const add = trpc.projects.assignWorker.useMutation({
    onSuccess: async (row, vars) => {
      await refresh();
      const w = all.data?.items.find((x) => x.id === vars.workerId);
      onWarning(row.credentialWarnings.length ? { name: w ? workerFullName(w) : null, warnings: row.credentialWarnings } : null);
      notifySuccess(t("crew.added"), w ? t("crew.addedMessage", { name: workerFullName(w) }) : t("crew.addedAnonymous"));
    },
    onError: (e) => notifyError(t("crew.addFailed"), errorMessage(e)),
  });
  const candidates = (all.data?.items ?? []).filter((w) => !assigned.has(w.id));
  const more = all.data ? all.data.total - all.data.items.length : 0;

  return (
    <Modal opened={opened} onClose={onClose} title={t("crew.addTitle")} size="lg" centered>
      {warning ? <AssignmentCredentialWarning name={warning.name} warnings={warning.warnings} onClose={() => onWarning(null)} /> : null}
      <SearchBox
        label={t("crew.searchWorkers")}
        placeholder={t("crew.searchWorkers")}
        value={search}
        onSearch={setSearch}
        mb="sm"
        data-autofocus
      />
      {more > 0 ? (
        <Text size="xs" c="dimmed" mb="xs">
          {t("crew.showingFirst", { shown: ADD_WORKER_CHOICES, total: all.data?.total ?? 0 })}
        </Text>
      ) : null}
      <QueryStates
        query={all}
        failed={t("crew.failed")}
        empty={
          <Text c="dimmed" size="sm" ta="center" py="md">
            {debounced ? t("crew.noMatch") : t("crew.allAssigned")}
          </Text>
        }
        isEmpty={() => candidates.length === 0}
      >
        {() => (
          <ScrollArea.Autosize mah={420}>
            <Stack gap="xs">
              {candidates.map((w) => (
                <Group key={w.id} justify="space-between" wrap="nowrap" gap="sm" data-testid="add-worker-row">
                  <CardHeading name={workerFullName(w)} summary={roleLine(w)} size="sm" />
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconPlus size={14} />}
                    loading={add.isPending && add.variables?.workerId === w.id}
                    disabled={add.isPending}
                    onClick={() => add.mutate({ id: projectId, workerId: w.id })}
                    aria-label={t("crew.addNamed", { name: workerFullName(w) })}
                  >
                    {t("crew.add")}
                  </Button>
                </Group>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </QueryStates>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t("crew.done")}
        </Button>
      </Group>
    </Modal>
  );
}

/** The Workers tab of a project (staff): the crew with compliance and required videos. */
export function ProjectWorkersTab({ projectId }: { projectId: number }) {
  const { t } = useTranslation("projects");
  const actor = useActor();
  const _isMobile = useIsMobile();
  const crew = trpc.projects.workers.useQuery({ id: projectId });
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Crew | null>(null);
  const [warning, setWarning] = useState<CredentialWarning | null>(null);
  const refresh = useRefreshCrew(projectId);
  const remove = trpc.projects.removeWorker.useMutation({
    onSuccess: async () => {
      await refresh();
      notifySuccess(t("crew.removed"), removing ? t("crew.removedMessage", { name: workerFullName(removing) }) : undefined);
      setRemoving(null);
    },
    onError: (e) => {
      setRemoving(null);
      notifyError(t("crew.removeFailed"), errorMessage(e));
    },
  });
  const manage = can(actor, "project.manageWorkers", { projectId });
  const assigned = useMemo(() => new Set((crew.data ?? []).map((w) => w.id)), [crew.data]);

  const actions = (w: Crew) => (
    <Group gap={4} wrap="nowrap">
      <Button component={Link} to={`/workers/${w.id}`} size="xs" variant="subtle" leftSection={<IconEye size={14} />}>
        {t("crew.view")}
      </Button>
      {manage ? (
        <Button
          size="xs"
          variant="subtle"
          color="red"
          leftSection={<IconUserMinus size={14} />}
          onClick={() => setRemoving(w)}
          aria-label={t("crew.removeNamed", { name: workerFullName(w) })}
        >
          {t("crew.remove")}
        </Button>
      ) : null}
    </Group>
  );

  const iconActions = (w: Crew) => (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={t("crew.viewWorker")} openDelay={700}>
        <ActionIcon component={Link} to={`/workers/${w.id}`} variant="subtle" aria-label={t("crew.viewNamed", { name: workerFullName(w) })}>
          <IconEye size={18} />
        </ActionIcon>
      </Tooltip>
      {manage ? (
        <Tooltip label={t("crew.removeFromProject")} openDelay={700}>
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={() => setRemoving(w)}
            aria-label={t("crew.removeNamed", { name: workerFullName(w) })}
          >
            <IconUserMinus size={18} />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );

  const workerCard = (w: Crew) => (
    <Card withBorder padding="sm" radius="md" data-testid="project-worker-row">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs" mb={4}>
        <CardHeading name={workerFullName(w)} summary={roleLine(w)} />
        <VideosBadge count={w.unwatchedVideos} />
      </Group>
      <Text size="sm" truncate>
        <Anchor href={`mailto:${w.email}`}>{w.email}</Anchor>
      </Text>
      {w.phone ? (
        <Text size="sm">
          <Anchor href={`tel:${w.phone}`}>{w.phone}</Anchor>
        </Text>
      ) : null}
      <div style={{ margin: "8px 0" }}>
        <ComplianceBar value={w.safetyCompliance} context="workerTable" />
      </div>
      {actions(w)}
    </Card>
  );
  const columns: DataColumn<Crew>[] = [
    { header: t("crew.name"), cell: workerFullName, td: { fw: 600 } },
    { header: t("crew.role"), cell: (w) => w.role },
    { header: t("crew.company"), cell: (w) => w.company ?? "—" },
    {
      header: t("crew.email"),
      cell: (w) => (
        <Anchor href={`mailto:${w.email}`} size="sm">
          {w.email}
        </Anchor>
      ),
    },
    { header: t("crew.phone"), cell: (w) => w.phone ?? "—", td: { style: { whiteSpace: "nowrap" } } },
    {
      header: t("crew.compliance"),
      cell: (w) => <ComplianceBar value={w.safetyCompliance} context="workerTable" />,
      td: { style: { minWidth: 170 } },
    },
    { header: t("crew.videos"), cell: (w) => <VideosBadge count={w.unwatchedVideos} /> },
    { cell: iconActions },
  ];

  return (
    <Stack gap="sm">
      {warning && !adding ? (
        <AssignmentCredentialWarning name={warning.name} warnings={warning.warnings} onClose={() => setWarning(null)} />
      ) : null}
      {manage ? (
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            {t("crew.addTitle")}
          </Button>
        </Group>
      ) : null}
      <QueryStates
        query={crew}
        rows={5}
        failed={t("crew.failed")}
        empty={<EmptyState title={t("crew.none")} message={t("crew.noneMessage")} />}
      >
        {(workers) => <DataTable minWidth={940} rows={workers} rowTestId="project-worker-row" columns={columns} card={workerCard} />}
      </QueryStates>
      <AddWorkerDialog
        projectId={projectId}
        opened={adding}
        onClose={() => setAdding(false)}
        assigned={assigned}
        warning={warning}
        onWarning={setWarning}
      />
      <ConfirmDialog
        opened={removing !== null}
        title={t("crew.removeTitle")}
        message={removing ? t("crew.removeMessage", { name: workerFullName(removing) }) : ""}
        confirmLabel={t("crew.remove")}
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate({ id: projectId, workerId: removing.id })}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
