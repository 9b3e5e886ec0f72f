import {
  Accordion,
  ActionIcon,
  Button,
  Card,
  Divider,
  Group,
  Modal,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from "@mantine/core";
import { type FormErrors, useForm } from "@mantine/form";
import {
  type CreateTrainingModuleInput,
  canRemoveOption,
  canRemoveQuestion,
  canRemoveSection,
  createTrainingModuleSchema,
  emptyQuestion,
  emptySection,
  MODULE_DURATION_DEFAULT,
  MODULE_DURATION_MIN,
  removeQuizOption,
  type TrainingModuleType,
  trainingModuleTypes,
} from "@sitesafe/domain";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useIsMobile } from "../../lib/device";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, trpc } from "../../lib/trpc";
import { schemaResolver } from "../../lib/validation";

/** The Spanish words of the module: the English one's sections, questions and options, one for one (no answers). */
interface SpanishValues {
  title: string;
  description: string;
  content: {
    sections: { title: string; content: string }[];
    quiz: { question: string; options: string[] }[];
  };
}

interface ModuleFormValues {
  title: string;
  description: string;
  type: TrainingModuleType;
  duration: number | string;
  content: {
    sections: { title: string; content: string }[];
    quiz: { question: string; options: string[]; answer: number }[];
  };
  // Named as the API names it, so the schema's error paths (translations.es.…) land on these fields.
  translations: { es: SpanishValues };
}

const spanishQuestion = () => ({ question: "", options: emptyQuestion().options });

const initialValues = (): ModuleFormValues => ({
  title: "",
  description: "",
  type: "site_safety",
  duration: MODULE_DURATION_DEFAULT,
  content: { sections: [emptySection()], quiz: [emptyQuestion()] },
  translations: { es: { title: "", description: "", content: { sections: [emptySection()], quiz: [spanishQuestion()] } } },
});

/** Whether anything of the Spanish version was typed in. */
function hasSpanish({ title, description, content }: SpanishValues): boolean {
  const texts = [
    title,
    description,
    ...content.sections.flatMap((s) => [s.title, s.content]),
    ...content.quiz.flatMap((q) => [q.question, ...q.options]),
  ];
  return texts.some((text) => text.trim() !== "");
}

/** What is sent: the Spanish version only when it was filled in. */
function toInput({ translations, ...module }: ModuleFormValues): CreateTrainingModuleInput {
  return hasSpanish(translations.es) ? { ...module, translations } : module;
}

const validateModule = schemaResolver(createTrainingModuleSchema, { sync: true });
const SPANISH = "es";

/** One item of a list the form grows (a section, a question): its title and Remove at the top, then its fields. */
function RemovableCard({
  title,
  removable,
  removeTip,
  removeLabel,
  onRemove,
  children,
}: {
  title: string;
  removable: boolean;
  /** Why Remove is there, or why it cannot be used (the list's last item stays). */
  removeTip: string;
  removeLabel: string;
  onRemove: () => void;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" mb="xs">
        <Text fw={600} size="sm">
          {title}
        </Text>
        <Tooltip label={removeTip}>
          <ActionIcon variant="subtle" color="red" aria-label={removeLabel} disabled={!removable} onClick={onRemove}>
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Stack gap="xs">{children}</Stack>
    </Card>
  );
}

/** "Add New Training Module": sections and quiz questions, with the builder's removal rules, and an optional Spanish version. */
export function AddModuleDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation("training");
  const isMobile = useIsMobile();
  const utils = trpc.useUtils();
  const [spanishOpen, setSpanishOpen] = useState<string | null>(null);
  const form = useForm<ModuleFormValues>({
    mode: "controlled",
    initialValues: initialValues(),
    validate: (values) => validateModule(toInput(values)),
  });
  const create = trpc.training.createModule.useMutation({
    onSuccess: () => {
      notifySuccess(t("add.created"));
      void utils.training.modules.invalidate();
      form.setValues(initialValues());
      form.resetDirty();
      setSpanishOpen(null);
      onClose();
    },
    onError: (error) => notifyError(t("add.createFailed"), errorMessage(error)),
  });

  const { sections, quiz } = form.values.content;
  const spanish = form.values.translations.es.content;
  const typeOptions = trainingModuleTypes.map((type) => ({ value: type, label: t(`labels.type.${type}`) }));

  // The Spanish version mirrors the English one: every section, question and option added or
  // removed in English is added or removed in Spanish at the same place.
  const addSection = () => {
    form.insertListItem("content.sections", emptySection());
    form.insertListItem("translations.es.content.sections", emptySection());
  };
  const removeSection = (i: number) => {
    form.removeListItem("content.sections", i);
    form.removeListItem("translations.es.content.sections", i);
  };
  const addQuestion = () => {
    form.insertListItem("content.quiz", emptyQuestion());
    form.insertListItem("translations.es.content.quiz", spanishQuestion());
  };
  const removeQuestion = (qi: number) => {
    form.removeListItem("content.quiz", qi);
    form.removeListItem("translations.es.content.quiz", qi);
  };
  const addOption = (qi: number) => {
    form.insertListItem(`content.quiz.${qi}.options`, "");
    form.insertListItem(`translations.es.content.quiz.${qi}.options`, "");
  };
  const removeOption = (qi: number, oi: number) => {
    const question = form.values.content.quiz[qi];
    if (!question) return;
    const next = removeQuizOption(question, oi);
    form.setFieldValue(`content.quiz.${qi}`, { ...question, options: next.options, answer: next.answer ?? 0 });
    form.removeListItem(`translations.es.content.quiz.${qi}.options`, oi);
  };
  // A Spanish field with an error is shown, not left inside the closed part.
  const onInvalid = (errors: FormErrors) => {
    if (Object.keys(errors).some((path) => path.startsWith("translations."))) setSpanishOpen(SPANISH);
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t("add.title")} size="xl" fullScreen={isMobile}>
      <form onSubmit={form.onSubmit((values) => create.mutate(toInput(values)), onInvalid)} noValidate>
        <Stack>
          <TextInput label={t("add.moduleTitle")} withAsterisk {...form.getInputProps("title")} />
          <Textarea label={t("add.description")} autosize minRows={2} {...form.getInputProps("description")} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select label={t("add.type")} data={typeOptions} allowDeselect={false} {...form.getInputProps("type")} />
            <NumberInput
              label={t("add.duration")}
              min={MODULE_DURATION_MIN}
              allowDecimal={false}
              description={t("add.durationHint", { minutes: MODULE_DURATION_DEFAULT })}
              {...form.getInputProps("duration")}
            />
          </SimpleGrid>

          <Divider label={t("add.sections")} labelPosition="left" />
          {sections.map((_, i) => (
            <RemovableCard
              key={form.key(`content.sections.${i}`)}
              title={t("add.section", { number: i + 1 })}
              removable={canRemoveSection(sections.length)}
              removeTip={canRemoveSection(sections.length) ? t("add.removeSection") : t("add.sectionRequired")}
              removeLabel={t("add.removeSectionNumber", { number: i + 1 })}
              onRemove={() => removeSection(i)}
            >
              <TextInput label={t("add.sectionTitle")} withAsterisk {...form.getInputProps(`content.sections.${i}.title`)} />
              <Textarea
                label={t("add.sectionContent")}
                withAsterisk
                autosize
                minRows={3}
                {...form.getInputProps(`content.sections.${i}.content`)}
              />
            </RemovableCard>
          ))}
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={addSection}>
            {t("add.addSection")}
          </Button>

          <Divider label={t("add.quiz")} labelPosition="left" />
          {quiz.map((question, qi) => (
            <RemovableCard
              key={form.key(`content.quiz.${qi}`)}
              title={t("add.question", { number: qi + 1 })}
              removable={canRemoveQuestion(quiz.length)}
              removeTip={canRemoveQuestion(quiz.length) ? t("add.removeQuestion") : t("add.questionRequired")}
              removeLabel={t("add.removeQuestionNumber", { number: qi + 1 })}
              onRemove={() => removeQuestion(qi)}
            >
              <TextInput label={t("add.questionText")} withAsterisk {...form.getInputProps(`content.quiz.${qi}.question`)} />
              <Radio.Group
                label={t("add.options")}
                value={String(question.answer)}
                onChange={(v) => form.setFieldValue(`content.quiz.${qi}.answer`, Number(v))}
                error={form.errors[`content.quiz.${qi}.answer`] ?? form.errors[`content.quiz.${qi}.options`]}
              >
                <Stack gap={6} mt={4}>
                  {question.options.map((_, oi) => (
                    <Group key={form.key(`content.quiz.${qi}.options.${oi}`)} gap="xs" wrap="nowrap" align="flex-start">
                      <Radio value={String(oi)} aria-label={t("add.optionCorrect", { number: oi + 1 })} mt={8} />
                      <TextInput
                        placeholder={t("add.option", { number: oi + 1 })}
                        aria-label={t("add.questionOption", { question: qi + 1, option: oi + 1 })}
                        style={{ flex: 1 }}
                        {...form.getInputProps(`content.quiz.${qi}.options.${oi}`)}
                      />
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        mt={4}
                        aria-label={t("add.removeOption", { number: oi + 1 })}
                        disabled={!canRemoveOption(question.options.length)}
                        onClick={() => removeOption(qi, oi)}
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
                onClick={() => addOption(qi)}
              >
                {t("add.addOption")}
              </Button>
            </RemovableCard>
          ))}
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={addQuestion}>
            {t("add.addQuestion")}
          </Button>

          <Accordion variant="contained" value={spanishOpen} onChange={setSpanishOpen}>
            <Accordion.Item value={SPANISH}>
              <Accordion.Control>{t("add.spanish.heading")}</Accordion.Control>
              <Accordion.Panel>
                <Stack gap="sm" lang="es">
                  <Text size="sm" c="dimmed">
                    {t("add.spanish.hint")}
                  </Text>
                  <TextInput
                    label={t("add.spanish.title")}
                    description={form.values.title}
                    {...form.getInputProps("translations.es.title")}
                  />
                  <Textarea
                    label={t("add.spanish.description")}
                    autosize
                    minRows={2}
                    {...form.getInputProps("translations.es.description")}
                  />
                  {spanish.sections.map((_, i) => (
                    <Card key={form.key(`translations.es.content.sections.${i}`)} withBorder padding="sm">
                      <Stack gap="xs">
                        <TextInput
                          label={t("add.spanish.sectionTitle", { number: i + 1 })}
                          description={sections[i]?.title}
                          {...form.getInputProps(`translations.es.content.sections.${i}.title`)}
                        />
                        <Textarea
                          label={t("add.spanish.sectionContent", { number: i + 1 })}
                          autosize
                          minRows={3}
                          {...form.getInputProps(`translations.es.content.sections.${i}.content`)}
                        />
                      </Stack>
                    </Card>
                  ))}
                  {spanish.quiz.map((question, qi) => (
                    <Card key={form.key(`translations.es.content.quiz.${qi}`)} withBorder padding="sm">
                      <Stack gap="xs">
                        <TextInput
                          label={t("add.spanish.question", { number: qi + 1 })}
                          description={quiz[qi]?.question}
                          {...form.getInputProps(`translations.es.content.quiz.${qi}.question`)}
                        />
                        {question.options.map((_, oi) => (
                          <TextInput
                            key={form.key(`translations.es.content.quiz.${qi}.options.${oi}`)}
                            placeholder={t("add.spanish.option", { number: oi + 1 })}
                            aria-label={t("add.spanish.questionOption", { question: qi + 1, option: oi + 1 })}
                            description={quiz[qi]?.options[oi]}
                            {...form.getInputProps(`translations.es.content.quiz.${qi}.options.${oi}`)}
                          />
                        ))}
                        {form.errors[`translations.es.content.quiz.${qi}.options`] ? (
                          <Text c="red" size="sm" role="alert">
                            {form.errors[`translations.es.content.quiz.${qi}.options`]}
                          </Text>
                        ) : null}
                      </Stack>
                    </Card>
                  ))}
                  {(form.errors["translations.es.content"] ??
                  form.errors["translations.es.content.sections"] ??
                  form.errors["translations.es.content.quiz"]) ? (
                    <Text c="red" size="sm" role="alert">
                      {form.errors["translations.es.content"] ??
                        form.errors["translations.es.content.sections"] ??
                        form.errors["translations.es.content.quiz"]}
                    </Text>
                  ) : null}
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          </Accordion>

          {form.errors.content ? (
            <Text c="red" size="sm" role="alert">
              {form.errors.content}
            </Text>
          ) : null}
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={onClose} disabled={create.isPending}>
              {t("add.cancel")}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t("add.create")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
