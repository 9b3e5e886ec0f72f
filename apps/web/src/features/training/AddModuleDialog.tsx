import {
  canRemoveOption,
  canRemoveQuestion,
  canRemoveSection,
  createTrainingModuleSchema,
  emptyQuestion,
  emptySection,
  MODULE_DURATION_MIN,
  removeQuizOption,
  trainingModuleTypeLabels,
  trainingModuleTypes,
  type TrainingModuleType,
} from "@sitesafe/domain";
import { ActionIcon, Button, Card, Divider, Group, Modal, NumberInput, Radio, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Tooltip } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useIsMobile } from "../../lib/device";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, trpc } from "../../lib/trpc";

interface ModuleFormValues {
  title: string;
  description: string;
  type: TrainingModuleType;
  duration: number | string;
  content: {
    sections: { title: string; content: string }[];
    quiz: { question: string; options: string[]; answer: number }[];
  };
}

const initialValues = (): ModuleFormValues => ({
  title: "",
  description: "",
  type: "site_safety",
  duration: 30,
  content: { sections: [emptySection()], quiz: [emptyQuestion()] },
});

const typeOptions = trainingModuleTypes.map((t) => ({ value: t, label: trainingModuleTypeLabels[t] }));

/** "Add New Training Module": sections and quiz questions, with the builder's removal rules. */
export function AddModuleDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const isMobile = useIsMobile();
  const utils = trpc.useUtils();
  const form = useForm<ModuleFormValues>({
    mode: "controlled",
    initialValues: initialValues(),
    validate: schemaResolver(createTrainingModuleSchema, { sync: true }),
  });
  const create = trpc.training.createModule.useMutation({
    onSuccess: () => {
      notifySuccess("Training module created");
      void utils.training.modules.invalidate();
      form.setValues(initialValues());
      form.resetDirty();
      onClose();
    },
    onError: (error) => notifyError("Failed to create training module", errorMessage(error)),
  });

  const { sections, quiz } = form.values.content;

  return (
    <Modal opened={opened} onClose={onClose} title="Add New Training Module" size="xl" fullScreen={isMobile}>
      <form onSubmit={form.onSubmit((values) => create.mutate(values))} noValidate>
        <Stack>
          <TextInput label="Title" withAsterisk {...form.getInputProps("title")} />
          <Textarea label="Description" autosize minRows={2} {...form.getInputProps("description")} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select label="Type" data={typeOptions} allowDeselect={false} {...form.getInputProps("type")} />
            <NumberInput
              label="Duration (minutes)"
              min={MODULE_DURATION_MIN}
              allowDecimal={false}
              description="Blank means 30 minutes"
              {...form.getInputProps("duration")}
            />
          </SimpleGrid>

          <Divider label="Sections" labelPosition="left" />
          {sections.map((_, i) => (
            <Card key={form.key(`content.sections.${i}`)} withBorder padding="sm">
              <Group justify="space-between" mb="xs">
                <Text fw={600} size="sm">
                  Section {i + 1}
                </Text>
                <Tooltip label={canRemoveSection(sections.length) ? "Remove section" : "At least one section is required"}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove section ${i + 1}`}
                    disabled={!canRemoveSection(sections.length)}
                    onClick={() => form.removeListItem("content.sections", i)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
              <Stack gap="xs">
                <TextInput label="Section title" withAsterisk {...form.getInputProps(`content.sections.${i}.title`)} />
                <Textarea label="Section content" withAsterisk autosize minRows={3} {...form.getInputProps(`content.sections.${i}.content`)} />
              </Stack>
            </Card>
          ))}
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => form.insertListItem("content.sections", emptySection())}>
            Add Section
          </Button>

          <Divider label="Quiz questions" labelPosition="left" />
          {quiz.map((question, qi) => (
            <Card key={form.key(`content.quiz.${qi}`)} withBorder padding="sm">
              <Group justify="space-between" mb="xs">
                <Text fw={600} size="sm">
                  Question {qi + 1}
                </Text>
                <Tooltip label={canRemoveQuestion(quiz.length) ? "Remove question" : "At least one quiz question is required"}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove question ${qi + 1}`}
                    disabled={!canRemoveQuestion(quiz.length)}
                    onClick={() => form.removeListItem("content.quiz", qi)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
              <Stack gap="xs">
                <TextInput label="Question" withAsterisk {...form.getInputProps(`content.quiz.${qi}.question`)} />
                <Radio.Group
                  label="Options (select the correct answer)"
                  value={String(question.answer)}
                  onChange={(v) => form.setFieldValue(`content.quiz.${qi}.answer`, Number(v))}
                  error={form.errors[`content.quiz.${qi}.answer`] ?? form.errors[`content.quiz.${qi}.options`]}
                >
                  <Stack gap={6} mt={4}>
                    {question.options.map((_, oi) => (
                      <Group key={form.key(`content.quiz.${qi}.options.${oi}`)} gap="xs" wrap="nowrap" align="flex-start">
                        <Radio value={String(oi)} aria-label={`Option ${oi + 1} is correct`} mt={8} />
                        <TextInput
                          placeholder={`Option ${oi + 1}`}
                          aria-label={`Question ${qi + 1} option ${oi + 1}`}
                          style={{ flex: 1 }}
                          {...form.getInputProps(`content.quiz.${qi}.options.${oi}`)}
                        />
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          mt={4}
                          aria-label={`Remove option ${oi + 1}`}
                          disabled={!canRemoveOption(question.options.length)}
                          onClick={() => {
                            const next = removeQuizOption(question, oi);
                            form.setFieldValue(`content.quiz.${qi}`, { ...question, options: next.options, answer: next.answer ?? 0 });
                          }}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Group>
                    ))}
                  </Stack>
                </Radio.Group>
                <Button
                  variant="subtle"
                  size="xs"
                  w="fit-content"
                  leftSection={<IconPlus size={14} />}
                  disabled={question.options.length >= 10}
                  onClick={() => form.insertListItem(`content.quiz.${qi}.options`, "")}
                >
                  Add Option
                </Button>
              </Stack>
            </Card>
          ))}
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => form.insertListItem("content.quiz", emptyQuestion())}>
            Add Question
          </Button>

          {form.errors.content ? (
            <Text c="red" size="sm" role="alert">
              {form.errors.content}
            </Text>
          ) : null}
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={onClose} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create Module
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
