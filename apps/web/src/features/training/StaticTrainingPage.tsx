import { isQuizPassed, QUIZ_PASS_MARK, quizScore, type StaticTrainingSlug, trainingStatusLabels } from "@sitesafe/domain";
import { Alert, Anchor, Badge, Button, Card, Grid, Group, List, Progress, Stack, Tabs, Text, ThemeIcon, Title, UnstyledButton } from "@mantine/core";
import { IconAlertCircle, IconArrowLeft, IconCheck, IconCircleCheck, IconClock, IconExternalLink, IconX } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { FullPageSpinner } from "../../components/States";
import { notifyError } from "../../lib/notify";
import { errorStatus, trpc } from "../../lib/trpc";
import { COMPLETE_ERROR, NO_PROFILE_NOTE, readLocalState, statusOf, type TrainingModule, useSaveTrainingProgress, useUserId, useWorkerId, useWorkerTrainings, writeLocalState } from "./hooks";
import { ModuleNotFound } from "./ModulePage";
import { GuidelineCard, SectionBody } from "./parts";
import { statusColor } from "./RequiredTrainingPage";

/** Further reading for each static page: OSHA's own pages and standards. */
const resources: Record<StaticTrainingSlug, { label: string; href: string }[]> = {
  "site-safety": [
    { label: "OSHA Construction Industry", href: "https://www.osha.gov/construction" },
    { label: "29 CFR 1926: Safety and Health Regulations for Construction", href: "https://www.osha.gov/laws-regs/regulations/standardnumber/1926" },
    { label: "Trenching and Excavation Safety", href: "https://www.osha.gov/trenching-excavation" },
  ],
  "spotter-safety": [
    { label: "1926.601: Motor vehicles", href: "https://www.osha.gov/laws-regs/regulations/standardnumber/1926/1926.601" },
    { label: "1926.1408: Power line safety (cranes)", href: "https://www.osha.gov/laws-regs/regulations/standardnumber/1926/1926.1408" },
    { label: "OSHA Cranes and Derricks in Construction", href: "https://www.osha.gov/cranes-derricks" },
  ],
  "fall-protection": [
    { label: "OSHA Fall Protection", href: "https://www.osha.gov/fall-protection" },
    { label: "1926.501: Duty to have fall protection", href: "https://www.osha.gov/laws-regs/regulations/standardnumber/1926/1926.501" },
    { label: "1926.502: Fall protection systems criteria", href: "https://www.osha.gov/laws-regs/regulations/standardnumber/1926/1926.502" },
  ],
  "hazardous-materials": [
    { label: "OSHA Hazard Communication", href: "https://www.osha.gov/hazcom" },
    { label: "OSHA Respirable Crystalline Silica", href: "https://www.osha.gov/silica-crystalline" },
    { label: "OSHA Respiratory Protection", href: "https://www.osha.gov/respiratory-protection" },
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
  const userId = useUserId();
  const workerId = useWorkerId();
  const trainings = useWorkerTrainings(workerId);
  const record = trainings.byModule.get(module.id);
  const status = statusOf(record);
  const { save, isSaving } = useSaveTrainingProgress();
  const { sections, quiz, guidelines } = module.content;

  const [local, setLocal] = useState(() => readLocalState(userId, module.id));
  const [tab, setTab] = useState<string | null>("content");
  const [current, setCurrent] = useState(0);
  const [answers, setAnswers] = useState<(number | null)[]>(() => quiz.map(() => null));
  const [finished, setFinished] = useState(false);

  const question = quiz[current];
  const chosen = answers[current] ?? null;
  const correctCount = quiz.reduce((n, q, i) => (answers[i] === q.answer ? n + 1 : n), 0);
  const score = finished ? quizScore(correctCount, quiz.length) : (local.score ?? 0);
  const passed = (finished && isQuizPassed(score)) || (local.quizCompleted && local.score !== null && isQuizPassed(local.score));

  const choose = (index: number) => {
    if (chosen !== null) return; // an answer locks once chosen
    setAnswers((a) => a.map((x, i) => (i === current ? index : x)));
  };

  const completeQuiz = () => {
    const result = quizScore(correctCount, quiz.length);
    setFinished(true);
    const next = { ...local, quizCompleted: true, score: result };
    setLocal(next);
    writeLocalState(userId, module.id, next);
  };

  const retake = () => {
    setAnswers(quiz.map(() => null));
    setCurrent(0);
    setFinished(false);
    const next = { ...local, quizCompleted: false, score: null };
    setLocal(next);
    writeLocalState(userId, module.id, next);
  };

  const markComplete = async () => {
    if (workerId === null) {
      notifyError("Error", COMPLETE_ERROR);
      return;
    }
    await save(module.id, 100, {
      hasRecord: record !== undefined,
      notify: { title: "Training Marked as Complete", message: "Your progress has been saved." },
      failureTitle: "Error saving progress",
    });
  };

  return (
    <Stack gap="md">
      <Button component={Link} to="/training/required" variant="subtle" leftSection={<IconArrowLeft size={16} />} w="fit-content" px={0}>
        Back to Required Training
      </Button>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4} style={{ flex: "1 1 260px", minWidth: 0 }}>
          <Title order={2} fz={{ base: 22, sm: 26 }}>
            {module.title}
          </Title>
          <Text c="dimmed">{module.description}</Text>
        </Stack>
        <Badge color={statusColor[status]} variant="light" size="lg">
          {trainingStatusLabels[status]}
        </Badge>
      </Group>
      {workerId === null ? (
        <Alert color="yellow" icon={<IconAlertCircle size={18} />} title="Worker profile not found">
          {NO_PROFILE_NOTE}
        </Alert>
      ) : null}

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Tabs value={tab} onChange={setTab}>
            <Tabs.List mb="md">
              <Tabs.Tab value="content">Training Content</Tabs.Tab>
              <Tabs.Tab value="quiz">Knowledge Check</Tabs.Tab>
              {guidelines?.length ? <Tabs.Tab value="guidelines">OSHA Guidelines</Tabs.Tab> : null}
            </Tabs.List>

            <Tabs.Panel value="content">
              <Stack gap="md">
                {sections.map((s, i) => (
                  <Card key={`${i}-${s.title}`} withBorder radius="md" padding="lg">
                    <Title order={4} mb="xs">
                      {s.title}
                    </Title>
                    <SectionBody section={s} />
                  </Card>
                ))}
                <Button onClick={() => setTab("quiz")} w={{ base: "100%", sm: "fit-content" }}>
                  Take the Knowledge Check
                </Button>
              </Stack>
            </Tabs.Panel>

            <Tabs.Panel value="quiz">
              {finished || local.quizCompleted ? (
                <Card withBorder radius="md" padding="lg">
                  <Stack gap="sm">
                    <Title order={4}>Quiz Complete</Title>
                    <Text>
                      Your score: <b>{finished ? score : local.score}%</b>
                    </Text>
                    <Alert color={passed ? "green" : "red"} icon={passed ? <IconCircleCheck size={18} /> : <IconAlertCircle size={18} />}>
                      {passed && status === "completed"
                        ? "You passed. Your completion of this training is recorded."
                        : passed
                        ? "You passed. Mark the training as complete to record it."
                        : `The pass mark is ${QUIZ_PASS_MARK}%. Review the training content and retake the quiz.`}
                    </Alert>
                    <Group>
                      <Button variant="default" onClick={retake}>
                        Retake Quiz
                      </Button>
                    </Group>
                  </Stack>
                </Card>
              ) : question ? (
                <Card withBorder radius="md" padding="lg">
                  <Stack gap="sm">
                    <Group justify="space-between">
                      <Text size="sm" c="dimmed">
                        Question {current + 1} of {quiz.length}
                      </Text>
                      <Progress value={(current / quiz.length) * 100} w={120} aria-hidden />
                    </Group>
                    <Text fw={600}>{question.question}</Text>
                    <Stack gap={8}>
                      {question.options.map((option, oi) => {
                        const isChosen = chosen === oi;
                        const isRight = chosen !== null && oi === question.answer;
                        const isWrong = isChosen && oi !== question.answer;
                        return (
                          <UnstyledButton
                            key={`${oi}-${option}`}
                            onClick={() => choose(oi)}
                            disabled={chosen !== null}
                            aria-pressed={isChosen}
                            p="sm"
                            style={{
                              borderRadius: 8,
                              border: `1px solid var(--mantine-color-${isRight ? "green-6" : isWrong ? "red-6" : "default-border"})`,
                              background: isRight ? "var(--mantine-color-green-light)" : isWrong ? "var(--mantine-color-red-light)" : undefined,
                              cursor: chosen === null ? "pointer" : "default",
                            }}
                          >
                            <Group justify="space-between" wrap="nowrap">
                              <Text size="sm">{option}</Text>
                              {isRight ? <IconCheck size={16} color="var(--mantine-color-green-6)" /> : null}
                              {isWrong ? <IconX size={16} color="var(--mantine-color-red-6)" /> : null}
                            </Group>
                          </UnstyledButton>
                        );
                      })}
                    </Stack>
                    {chosen !== null ? (
                      <Alert color={chosen === question.answer ? "green" : "red"} role="status">
                        {chosen === question.answer ? "Correct!" : `Incorrect. The correct answer is: ${question.options[question.answer]}`}
                      </Alert>
                    ) : null}
                    <Group justify="flex-end">
                      {current < quiz.length - 1 ? (
                        <Button disabled={chosen === null} onClick={() => setCurrent((c) => c + 1)}>
                          Next Question
                        </Button>
                      ) : (
                        <Button disabled={chosen === null} onClick={completeQuiz}>
                          Complete Quiz
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
                  <Text size="sm">{module.duration} minutes</Text>
                </Group>
                <Text size="sm">
                  {sections.length} sections, {quiz.length} questions
                </Text>
                <Button
                  color="green"
                  leftSection={<IconCircleCheck size={16} />}
                  disabled={!passed || status === "completed"}
                  loading={isSaving}
                  onClick={() => void markComplete()}
                >
                  {status === "completed" ? "Completed" : "Mark as Complete"}
                </Button>
                {!passed && status !== "completed" ? (
                  <Text size="xs" c="dimmed">
                    Finish the knowledge check with at least {QUIZ_PASS_MARK}% to mark this training complete.
                  </Text>
                ) : null}
              </Stack>
            </Card>
            <Card withBorder radius="md" padding="md">
              <Title order={5} mb="sm">
                Resources
              </Title>
              <List spacing="xs" size="sm" icon={<ThemeIcon size={18} variant="light" color="orange"><IconExternalLink size={12} /></ThemeIcon>}>
                {resources[slug].map((r) => (
                  <List.Item key={r.href}>
                    <Anchor href={r.href} target="_blank" rel="noopener noreferrer" size="sm">
                      {r.label}
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
