import {
  isStaff,
  staticTrainingSlugs,
  trainingModuleTypeLabels,
  trainingModuleTypes,
  trainingStatusLabels,
  type StaticTrainingSlug,
  type TrainingModuleType,
  workerComplianceLabel,
} from "@sitesafe/domain";
import { Accordion, Badge, Button, Card, Grid, Group, NavLink, Paper, Select, SimpleGrid, Stack, Table, Tabs, Text, Title } from "@mantine/core";
import { IconArrowLeft, IconBook, IconCertificate, IconClock, IconUsers } from "@tabler/icons-react";
import { Link, useNavigate } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";
import { ComplianceBar } from "../../components/ComplianceBar";
import { PageHeader } from "../../components/PageHeader";
import { CardGridSkeleton, EmptyState, ErrorState, ListSkeleton } from "../../components/States";
import { useActor } from "../../lib/auth";
import { useIsMobile } from "../../lib/device";
import { formatDate } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { statusOf, type TrainingModule, useWorkerTrainings } from "./hooks";
import { SectionBody } from "./parts";
import { statusColor } from "./RequiredTrainingPage";

const staticPaths = {
  "site-safety": "/training/site-safety",
  "spotter-safety": "/training/spotter-safety",
  "fall-protection": "/training/fall-protection",
  "hazardous-materials": "/training/hazardous-materials",
} as const satisfies Record<StaticTrainingSlug, string>;

const isStaticSlug = (slug: string | null): slug is StaticTrainingSlug => slug !== null && (staticTrainingSlugs as readonly string[]).includes(slug);

/** Where "Open Training" goes: the static page for seeded static modules, else the module page. */
function TrainingLink({ module }: { module: TrainingModule }) {
  if (isStaticSlug(module.slug)) {
    return (
      <Button component={Link} to={staticPaths[module.slug]}>
        Open Training
      </Button>
    );
  }
  return <OpenModuleButton moduleId={module.id} />;
}

function OpenModuleButton({ moduleId }: { moduleId: number }) {
  const navigate = useNavigate();
  return <Button onClick={() => void navigate({ to: "/training/required/$moduleId", params: { moduleId: String(moduleId) } })}>Open Training</Button>;
}

/** /training/modules: "Safety Training Programs" (?mid= one module, ?wid= whose progress). */
export function TrainingProgramsPage({ mid, wid }: { mid: number | undefined; wid: number | undefined }) {
  const actor = useActor();
  const staff = actor ? isStaff(actor) : false;
  const navigate = useNavigate({ from: "/training/modules" });
  const isMobile = useIsMobile();
  const [category, setCategory] = useState<TrainingModuleType | "all">("all");
  const [tab, setTab] = useState<string | null>("modules");
  const modules = trpc.training.modules.useQuery();
  const summaries = trpc.training.workerSummaries.useQuery(undefined, { enabled: staff });
  // Whose progress: ?wid= for staff, otherwise the signed-in worker.
  const progressWorkerId = staff ? (wid ?? null) : (actor?.workerId ?? null);
  const trainings = useWorkerTrainings(progressWorkerId);
  const viewedWorker = staff && wid ? summaries.data?.find((w) => w.workerId === wid) : undefined;

  const list = modules.data ?? [];
  const filtered = category === "all" ? list : list.filter((m) => m.type === category);
  const completed = trainings.records.filter((r) => r.status === "completed").length;
  const inProgress = trainings.records.filter((r) => r.status === "in_progress").length;

  if (mid !== undefined) {
    const module = list.find((m) => m.id === mid);
    return (
      <Stack gap="md">
        <Button
          variant="subtle"
          leftSection={<IconArrowLeft size={16} />}
          w="fit-content"
          px={0}
          onClick={() => void navigate({ search: (prev) => ({ ...prev, mid: undefined }) })}
        >
          Back to All Modules
        </Button>
        {modules.isPending ? (
          <ListSkeleton rows={4} />
        ) : modules.isError ? (
          <ErrorState message="Failed to fetch training modules" onRetry={() => void modules.refetch()} />
        ) : !module ? (
          <EmptyState title="Training module not found" message="The module may have been removed, or the link is wrong." />
        ) : (
          <ModuleDetailCard module={module} record={trainings.byModule.get(module.id)} workerName={viewedWorker ? `${viewedWorker.firstName} ${viewedWorker.lastName}` : null} />
        )}
      </Stack>
    );
  }

  const categories = (
    <Stack gap={2}>
      <NavLink label="All Categories" active={category === "all"} onClick={() => setCategory("all")} rightSection={<Badge size="xs" variant="light">{list.length}</Badge>} />
      {trainingModuleTypes.map((type) => (
        <NavLink
          key={type}
          label={trainingModuleTypeLabels[type]}
          active={category === type}
          onClick={() => setCategory(type)}
          rightSection={
            <Badge size="xs" variant="light" color="gray">
              {list.filter((m) => m.type === type).length}
            </Badge>
          }
        />
      ))}
    </Stack>
  );

  return (
    <>
      <PageHeader
        title="Safety Training Programs"
        subtitle="Browse every training module by category and follow each worker's completion."
        actions={
          <Button component={Link} to="/training/required" variant="light" leftSection={<IconCertificate size={16} />}>
            Required Training
          </Button>
        }
      />

      <SimpleGrid cols={{ base: 1, xs: 3 }} mb="lg">
        <SummaryCard label="Training Modules" value={String(list.length)} icon={<IconBook size={18} />} />
        <SummaryCard label={viewedWorker ? `Completed by ${viewedWorker.firstName}` : "Completed"} value={progressWorkerId ? `${completed} of ${list.length}` : "—"} icon={<IconCertificate size={18} />} />
        {staff ? (
          <SummaryCard label="Workers" value={summaries.data ? String(summaries.data.length) : "…"} icon={<IconUsers size={18} />} />
        ) : (
          <SummaryCard label="In Progress" value={String(inProgress)} icon={<IconClock size={18} />} />
        )}
      </SimpleGrid>

      <Tabs value={tab} onChange={setTab}>
        <Tabs.List mb="md">
          <Tabs.Tab value="modules">Training Modules</Tabs.Tab>
          {staff ? <Tabs.Tab value="compliance">Worker Compliance</Tabs.Tab> : null}
        </Tabs.List>

        <Tabs.Panel value="modules">
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 3 }}>
              {isMobile ? (
                <Select
                  label="Category"
                  data={[{ value: "all", label: "All Categories" }, ...trainingModuleTypes.map((t) => ({ value: t, label: trainingModuleTypeLabels[t] }))]}
                  value={category}
                  allowDeselect={false}
                  onChange={(v) => setCategory((v as TrainingModuleType | "all" | null) ?? "all")}
                />
              ) : (
                <Paper withBorder radius="md" p="xs">
                  <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" py={6}>
                    Categories
                  </Text>
                  {categories}
                </Paper>
              )}
              {staff && summaries.data?.length ? (
                <Select
                  mt="md"
                  label="Show progress for"
                  placeholder="Choose a worker"
                  clearable
                  searchable
                  data={summaries.data.map((w) => ({ value: String(w.workerId), label: `${w.firstName} ${w.lastName}` }))}
                  value={wid ? String(wid) : null}
                  onChange={(v) => void navigate({ search: (prev) => ({ ...prev, wid: v ? Number(v) : undefined }) })}
                />
              ) : null}
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 9 }}>
              {modules.isPending ? (
                <CardGridSkeleton />
              ) : modules.isError ? (
                <ErrorState message="Failed to fetch training modules" onRetry={() => void modules.refetch()} />
              ) : filtered.length === 0 ? (
                <EmptyState title="No Modules Found" message="There are no training modules in this category." />
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  {filtered.map((m) => {
                    const record = trainings.byModule.get(m.id);
                    const status = statusOf(record);
                    return (
                      <Card key={m.id} withBorder radius="md" padding="lg">
                        <Stack gap="xs" h="100%">
                          <Group justify="space-between" align="flex-start" wrap="nowrap">
                            <Text fw={600}>{m.title}</Text>
                            {progressWorkerId ? (
                              <Badge color={statusColor[status]} variant="light" style={{ flexShrink: 0 }}>
                                {trainingStatusLabels[status]}
                              </Badge>
                            ) : null}
                          </Group>
                          <Group gap="xs">
                            <Badge variant="outline" color="orange" size="sm">
                              {trainingModuleTypeLabels[m.type]}
                            </Badge>
                            <Text size="xs" c="dimmed">
                              {m.duration} min · {m.content.sections.length} sections · {m.content.quiz.length} questions
                            </Text>
                          </Group>
                          <Text size="sm" c="dimmed" lineClamp={2} style={{ flex: 1 }}>
                            {m.description}
                          </Text>
                          {progressWorkerId ? <ComplianceBar value={status === "completed" ? 100 : (record?.progress ?? 0)} context="moduleCard" label={false} /> : null}
                          <Button variant="light" onClick={() => void navigate({ search: (prev) => ({ ...prev, mid: m.id }) })}>
                            View Module
                          </Button>
                        </Stack>
                      </Card>
                    );
                  })}
                </SimpleGrid>
              )}
            </Grid.Col>
          </Grid>
        </Tabs.Panel>

        {staff ? (
          <Tabs.Panel value="compliance">
            {summaries.isPending ? (
              <ListSkeleton rows={5} />
            ) : summaries.isError ? (
              <ErrorState message="Failed to fetch training completion data" onRetry={() => void summaries.refetch()} />
            ) : summaries.data.length === 0 ? (
              <EmptyState title="No Workers Found" message="No workers have been added yet." />
            ) : isMobile ? (
              <Stack gap="sm">
                {summaries.data.map((w) => (
                  <Card key={w.workerId} withBorder padding="md" radius="md">
                    <Group justify="space-between" wrap="nowrap" mb={6}>
                      <div style={{ minWidth: 0 }}>
                        <Text fw={600} truncate>
                          {w.firstName} {w.lastName}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {w.role}
                          {w.company ? ` · ${w.company}` : ""}
                        </Text>
                      </div>
                      <Button size="xs" variant="light" onClick={() => { setTab("modules"); void navigate({ search: (prev) => ({ ...prev, wid: w.workerId }) }); }}>
                        View
                      </Button>
                    </Group>
                    <Text size="xs" mb={4}>
                      {w.completedCount} of {w.totalModules} modules completed
                    </Text>
                    <ComplianceBar value={w.compliance} context="workerTable" label={workerComplianceLabel(w.compliance)} />
                  </Card>
                ))}
              </Stack>
            ) : (
              <Table.ScrollContainer minWidth={640}>
                <Table striped highlightOnHover verticalSpacing="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Worker</Table.Th>
                      <Table.Th>Position</Table.Th>
                      <Table.Th>Modules completed</Table.Th>
                      <Table.Th>Last training</Table.Th>
                      <Table.Th w={220}>Compliance</Table.Th>
                      <Table.Th />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {summaries.data.map((w) => (
                      <Table.Tr key={w.workerId}>
                        <Table.Td>
                          {w.firstName} {w.lastName}
                        </Table.Td>
                        <Table.Td>{w.role}</Table.Td>
                        <Table.Td>
                          {w.completedCount} of {w.totalModules}
                        </Table.Td>
                        <Table.Td>{w.lastTrainingAt ? formatDate(w.lastTrainingAt) : "—"}</Table.Td>
                        <Table.Td>
                          <ComplianceBar value={w.compliance} context="workerTable" label={workerComplianceLabel(w.compliance)} />
                        </Table.Td>
                        <Table.Td>
                          <Button size="xs" variant="light" onClick={() => { setTab("modules"); void navigate({ search: (prev) => ({ ...prev, wid: w.workerId }) }); }}>
                            View Progress
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Tabs.Panel>
        ) : null}
      </Tabs>
    </>
  );
}

function SummaryCard({ label, value, icon }: { label: string; value: string; icon: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" wrap="nowrap">
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {label}
          </Text>
          <Text fw={700} fz="xl">
            {value}
          </Text>
        </div>
        <Badge size="xl" circle variant="light" color="orange">
          {icon}
        </Badge>
      </Group>
    </Card>
  );
}

function ModuleDetailCard({ module, record, workerName }: { module: TrainingModule; record: ReturnType<typeof useWorkerTrainings>["records"][number] | undefined; workerName: string | null }) {
  const status = statusOf(record);
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={2} fz={{ base: 22, sm: 26 }}>
              {module.title}
            </Title>
            <Text c="dimmed">{module.description}</Text>
          </div>
          <TrainingLink module={module} />
        </Group>
        <Tabs defaultValue="content">
          <Tabs.List mb="sm">
            <Tabs.Tab value="content">Module Content</Tabs.Tab>
            <Tabs.Tab value="details">Details</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="content">
            <Accordion variant="separated" multiple>
              {module.content.sections.map((s, i) => (
                <Accordion.Item key={`${i}-${s.title}`} value={String(i)}>
                  <Accordion.Control>{s.title}</Accordion.Control>
                  <Accordion.Panel>
                    <SectionBody section={s} />
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          </Tabs.Panel>
          <Tabs.Panel value="details">
            <Table variant="vertical" layout="fixed" withTableBorder>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th w={160}>Category</Table.Th>
                  <Table.Td>{trainingModuleTypeLabels[module.type]}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>Duration</Table.Th>
                  <Table.Td>{module.duration} minutes</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>Content</Table.Th>
                  <Table.Td>
                    {module.content.sections.length} sections, {module.content.quiz.length} quiz questions
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{workerName ? `${workerName}'s status` : "Your status"}</Table.Th>
                  <Table.Td>
                    <Badge color={statusColor[status]} variant="light">
                      {trainingStatusLabels[status]}
                    </Badge>{" "}
                    {record && status !== "completed" ? `${record.progress}%` : ""}
                    {record?.completedAt ? ` on ${formatDate(record.completedAt)}` : ""}
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Card>
  );
}
