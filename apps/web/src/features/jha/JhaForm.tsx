import { ActionIcon, Button, Grid, Group, Paper, Radio, SimpleGrid, Stack, Text, TextInput, Tooltip } from "@mantine/core";
import { type UseFormReturnType, useForm } from "@mantine/form";
import {
  type ControlMeasure,
  canRemoveRow,
  type HazardDraft,
  jhaFormSchema,
  newControlMeasure,
  newHazard,
  riskLevels,
} from "@sitesafe/domain";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FiledByField, LongText, ProjectField } from "../../components/record/fields";
import { type RecordFormProps, RecordFormShell, useRecordForm } from "../../components/record/RecordForm";
import { useActor } from "../../lib/auth";
import { type RouterOutputs, trpc } from "../../lib/trpc";
import { schemaResolver } from "../../lib/validation";
import { useOutboxMutation } from "../outbox/useOutboxMutation";

export type JhaFormRecord = RouterOutputs["jha"]["byId"];

interface Values {
  projectId: string | null;
  title: string;
  jobDescription: string;
  hazards: HazardDraft[];
  controlMeasures: ControlMeasure[];
  submittedBy: string | null;
}

/**
 * The JHA form, for a new analysis or an edit. Workers file as themselves (Submitted By is read
 * only); staff pick the submitter. The last hazard and control measure cannot be removed.
 */
export function JhaForm(props: RecordFormProps<JhaFormRecord>) {
  const { initial, defaultProjectId } = props;
  const { t } = useTranslation("jha");
  const utils = trpc.useUtils();
  const options = trpc.jha.formOptions.useQuery();
  const actor = useActor();
  const form = useForm<Values>({
    mode: "controlled",
    initialValues: {
      projectId: initial ? String(initial.projectId) : defaultProjectId ? String(defaultProjectId) : null,
      title: initial?.title ?? "",
      jobDescription: initial?.jobDescription ?? "",
      hazards: initial?.hazards.map((h) => ({ ...h })) ?? [newHazard()],
      controlMeasures: initial?.controlMeasures.map((c) => ({ ...c })) ?? [newControlMeasure()],
      submittedBy: initial?.submittedBy != null ? String(initial.submittedBy) : actor?.workerId != null ? String(actor.workerId) : null,
    },
    validate: schemaResolver(jhaFormSchema, { sync: true }),
  });
  const record = useRecordForm(form, "jha", { props, options, onSaved: (saved) => utils.jha.byId.setData({ id: saved.id }, saved) });
  const create = useOutboxMutation("jha.create", record.createOptions);
  const update = trpc.jha.update.useMutation(record.updateOptions);
  const submit = record.safety.handleSubmit(record.submit((values) => jhaFormSchema.parse(values), create, update));

  return (
    <RecordFormShell record={record} onSubmit={submit} pending={create.isPending || update.isPending}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ProjectField record={record} {...form.getInputProps("projectId")} />
        <FiledByField record={record} field="submittedBy" {...form.getInputProps("submittedBy")} />
      </SimpleGrid>
      <TextInput label={t("form.title")} placeholder={t("form.titlePlaceholder")} withAsterisk {...form.getInputProps("title")} />
      <LongText
        label={t("form.jobDescription")}
        placeholder={t("form.jobDescriptionPlaceholder")}
        {...form.getInputProps("jobDescription")}
      />
      <RowList form={form} list="hazards" item="Hazard" newRow={newHazard} testId="hazard-row">
        {(index) => (
          // One tap, and nothing chosen until someone chooses (docs/product.md).
          <Radio.Group label={t("form.riskLevel")} withAsterisk {...form.getInputProps(`hazards.${index}.riskLevel`)}>
            <SimpleGrid cols={3} spacing={6} mt={4}>
              {riskLevels.map((level) => (
                <Radio.Card
                  key={level}
                  value={level}
                  radius="md"
                  className="sitesafe-choice-chip"
                  data-testid={`risk-${level}`}
                  aria-label={t(`labels.risk.${level}`)}
                >
                  <Group gap={6} wrap="nowrap" justify="center">
                    <Radio.Indicator size="xs" />
                    <Text size="sm" fw={500}>
                      {t(`labels.risk.${level}`)}
                    </Text>
                  </Group>
                </Radio.Card>
              ))}
            </SimpleGrid>
          </Radio.Group>
        )}
      </RowList>
      <RowList form={form} list="controlMeasures" item="ControlMeasure" newRow={newControlMeasure} testId="control-row">
        {(index) => (
          <TextInput
            label={t("form.responsiblePerson")}
            placeholder={t("form.responsiblePlaceholder")}
            withAsterisk
            {...form.getInputProps(`controlMeasures.${index}.responsibility`)}
          />
        )}
      </RowList>
    </RecordFormShell>
  );
}

/**
 * The hazards or the control measures: a heading with Add, the list's own error, then a row each
 * with its description, the field `children` gives beside it, and a remove button (the last row
 * stays: a form needs one of each).
 */
function RowList({
  form,
  list,
  item,
  newRow,
  testId,
  children,
}: {
  form: UseFormReturnType<Values>;
  list: "hazards" | "controlMeasures";
  /** The row's name in the texts' keys (form.hazardN, form.addHazard, form.removeHazardN, ...). */
  item: "Hazard" | "ControlMeasure";
  newRow: () => HazardDraft | ControlMeasure;
  testId: string;
  children: (index: number) => ReactNode;
}) {
  const { t } = useTranslation("jha");
  const error = form.errors[list];
  const removable = canRemoveRow(form.values[list].length);
  const row = item === "Hazard" ? "hazard" : "controlMeasure";
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={600}>{t(`form.${list}`)}</Text>
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => form.insertListItem(list, newRow())}>
          {t(`form.add${item}`)}
        </Button>
      </Group>
      {typeof error === "string" || typeof error === "number" ? (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      ) : null}
      {form.values[list].map((_, index) => (
        <Paper key={index} withBorder p="sm" radius="md" data-testid={testId}>
          <Group align="flex-start" gap="sm" wrap="nowrap">
            <Grid style={{ flex: 1 }} gap="sm">
              <Grid.Col span={{ base: 12, sm: 8 }}>
                <TextInput
                  label={t(`form.${row}N`, { n: index + 1 })}
                  placeholder={t(`form.${row}Placeholder`)}
                  withAsterisk
                  {...form.getInputProps(`${list}.${index}.description`)}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>{children(index)}</Grid.Col>
            </Grid>
            <Tooltip label={removable ? t(`form.remove${item}`) : t(`form.last${item}`)} openDelay={700}>
              <ActionIcon
                mt={26}
                variant="subtle"
                color="red"
                size="lg"
                aria-label={t(`form.remove${item}N`, { n: index + 1 })}
                disabled={!removable}
                onClick={() => form.removeListItem(list, index)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
