import { Alert, Anchor, Badge, Button, Card, Grid, Group, List, Progress, Radio, Stack, Tabs, Text, ThemeIcon, Title } from "@mantine/core";
import { isQuizPassed, QUIZ_PASS_MARK, type StaticTrainingSlug } from "@sitesafe/domain";
import { IconAlertCircle, IconArrowLeft, IconCheck, IconCircleCheck, IconClock, IconExternalLink, IconX } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { RadioRow } from "../../components/ChoiceRow";
import { FullPageSpinner } from "../../components/States";
import { errorStatus, trpc } from "../../lib/trpc";
import { type TrainingModule, useModuleSession } from "./hooks";
import { ModuleNotFound } from "./ModulePage";
import { GuidelineCard, NoProfileAlert, SectionBody } from "./parts";
import { statusColor } from "./RequiredTrainingPage";

/** Further reading for each static page: OSHA's own pages and standards (label: a key of static.links). */
const resources: Record<StaticTrainingSlug, { label: string; href: string }[]> = {
  "site-safety": [
    { label: "construction", href: "https://www.osha.gov/construction" },
    { label: "part1926", href: "https://www.osha.gov/laws-regs/regulations/standardnumber/1926" },
    { label: "trenching", href: "https://www.osha.gov/trenching-excavation" },
  ],
  "spotter-safety": [
    { label: "motorVehicles", href: "https://www.osha.gov/laws-regs/regulations/standardnumber/1926/1926.601" },
    { label: "powerLines", href: "https://www.osha.gov/laws-regs/regulations/standardnumber/1926/1926.1408" },
    { label: "cranes", href: "https://www.osha.gov/cranes-derricks" },
  ],
  "fall-protection": [
    { label: "fallProtection", href: "https://www.osha.gov/fall-protection" },
    { label: "dutyFallProtection", href: "https://www.osha.gov/laws-regs/regulations/standardnumber/1926/1926.501" },
    { label: "fallSystems", href: "https://www.osha.gov/laws-regs/regulations/standardnumber/1926/1926.502" },
  ],
  "hazardous-materials": [
    { label: "hazcom", href: "https://www.osha.gov/hazcom" },
    { label: "silica", href: "https://www.osha.gov/silica-crystalline" },
    { label: "respiratory", href: "https://www.osha.gov/respiratory-protection" },
  ],
};

/** /training/site-safety, /spotter-safety, /fall-protection, /hazardous-materials: their seeded module, by slug. */
export function StaticTrainingPage({ slug }: { slug: StaticTrainingSlug }) {
  const module = trpc.training.moduleBySlug.useQuery({ slug });
  if (module.isPending) return <FullPageSpinner />;
  if (errorStatus(module.error) === 404 || !module.data) return <ModuleNotFound />;
  return <StaticTraining module={module.data} slug={slug} />;
}

function StaticTraining({ module, slug }: { module: TrainingModule; slug: StaticTrainingSlug }) {
  const { t } = useTranslation("training");
  const session = useModuleSession(module);
  const { workerId, record, status, isSaving, isSubmitting, local, answers, graded } = session;
  const { sections, quiz, guidelines } = module.content;

  const [tab, setTab] = useState<string | null>("content");
  const [current, setCurrent] = useState(0);
  // The right answers are shown only after the attempt is in.
  const finished = graded !== null;

  const question = quiz[current];
  const chosen = answers[current] ?? null;
  const score = graded?.attempt.score ?? local.score ?? 0;
  const passed = (finished && graded.attempt.passed) || (local.quizCompleted && local.score !== null && isQuizPassed(local.score));

  const choose = (index: number) => {
    if (chosen !== null) return; // an answer locks once chosen
    session.setAnswers((a) => a.map((x, i) => (i === current ? index : x)));
  };

  const completeQuiz = async () => {
    if (!session.requireWorker(t("module.completeError"))) return;
    const result = await session.submitAttempt(module.id, answers);
    if (!result) return;
    session.setGraded(result);
    session.updateLocal({ ...local, quizCompleted: true, score: result.attempt.score });
  };

  const retake = () => {
    session.setAnswers(quiz.map(() => null));
    setCurrent(0);
    session.setGraded(null);
    session.updateLocal({ ...local, quizCompleted: false, score: null });
  };

  const markComplete = async () => {
    if (!session.requireWorker(t("module.completeError"))) return;
    await session.save(module.id, 100, {
      hasRecord: record !== undefined,
      notify: { title: t("static.markedComplete"), message: t("static.progressSaved") },
      failureTitle: t("static.saveFailed"),
    });
  };

  return (
    <Stack gap="md">
      <Button component={Link} to="/training/required" variant="subtle" leftSection={<IconArrowLeft size={16} />} w="fit-content" px={0}>
        {t("static.back")}
      </Button>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4} style={{ flex: "1 1 260px", minWidth: 0 }}>
          <Title order={1} fz={{ base: 22, sm: 26 }}>
            {module.title}
          </Title>
          <Text c="dimmed">{module.description}</Text>
        </Stack>
        <Badge color={statusColor[status]} variant="light" size="lg">
          {t(`labels.status.${status}`)}
        </Badge>
      </Group>
      {workerId === null ? <NoProfileAlert /> : null}

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Tabs value={tab} onChange={setTab}>
            <Tabs.List mb="md">
              <Tabs.Tab value="content">{t("module.tabContent")}</Tabs.Tab>
              <Tabs.Tab value="quiz">{t("module.tabQuiz")}</Tabs.Tab>
              {guidelines?.length ? <Tabs.Tab value="guidelines">{t("static.guidelines")}</Tabs.Tab> : null}
            </Tabs.List>

            <Tabs.Panel value="content">
              <Stack gap="md">
                {sections.map((s, i) => (
                  <Card key={`${i}-${s.title}`} withBorder radius="md" padding="lg">
                    <Title order={2} size="h4" mb="xs">
                      {s.title}
                    </Title>
                    <SectionBody section={s} />
                  </Card>
                ))}
                <Button onClick={() => setTab("quiz")} w={{ base: "100%", sm: "fit-content" }}>
                  {t("static.takeQuiz")}
                </Button>
              </Stack>
            </Tabs.Panel>

            <Tabs.Panel value="quiz">
              {finished || local.quizCompleted ? (
                <Card withBorder radius="md" padding="lg">
                  <Stack gap="sm">
                    <Title order={2} size="h4">
                      {t("static.quizComplete")}
                    </Title>
                    <Text>
                      <Trans t={t} i18nKey="static.yourScore" values={{ score }} components={{ b: <b /> }} />
                      {graded ? ` ${t("static.correctCount", { correct: graded.attempt.correct, total: graded.attempt.total })}` : ""}
                    </Text>
                    {graded ? (
                      <Stack gap={6} data-testid="quiz-review">
                        {graded.results.map((r, qi) => {
                          const q = quiz[qi];
                          if (!q) return null;
                          return (
                            <Group key={`${qi}-${q.question}`} gap="xs" wrap="nowrap" align="flex-start">
                              {r.isCorrect ? (
                                <IconCheck size={18} color="var(--mantine-color-green-filled)" aria-label={t("static.correct")} />
                              ) : (
                                <IconX size={18} color="var(--mantine-color-red-filled)" aria-label={t("static.incorrect")} />
                              )}
                              <Text size="sm">
                                {q.question}
                                {r.isCorrect ? null : ` ${t("static.correctAnswerIs", { answer: q.options[r.correctAnswer] ?? "" })}`}
                              </Text>
                            </Group>
                          );
                        })}
                      </Stack>
                    ) : null}
                    <Alert color={passed ? "green" : "red"} icon={passed ? <IconCircleCheck size={18} /> : <IconAlertCircle size={18} />}>
                      {passed && status === "completed"
                        ? t("static.passedRecorded")
                        : passed
                          ? t("static.passedMark")
                          : t("static.failed", { mark: QUIZ_PASS_MARK })}
                    </Alert>
                    <Group>
                      <Button variant="default" onClick={retake}>
                        {t("static.retake")}
                      </Button>
                    </Group>
                  </Stack>
                </Card>
              ) : question ? (
                <Card withBorder radius="md" padding="lg">
                  <Stack gap="sm">
                    <Group justify="space-between">
                      <Text size="sm" c="dimmed">
                        {t("static.questionOf", { current: current + 1, total: quiz.length })}
                      </Text>
                      <Progress value={(current / quiz.length) * 100} w={120} aria-hidden />
                    </Group>
                    <Text fw={600}>{question.question}</Text>
                    <Radio.Group
                      value={chosen === null ? null : String(chosen)}
                      onChange={(v) => choose(Number(v))}
                      aria-label={question.question}
                    >
                      <Stack gap="xs">
                        {question.options.map((option, oi) => (
                          // An answer locks once chosen; whether it was right is known after the attempt is graded.
                          <RadioRow key={`${oi}-${option}`} value={String(oi)} label={option} disabled={chosen !== null && chosen !== oi} />
                        ))}
                      </Stack>
                    </Radio.Group>
                    {chosen !== null ? (
                      <Text size="sm" c="dimmed" role="status">
                        {t("static.answerLocked")}
                      </Text>
                    ) : null}
                    <Group justify="flex-end">
                      {current < quiz.length - 1 ? (
                        <Button disabled={chosen === null} onClick={() => setCurrent((c) => c + 1)}>
                          {t("static.next")}
                        </Button>
                      ) : (
                        <Button disabled={chosen === null} loading={isSubmitting} onClick={() => void completeQuiz()}>
                          {t("static.complete")}
                        </Button>
                      )}
                    </Group>
                  </Stack>
                </Card>
              ) : null}
            </Tabs.Panel>

            {guidelines?.length ? (
              <Tabs.Panel value="guidelines">
                <Stack gap="md">
                  {guidelines.map((g) => (
                    <GuidelineCard key={g.title} guideline={g} />
                  ))}
                </Stack>
              </Tabs.Panel>
            ) : null}
          </Tabs>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <Card withBorder radius="md" padding="md">
              <Stack gap="xs">
                <Group gap={6}>
                  <IconClock size={16} />
                  <Text size="sm">{t("programs.minutes", { count: module.duration })}</Text>
                </Group>
                <Text size="sm">{t("static.counts", { sections: sections.length, questions: quiz.length })}</Text>
                <Button
                  color="green"
                  leftSection={<IconCircleCheck size={16} />}
                  disabled={!passed || status === "completed"}
                  loading={isSaving}
                  onClick={() => void markComplete()}
                >
                  {status === "completed" ? t("labels.status.completed") : t("static.markComplete")}
                </Button>
                {!passed && status !== "completed" ? (
                  <Text size="xs" c="dimmed">
                    {t("static.passToComplete", { mark: QUIZ_PASS_MARK })}
                  </Text>
                ) : null}
              </Stack>
            </Card>
            <Card withBorder radius="md" padding="md">
              <Title order={2} size="h5" mb="sm">
                {t("static.resources")}
              </Title>
              <List
                spacing="xs"
                size="sm"
                icon={
                  <ThemeIcon size={18} variant="light" color="orange">
                    <IconExternalLink size={12} />
                  </ThemeIcon>
                }
              >
                {resources[slug].map((r) => (
                  <List.Item key={r.href}>
                    <Anchor href={r.href} target="_blank" rel="noopener noreferrer" size="sm">
                      {t(`static.links.${r.label}`)}
                    </Anchor>
                  </List.Item>
                ))}
              </List>
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
