import { Group, Stack, Text, ThemeIcon, UnstyledButton } from "@mantine/core";
import { IconChevronRight, IconCircleCheck } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ListSkeleton } from "../../components/States";
import { SectionCard } from "./SectionCard";
import { type TodayKind, type TodayTask, todayKinds } from "./todayTasks";

/** Every kind's hook, in the fixed order of `todayKinds` (so the hooks run in the same order on every render). */
function useTodayTasks(): { tasks: { task: TodayTask; kind: TodayKind }[]; pending: boolean } {
  const tasks: { task: TodayTask; kind: TodayKind }[] = [];
  let pending = false;
  for (const kind of todayKinds) {
    const result = kind.useTasks();
    pending ||= result.pending;
    for (const task of result.tasks) tasks.push({ task, kind });
  }
  return { tasks, pending };
}

/** The worker dashboard's first card: what they must do today, each a row that opens it. */
export function TodayCard() {
  const { t } = useTranslation("dashboard");
  const { tasks, pending } = useTodayTasks();
  return (
    <SectionCard title={t("today.title")} testId="today">
      {pending ? (
        <ListSkeleton rows={2} />
      ) : tasks.length === 0 ? (
        <Group gap="sm" wrap="nowrap" py={4}>
          <ThemeIcon variant="light" color="green" radius="xl" size={36}>
            <IconCircleCheck size={20} />
          </ThemeIcon>
          <Text size="md">{t("today.none")}</Text>
        </Group>
      ) : (
        <Stack gap={6}>
          {tasks.map(({ task, kind }) => (
            <UnstyledButton
              key={task.id}
              component={Link}
              to={task.to}
              search={task.search as never}
              className="sitesafe-task-row"
              data-testid="today-task"
              data-kind={kind.kind}
            >
              <Group wrap="nowrap" gap="sm">
                <ThemeIcon variant="light" color={kind.color} radius="md" size={36}>
                  <kind.icon size={20} />
                </ThemeIcon>
                <div style={{ minWidth: 0, flex: 1 }}>
                  <Text size="md" fw={600} lineClamp={2}>
                    {task.title}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {task.detail}
                  </Text>
                </div>
                <IconChevronRight size={18} aria-hidden />
              </Group>
            </UnstyledButton>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
