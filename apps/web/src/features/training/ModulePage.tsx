import {
  Accordion,
  Alert,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  List,
  Progress,
  Radio,
  Stack,
  Tabs,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import {
  isQuizAnswered,
  isQuizPassed,
  PERFECT_SCORE_DELAY_MS,
  QUIZ_PASS_MARK,
  START_TRAINING_PROGRESS,
  stepProgress,
} from "@sitesafe/domain";
import {
  IconAlertCircle,
  IconArrowLeft,
  IconCheck,
  IconCircleCheck,
  IconCircleDashed,
  IconLock,
  IconTrophy,
  IconX,
} from "@tabler/icons-react";
import { Link, useNavigate } from "@tanstack/react-router";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { RadioRow } from "../../components/ChoiceRow";
import { EmptyState, ErrorState, FullPageSpinner } from "../../components/States";
import { formatDate } from "../../lib/format";
import { currentLanguage } from "../../lib/i18n";
import { errorStatus, trpc } from "../../lib/trpc";
import { type TrainingModule, useAutoSaveProgress, useModuleSession } from "./hooks";
import { GuidelinesPanel, ModuleFacts, NoProfileAlert, SectionBody } from "./parts";
import { statusColor } from "./RequiredTrainingPage";

/** /training/required/:moduleId */
export function ModulePage({ moduleId }: { moduleId: number }) {
  const { t } = useTranslation("training");
  const module = trpc.training.moduleById.useQuery({ id: moduleId }, { enabled: Number.isInteger(moduleId) && moduleId > 0 });
  if (!Number.isInteger(moduleId) || moduleId <= 0 || errorStatus(module.error) === 404 || errorStatus(module.error) === 400) {
    return <ModuleNotFound />;
  }
  if (module.isPending) return <FullPageSpinner />;
  if (module.isError) return <ErrorState message={t("module.loadFailed")} onRetry={() => void module.refetch()} />;
  return <ModuleView module={module.data} />;
}

export function ModuleNotFound({ backTo = "/training/required" }: { backTo?: "/training/required" | "/training/modules" }) {
  const { t } = useTranslation("training");
  return (
    <Stack>
      <BackButton to={backTo} />
      <EmptyState title={t("module.notFound")} message={t("module.notFoundMessage")} />
    </Stack>
  );
}

function BackButton({ to = "/training/required" }: { to?: "/training/required" | "/training/modules" }) {
  const { t } = useTranslation("training");
  return (
    <Button component={Link} to={to} variant="subtle" leftSection={<IconArrowLeft size={16} />} w="fit-content" px={0}>
      {t("module.back")}
    </Button>
  );
}

type Tab = "content" | "quiz" | "completed";

function ModuleView({ module }: { module: TrainingModule }) {
  const { t } = useTranslation("training");
  const navigate = useNavigate();
  const session = useModuleSession(module);
  const { workerId, trainings, record, status, isSaving, isSubmitting, local, answers, graded } = session;
  const autoSave = useAutoSaveProgress();
  const { sections, quiz } = module.content;

  const [tab, setTab] = useState<Tab>(() => (local.quizCompleted ? "completed" : "content"));
  const submitted = graded !== null;
  const [completing, setCompleting] = useState(false);
  const [openValues, setOpenValues] = useState<string[]>([]);
  const completionTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (completionTimer.current) clearTimeout(completionTimer.current);
    },
    [],
  );

  // A module completed on the server (another device, or before this browser) opens on the completed view.
  useEffect(() => {
    if (status === "completed" && !local.quizCompleted) setTab((t) => (t === "content" ? "completed" : t));
  }, [status, local.quizCompleted]);

  const viewedCount = local.viewed.filter((i) => i < sections.length).length;
  // A completed module stays open for review on any device, whatever this browser remembers.
  const allViewed = viewedCount >= sections.length || status === "completed";
  const correct = graded?.attempt.correct ?? 0;
  const score = graded?.attempt.score ?? 0;
  const isComplete = status === "completed" || local.quizCompleted;
  const shownProgress =
    status === "completed" ? 100 : Math.max(record?.progress ?? 0, stepProgress(viewedCount, correct, sections.length, quiz.length));

  const openSections = (values: string[]) => {
    const opened = values.map(Number).filter((n) => Number.isInteger(n));
    const viewed = Array.from(new Set([...local.viewed, ...opened])).sort((a, b) => a - b);
    if (viewed.length !== local.viewed.length) {
      session.updateLocal({ ...local, viewed });
      if (record)
        autoSave(module.id, stepProgress(viewed.filter((i) => i < sections.length).length, 0, sections.length, quiz.length), record);
    }
    setOpenValues(values);
  };

  const start = async () => {
    if (!session.requireWorker(t("module.startError"))) return;
    await session.save(module.id, START_TRAINING_PROGRESS, { hasRecord: false, notify: false });
  };

  // Graded on the server, which stores the attempt and the progress; a perfect score completes.
  const submit = async () => {
    if (!session.requireWorker(t("module.completeError"))) return;
    const result = await session.submitAttempt(module.id, answers, viewedCount);
    if (!result) return;
    session.setGraded(result);
    if (result.completes) {
      // The completion is already recorded; the completed view follows after a short pause.
      setCompleting(true);
      completionTimer.current = setTimeout(() => complete(result.attempt.score), PERFECT_SCORE_DELAY_MS);
      return;
    }
    session.updateLocal({ ...local, score: result.attempt.score });
  };

  const complete = (result: number) => {
    setCompleting(false);
    session.updateLocal({ ...local, quizCompleted: true, score: result });
    setTab("completed");
  };

  const tryAgain = () => {
    if (completionTimer.current) clearTimeout(completionTimer.current);
    setCompleting(false);
    session.setGraded(null);
    session.setAnswers(quiz.map(() => null));
  };

  const requirements = useMemo(
    () => [
      {
        done: allViewed,
        label: t("module.requirementSections", { viewed: allViewed ? sections.length : viewedCount, total: sections.length }),
      },
      { done: local.score !== null || isComplete, label: t("module.requirementAnswer", { count: quiz.length }) },
      {
        done: (local.score !== null && isQuizPassed(local.score)) || isComplete,
        label: t("module.requirementPass", { mark: QUIZ_PASS_MARK }),
      },
      { done: isComplete, label: t("module.requirementPerfect") },
    ],
    [allViewed, viewedCount, sections.length, quiz.length, local.score, isComplete, t],
  );

  return (
    <Stack gap="md">
      <BackButton />
      <Card withBorder radius="md" padding="lg">
        <Stack gap="xs">
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <Title order={1} fz={{ base: 22, sm: 26 }}>
              {module.title}
            </Title>
            <Badge color={statusColor[status]} variant="light" size="lg">
              {t(`labels.status.${status}`)}
            </Badge>
          </Group>
          <ModuleFacts module={module} size="sm" />
          {module.description ? <Text c="dimmed">{module.description}</Text> : null}
          {currentLanguage() === "es" && module.language !== "es" ? (
            <Alert color="blue" variant="light" icon={<IconAlertCircle size={18} />} title={t("module.notTranslated")}>
              {t("module.notTranslatedMessage")}
            </Alert>
          ) : null}
          <Group gap="sm" wrap="nowrap" mt="xs">
            <Progress
              value={shownProgress}
              style={{ flex: 1 }}
              color={shownProgress >= 100 ? "green" : "blue"}
              aria-label={t("module.progress", { value: shownProgress })}
            />
            <Text size="sm" fw={600} w={44} ta="right">
              {shownProgress}%
            </Text>
          </Group>
          {workerId === null ? <NoProfileAlert /> : null}
          {!record && !trainings.isPending ? (
            <Button onClick={() => void start()} loading={isSaving} w={{ base: "100%", sm: "fit-content" }}>
              {t("module.start")}
            </Button>
          ) : null}
        </Stack>
      </Card>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Tabs value={tab} onChange={(v) => v && setTab(v as Tab)} keepMounted={false}>
            <Tabs.List mb="md">
              <Tabs.Tab value="content">{t("module.tabContent")}</Tabs.Tab>
              <Tabs.Tab value="quiz" disabled={!allViewed} leftSection={allViewed ? null : <IconLock size={14} />}>
                {t("module.tabQuiz")}
              </Tabs.Tab>
              {isComplete ? (
                <Tabs.Tab value="completed" leftSection={<IconCircleCheck size={14} />}>
                  {t("module.tabCompleted")}
                </Tabs.Tab>
              ) : null}
            </Tabs.List>

            <Tabs.Panel value="content">
              <Stack gap="sm">
                <Accordion multiple variant="separated" value={openValues} onChange={openSections}>
                  {sections.map((section, i) => (
                    <Accordion.Item key={`${i}-${section.title}`} value={String(i)}>
                      <Accordion.Control
                        icon={
                          local.viewed.includes(i) ? (
                            <IconCircleCheck size={18} color="var(--mantine-color-green-6)" aria-label={t("module.viewed")} />
                          ) : (
                            <IconCircleDashed size={18} color="var(--mantine-color-gray-5)" aria-label={t("module.notViewed")} />
                          )
                        }
                      >
                        <Text fw={500}>{section.title}</Text>
                      </Accordion.Control>
                      <Accordion.Panel>
                        <SectionBody section={section} />
                      </Accordion.Panel>
                    </Accordion.Item>
                  ))}
                </Accordion>
                {allViewed ? (
                  <Button onClick={() => setTab("quiz")} w={{ base: "100%", sm: "fit-content" }}>
                    {t("module.goToQuiz")}
                  </Button>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t("module.openEverySection")}
                  </Text>
                )}
              </Stack>
            </Tabs.Panel>

            <Tabs.Panel value="quiz">
              <Stack gap="md">
                {quiz.map((q, qi) => (
                  <Card key={`${qi}-${q.question}`} withBorder padding="md" radius="md" data-testid="quiz-question">
                    <Text fw={600} mb="xs">
                      {qi + 1}. {q.question}
                    </Text>
                    <Radio.Group
                      value={answers[qi] == null ? null : String(answers[qi])}
                      onChange={(v) => !submitted && session.setAnswers((a) => a.map((x, i) => (i === qi ? Number(v) : x)))}
                    >
                      <Stack gap="xs">
                        {q.options.map((option, oi) => {
                          const chosen = answers[qi] === oi;
                          const key = graded?.results[qi]?.correctAnswer;
                          const right = submitted && oi === key;
                          const wrong = submitted && chosen && oi !== key;
                          return (
                            <RadioRow
                              key={`${oi}-${option}`}
                              value={String(oi)}
                              label={option}
                              disabled={submitted}
                              result={right ? "correct" : wrong ? "wrong" : undefined}
                              trailing={
                                right ? (
                                  <IconCheck size={18} color="var(--mantine-color-green-filled)" aria-label={t("module.correctAnswer")} />
                                ) : wrong ? (
                                  <IconX size={18} color="var(--mantine-color-red-filled)" aria-label={t("module.wrongAnswer")} />
                                ) : null
                              }
                            />
                          );
                        })}
                      </Stack>
                    </Radio.Group>
                  </Card>
                ))}
                {submitted ? (
                  <Alert
                    color={score === 100 ? "green" : isQuizPassed(score) ? "blue" : "red"}
                    title={t("module.yourScore", { score })}
                    icon={score === 100 ? <IconTrophy size={18} /> : <IconAlertCircle size={18} />}
                    role="status"
                  >
                    {score === 100
                      ? t("module.perfect")
                      : isQuizPassed(score)
                        ? t("module.passedNotPerfect", { mark: QUIZ_PASS_MARK, correct, total: quiz.length })
                        : t("module.failed", { mark: QUIZ_PASS_MARK, correct, total: quiz.length })}
                  </Alert>
                ) : null}
                <Group>
                  {submitted ? (
                    score === 100 ? (
                      <Button
                        color="green"
                        onClick={() => {
                          if (completionTimer.current) clearTimeout(completionTimer.current);
                          complete(score);
                        }}
                        disabled={!completing}
                      >
                        {t("module.complete")}
                      </Button>
                    ) : (
                      <Button onClick={tryAgain}>{t("module.tryAgain")}</Button>
                    )
                  ) : (
                    <Button onClick={() => void submit()} loading={isSubmitting} disabled={!isQuizAnswered(quiz.length, answers)}>
                      {t("module.submit")}
                    </Button>
                  )}
                </Group>
              </Stack>
            </Tabs.Panel>

            <Tabs.Panel value="completed">
              <Card withBorder radius="md" padding="xl">
                <Stack align="center" gap="sm" ta="center">
                  <ThemeIcon size={64} radius="xl" color="green" variant="light">
                    <IconTrophy size={36} />
                  </ThemeIcon>
                  <Title order={2} size="h3">
                    {t("module.completeTitle")}
                  </Title>
                  <Text c="dimmed">
                    {record?.completedAt
                      ? t("module.completedModuleOn", { title: module.title, date: formatDate(record.completedAt) })
                      : t("module.completedModule", { title: module.title })}
                  </Text>
                  {local.score !== null ? <Text>{t("module.quizScore", { score: local.score })}</Text> : null}
                  <Group justify="center">
                    <Button variant="default" onClick={() => setTab("content")}>
                      {t("module.review")}
                    </Button>
                    <Button onClick={() => void navigate({ to: "/training/required" })}>{t("module.back")}</Button>
                  </Group>
                </Stack>
              </Card>
            </Tabs.Panel>
          </Tabs>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <Card withBorder radius="md" padding="md">
              <Title order={2} size="h5" mb="sm">
                {t("module.requirements")}
              </Title>
              <List spacing="xs" size="sm" center>
                {requirements.map((r) => (
                  <List.Item
                    key={r.label}
                    icon={
                      <ThemeIcon size={20} radius="xl" color={r.done ? "green" : "gray"} variant={r.done ? "filled" : "light"}>
                        {r.done ? <IconCheck size={12} /> : <IconCircleDashed size={12} />}
                      </ThemeIcon>
                    }
                  >
                    {r.label}
                  </List.Item>
                ))}
              </List>
            </Card>
            <GuidelinesPanel guidelines={module.content.guidelines ?? []} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
