import { can, workerFullName, SEARCH_MAX } from "@sitesafe/domain";
import { ActionIcon, Anchor, Badge, Button, Card, Group, Modal, ScrollArea, Stack, Table, Text, TextInput, Tooltip } from "@mantine/core";
import { IconEye, IconPlus, IconSearch, IconUserMinus } from "@tabler/icons-react";
import { useDebouncedValue } from "@mantine/hooks";
import { keepPreviousData } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { ComplianceBar } from "../../components/ComplianceBar";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { EmptyState, ErrorState, ListSkeleton } from "../../components/States";
import { useActor } from "../../lib/auth";
import { useIsMobile } from "../../lib/device";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, type RouterOutputs, trpc, invalidateLists } from "../../lib/trpc";

type Crew = RouterOutputs["projects"]["workers"][number];

function VideosBadge({ count }: { count: number }) {
  return count > 0 ? (
    <Badge miw="max-content" color="orange" variant="light" data-testid="unwatched-videos">
      {count} unwatched {count === 1 ? "video" : "videos"}
    </Badge>
  ) : (
    <Badge miw="max-content" color="green" variant="light" data-testid="unwatched-videos">
      Up to date
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
    ]);
}

/** How many workers the add dialog lists at once; a search narrows thousands down to these. */
const ADD_WORKER_CHOICES = 50;

/** "Add Worker to Project": workers not yet on the project, searched on the server. */
function AddWorkerDialog({ projectId, opened, onClose, assigned }: { projectId: number; opened: boolean; onClose: () => void; assigned: Set<number> }) {
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const all = trpc.workers.page.useQuery(
    { search: debounced || undefined, limit: ADD_WORKER_CHOICES },
    { enabled: opened, placeholderData: keepPreviousData },
  );
  const refresh = useRefreshCrew(projectId);
  const add = trpc.projects.assignWorker.useMutation({
    onSuccess: async (_row, vars) => {
      await refresh();
      const w = all.data?.items.find((x) => x.id === vars.workerId);
      notifySuccess("Worker added", w ? `${workerFullName(w)} has been added to the project.` : "The worker has been added to the project.");
    },
    onError: (e) => notifyError("Failed to add worker", errorMessage(e)),
  });
  const candidates = (all.data?.items ?? []).filter((w) => !assigned.has(w.id));
  const more = all.data ? all.data.total - all.data.items.length : 0;

  return (
    <Modal opened={opened} onClose={onClose} title="Add Worker to Project" size="lg" centered>
      <TextInput
        placeholder="Search workers"
        aria-label="Search workers"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maxLength={SEARCH_MAX}
        mb="sm"
        data-autofocus
      />
      {more > 0 ? (
        <Text size="xs" c="dimmed" mb="xs">
          Showing the first {ADD_WORKER_CHOICES} of {all.data?.total.toLocaleString()} workers. Search by name, email, role or phone to find others.
        </Text>
      ) : null}
      {all.isPending ? (
        <ListSkeleton rows={4} />
      ) : all.error ? (
        <ErrorState message="Failed to fetch workers" onRetry={() => void all.refetch()} />
      ) : candidates.length === 0 ? (
        <Text c="dimmed" size="sm" ta="center" py="md">
          {debounced ? "No workers found matching your search criteria." : "Every worker is already on this project."}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={420}>
          <Stack gap="xs">
            {candidates.map((w) => (
              <Group key={w.id} justify="space-between" wrap="nowrap" gap="sm" data-testid="add-worker-row">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} size="sm" truncate>
                    {workerFullName(w)}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {w.role}
                    {w.company ? ` · ${w.company}` : ""}
                  </Text>
                </div>
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconPlus size={14} />}
                  loading={add.isPending && add.variables?.workerId === w.id}
                  disabled={add.isPending}
                  onClick={() => add.mutate({ id: projectId, workerId: w.id })}
                  aria-label={`Add ${workerFullName(w)}`}
                >
                  Add
                </Button>
              </Group>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Done
        </Button>
      </Group>
    </Modal>
  );
}

/** The Workers tab of a project (staff): the crew with compliance and required videos. */
export function ProjectWorkersTab({ projectId }: { projectId: number }) {
  const actor = useActor();
  const isMobile = useIsMobile();
  const crew = trpc.projects.workers.useQuery({ id: projectId });
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Crew | null>(null);
  const refresh = useRefreshCrew(projectId);
  const remove = trpc.projects.removeWorker.useMutation({
    onSuccess: async () => {
      await refresh();
      notifySuccess("Worker removed", removing ? `${workerFullName(removing)} has been removed from the project.` : undefined);
      setRemoving(null);
    },
    onError: (e) => {
      setRemoving(null);
      notifyError("Failed to remove worker", errorMessage(e));
    },
  });
  const manage = can(actor, "project.manageWorkers", { projectId });
  const assigned = useMemo(() => new Set((crew.data ?? []).map((w) => w.id)), [crew.data]);

  const actions = (w: Crew) => (
    <Group gap={4} wrap="nowrap">
      <Button component={Link} to={`/workers/${w.id}`} size="xs" variant="subtle" leftSection={<IconEye size={14} />}>
        View
      </Button>
      {manage ? (
        <Button size="xs" variant="subtle" color="red" leftSection={<IconUserMinus size={14} />} onClick={() => setRemoving(w)} aria-label={`Remove ${workerFullName(w)}`}>
          Remove
        </Button>
      ) : null}
    </Group>
  );

  return (
    <Stack gap="sm">
      {manage ? (
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            Add Worker to Project
          </Button>
        </Group>
      ) : null}
      {crew.isPending ? (
        <ListSkeleton rows={5} />
      ) : crew.error ? (
        <ErrorState message="Failed to fetch workers" onRetry={() => void crew.refetch()} />
      ) : crew.data.length === 0 ? (
        <EmptyState title="No workers assigned" message="Add workers to this project to track their safety compliance." />
      ) : isMobile ? (
        <Stack gap="xs">
          {crew.data.map((w) => (
            <Card key={w.id} withBorder padding="sm" radius="md" data-testid="project-worker-row">
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs" mb={4}>
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} truncate>
                    {workerFullName(w)}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {w.role}
                    {w.company ? ` · ${w.company}` : ""}
                  </Text>
                </div>
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
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={940}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Company</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Phone</Table.Th>
                <Table.Th>Compliance</Table.Th>
                <Table.Th>Videos</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {crew.data.map((w) => (
                <Table.Tr key={w.id} data-testid="project-worker-row">
                  <Table.Td fw={600}>{workerFullName(w)}</Table.Td>
                  <Table.Td>{w.role}</Table.Td>
                  <Table.Td>{w.company ?? "—"}</Table.Td>
                  <Table.Td>
                    <Anchor href={`mailto:${w.email}`} size="sm">
                      {w.email}
                    </Anchor>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{w.phone ?? "—"}</Table.Td>
                  <Table.Td style={{ minWidth: 170 }}>
                    <ComplianceBar value={w.safetyCompliance} context="workerTable" />
                  </Table.Td>
                  <Table.Td>
                    <VideosBadge count={w.unwatchedVideos} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Tooltip label="View worker" openDelay={700}>
                        <ActionIcon component={Link} to={`/workers/${w.id}`} variant="subtle" aria-label={`View ${workerFullName(w)}`}>
                          <IconEye size={18} />
                        </ActionIcon>
                      </Tooltip>
                      {manage ? (
                        <Tooltip label="Remove from project" openDelay={700}>
                          <ActionIcon variant="subtle" color="red" onClick={() => setRemoving(w)} aria-label={`Remove ${workerFullName(w)}`}>
                            <IconUserMinus size={18} />
                          </ActionIcon>
                        </Tooltip>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <AddWorkerDialog projectId={projectId} opened={adding} onClose={() => setAdding(false)} assigned={assigned} />
      <ConfirmDialog
        opened={removing !== null}
        title="Remove Worker"
        message={removing ? `Remove ${workerFullName(removing)} from this project? Their training and video records are kept.` : ""}
        confirmLabel="Remove"
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate({ id: projectId, workerId: removing.id })}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
