import {
  Accordion,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  NavLink,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from "@mantine/core";
import { isStaff, type StaticTrainingSlug, staticTrainingSlugs, type TrainingModuleType, trainingModuleTypes } from "@sitesafe/domain";
import { IconArrowLeft, IconBook, IconCertificate, IconClock, IconUsers } from "@tabler/icons-react";
import { Link, useNavigate } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { ComplianceBar } from "../../components/ComplianceBar";
import { type DataColumn, DataTable } from "../../components/data/DataTable";
import { QueryStates } from "../../components/data/QueryStates";
import { PageHeader } from "../../components/PageHeader";
import { CardGridSkeleton, EmptyState, ErrorState, ListSkeleton } from "../../components/States";
import { useActor } from "../../lib/auth";
import { useIsMobile } from "../../lib/device";
import { formatDate, formatNumber, formatPercent } from "../../lib/format";
import { type RouterOutputs, trpc } from "../../lib/trpc";
import { WorkerComplianceBar } from "../workers/WorkerComplianceBar";
import { statusOf, type TrainingModule, useWorkerTrainings } from "./hooks";
import { SectionBody } from "./parts";
import { statusColor } from "./RequiredTrainingPage";

type WorkerSummary = RouterOutputs["training"]["workerSummaries"][number];

const staticPaths = {
  "site-safety": "/training/site-safety",
  "spotter-safety": "/training/spotter-safety",
  "fall-protection": "/training/fall-protection",
  "hazardous-materials": "/training/hazardous-materials",
} as const satisfies Record<StaticTrainingSlug, string>;

const isStaticSlug = (slug: string | null): slug is StaticTrainingSlug =>
  slug !== null && (staticTrainingSlugs as readonly string[]).includes(slug);

/** Where "Open Training" goes: the static page for seeded static modules, else the module page. */
function TrainingLink({ module }: { module: TrainingModule }) {
  const { t } = useTranslation("training");
  if (isStaticSlug(module.slug)) {
    return (
      <Button component={Link} to={staticPaths[module.slug]}>
        {t("programs.openTraining")}
      </Button>
    );
  }
  return <OpenModuleButton moduleId={module.id} />;
}

function OpenModuleButton({ moduleId }: { moduleId: number }) {
  const { t } = useTranslation("training");
  const navigate = useNavigate();
  return (
    <Button onClick={() => void navigate({ to: "/training/required/$moduleId", params: { moduleId: String(moduleId) } })}>
      {t("programs.openTraining")}
    </Button>
  );
}

/** /training/modules: "Safety Training Programs" (?mid= one module, ?wid= whose progress). */
export function TrainingProgramsPage({ mid, wid }: { mid: number | undefined; wid: number | undefined }) {
  const { t } = useTranslation("training");
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
          {t("module.back")}
        </Button>
        {modules.isPending ? (
          <ListSkeleton rows={4} />
        ) : modules.isError ? (
          <ErrorState message={t("module.loadFailed")} onRetry={() => void modules.refetch()} />
        ) : !module ? (
          <EmptyState title={t("module.notFound")} message={t("module.notFoundMessage")} />
        ) : (
          <ModuleDetailCard
            module={module}
            record={trainings.byModule.get(module.id)}
            workerName={viewedWorker ? `${viewedWorker.firstName} ${viewedWorker.lastName}` : null}
          />
        )}
      </Stack>
    );
  }

  const categories = (
    <Stack gap={2}>
      <NavLink
        label={t("programs.allCategories")}
        active={category === "all"}
        onClick={() => setCategory("all")}
        rightSection={
          <Badge size="xs" variant="light">
            {list.length}
          </Badge>
        }
      />
      {trainingModuleTypes.map((type) => (
        <NavLink
          key={type}
          label={t(`labels.type.${type}`)}
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

  // A worker's modules, from the compliance tab's list.
  const viewProgress = (workerId: number) => {
    setTab("modules");
    void navigate({ search: (prev) => ({ ...prev, wid: workerId }) });
  };
  const summaryCard = (w: WorkerSummary) => (
    <Card withBorder padding="md" radius="md">
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
        <Button size="xs" variant="light" onClick={() => viewProgress(w.workerId)}>
          {t("programs.view")}
        </Button>
      </Group>
      <Text size="xs" mb={4}>
        {t("required.modulesCompleted", { completed: w.completedCount, total: w.totalModules })}
      </Text>
      <WorkerComplianceBar value={w.compliance} />
    </Card>
  );
  const columns: DataColumn<WorkerSummary>[] = [
    { header: t("programs.worker"), cell: (w) => `${w.firstName} ${w.lastName}` },
    { header: t("programs.position"), cell: (w) => w.role },
    {
      header: t("programs.modulesCompletedColumn"),
      cell: (w) => t("programs.countOf", { completed: w.completedCount, total: w.totalModules }),
    },
    { header: t("programs.lastTraining"), cell: (w) => (w.lastTrainingAt ? formatDate(w.lastTrainingAt) : "—") },
    {
      header: t("programs.complianceColumn"),
      th: { w: 220 },
      cell: (w) => <WorkerComplianceBar value={w.compliance} />,
    },
    {
      cell: (w) => (
        <Button size="xs" variant="light" onClick={() => viewProgress(w.workerId)}>
          {t("programs.viewProgress")}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t("programs.title")}
        subtitle={t("programs.subtitle")}
        actions={
          <Button component={Link} to="/training/required" variant="light" leftSection={<IconCertificate size={16} />}>
            {t("programs.requiredTraining")}
          </Button>
        }
      />

      <SimpleGrid cols={{ base: 1, xs: 3 }} mb="lg">
        <SummaryCard label={t("programs.modules")} value={formatNumber(list.length)} icon={<IconBook size={18} />} />
        <SummaryCard
          label={viewedWorker ? t("programs.completedBy", { name: viewedWorker.firstName }) : t("programs.completed")}
          value={progressWorkerId ? t("programs.countOf", { completed, total: list.length }) : "—"}
          icon={<IconCertificate size={18} />}
        />
        {staff ? (
          <SummaryCard
            label={t("programs.workers")}
            value={summaries.data ? formatNumber(summaries.data.length) : "…"}
            icon={<IconUsers size={18} />}
          />
        ) : (
          <SummaryCard label={t("programs.inProgress")} value={formatNumber(inProgress)} icon={<IconClock size={18} />} />
        )}
      </SimpleGrid>

      <Tabs value={tab} onChange={setTab}>
        <Tabs.List mb="md">
          <Tabs.Tab value="modules">{t("programs.modules")}</Tabs.Tab>
          {staff ? <Tabs.Tab value="compliance">{t("programs.compliance")}</Tabs.Tab> : null}
        </Tabs.List>

        <Tabs.Panel value="modules">
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 3 }}>
              {isMobile ? (
                <Select
                  label={t("programs.category")}
                  data={[
                    { value: "all", label: t("programs.allCategories") },
                    ...trainingModuleTypes.map((type) => ({ value: type, label: t(`labels.type.${type}`) })),
                  ]}
                  value={category}
                  allowDeselect={false}
                  onChange={(v) => setCategory((v as TrainingModuleType | "all" | null) ?? "all")}
                />
              ) : (
                <Paper withBorder radius="md" p="xs">
                  <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" py={6}>
                    {t("programs.categories")}
                  </Text>
                  {categories}
                </Paper>
              )}
              {staff && summaries.data?.length ? (
                <Select
                  mt="md"
                  label={t("programs.showProgressFor")}
                  placeholder={t("programs.chooseWorker")}
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
                <ErrorState message={t("module.loadFailed")} onRetry={() => void modules.refetch()} />
              ) : filtered.length === 0 ? (
                <EmptyState title={t("required.noModules")} message={t("programs.noModulesInCategory")} />
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
                                {t(`labels.status.${status}`)}
                              </Badge>
                            ) : null}
                          </Group>
                          <Group gap="xs">
                            <Badge variant="outline" color="orange" size="sm">
                              {t(`labels.type.${m.type}`)}
                            </Badge>
                            <Text size="xs" c="dimmed">
                              {t("module.minutes", { count: m.duration })} · {t("programs.sections", { count: m.content.sections.length })}{" "}
                              · {t("programs.questions", { count: m.content.quiz.length })}
                            </Text>
                          </Group>
                          <Text size="sm" c="dimmed" lineClamp={2} style={{ flex: 1 }}>
                            {m.description}
                          </Text>
                          {progressWorkerId ? (
                            <ComplianceBar
                              value={status === "completed" ? 100 : (record?.progress ?? 0)}
                              context="moduleCard"
                              label={false}
                            />
                          ) : null}
                          <Button variant="light" onClick={() => void navigate({ search: (prev) => ({ ...prev, mid: m.id }) })}>
                            {t("programs.viewModule")}
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
            <QueryStates
              query={summaries}
              rows={5}
              failed={t("programs.summariesFailed")}
              empty={<EmptyState title={t("programs.noWorkers")} message={t("programs.noWorkersMessage")} />}
            >
              {(workers) => (
                <DataTable
                  minWidth={640}
                  striped
                  rows={workers}
                  rowKey={(w) => w.workerId}
                  columns={columns}
                  card={summaryCard}
                  cardGap="sm"
                />
              )}
            </QueryStates>
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

function ModuleDetailCard({
  module,
  record,
  workerName,
}: {
  module: TrainingModule;
  record: ReturnType<typeof useWorkerTrainings>["records"][number] | undefined;
  workerName: string | null;
}) {
  const { t } = useTranslation("training");
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
            <Tabs.Tab value="content">{t("programs.moduleContent")}</Tabs.Tab>
            <Tabs.Tab value="details">{t("programs.details")}</Tabs.Tab>
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
                  <Table.Th w={160}>{t("programs.category")}</Table.Th>
                  <Table.Td>{t(`labels.type.${module.type}`)}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t("programs.duration")}</Table.Th>
                  <Table.Td>{t("programs.minutes", { count: module.duration })}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t("programs.content")}</Table.Th>
                  <Table.Td>
                    {t("programs.contentCount", { sections: module.content.sections.length, questions: module.content.quiz.length })}
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{workerName ? t("programs.workerStatus", { name: workerName }) : t("programs.yourStatus")}</Table.Th>
                  <Table.Td>
                    <Badge color={statusColor[status]} variant="light">
                      {t(`labels.status.${status}`)}
                    </Badge>{" "}
                    {record && status !== "completed" ? formatPercent(record.progress) : ""}
                    {record?.completedAt ? ` ${t("programs.completedOn", { date: formatDate(record.completedAt) })}` : ""}
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
