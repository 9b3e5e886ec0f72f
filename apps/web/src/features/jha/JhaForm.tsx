import {
  ActionIcon,
  Alert,
  Button,
  Grid,
  Group,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import {
  type ControlMeasure,
  canRemoveRow,
  type HazardDraft,
  isStaff,
  jhaFormSchema,
  newControlMeasure,
  newHazard,
  riskLevels,
} from "@sitesafe/domain";
import { IconAlertCircle, IconPlus, IconTrash } from "@tabler/icons-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { FormCancel, FormSubmit } from "../../components/FormActions";
import { RecordFormCard, useFormSafety } from "../../components/FormSafety";
import { useActor } from "../../lib/auth";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, errorStatus, invalidateLists, type RouterOutputs, trpc } from "../../lib/trpc";
import { schemaResolver } from "../../lib/validation";
import { useOutboxMutation } from "../outbox/useOutboxMutation";
import { PhotoPicker, usePhotoPicker } from "../photos/PhotoPicker";

export type JhaFormRecord = RouterOutputs["jha"]["byId"];

interface Values {
  projectId: string | null;
  title: string;
  jobDescription: string;
  hazards: HazardDraft[];
  controlMeasures: ControlMeasure[];
  submittedBy: string | null;
}

/** A failure the server explained gets the screen's title; anything else the generic one. */
export function useNotifySubmitError() {
  const { t } = useTranslation("jha");
  return (title: string, error: unknown) => {
    if (errorStatus(error) === undefined) notifyError(t("form.formError"), t("form.unexpectedError"));
    else notifyError(title, errorMessage(error));
  };
}

/**
 * The JHA form, for a new analysis or an edit. Workers file as themselves (Submitted By is read
 * only); staff pick the submitter. The last hazard and control measure cannot be removed.
 */
export function JhaForm({
  initial,
  defaultProjectId,
  continueDraft,
  onDone,
  onCancel,
}: {
  initial?: JhaFormRecord;
  defaultProjectId?: number;
  /** Opened through "Continue your draft": start from the draft on this device. */
  continueDraft?: boolean;
  onDone: (form: JhaFormRecord) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation("jha");
  const notifySubmitError = useNotifySubmitError();
  const actor = useActor();
  const staff = actor ? isStaff(actor) : false;
  const options = trpc.jha.formOptions.useQuery();
  const utils = trpc.useUtils();
  const refreshLists = () => invalidateLists(utils.jha);

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

  // A worker assigned to exactly one project gets it preselected.
  const projects = options.data?.projects ?? [];
  useEffect(() => {
    if (!initial && form.values.projectId === null && projects.length === 1 && projects[0]) {
      // A default, not a change: it neither makes the form "changed" nor starts a draft.
      form.setFieldValue("projectId", String(projects[0].id));
      form.resetDirty({ ...form.getValues(), projectId: String(projects[0].id) });
    }
  }, [projects, initial, form]);

  const photos = usePhotoPicker();
  const onSuccess = async (saved: JhaFormRecord) => {
    // Stored on the device before the form closes: the upload itself goes on from the Outbox.
    await photos.uploadTo({ kind: "jha", id: saved.id });
    void refreshLists();
    utils.jha.byId.setData({ id: saved.id }, saved);
    notifySuccess(
      initial ? t("form.updatedTitle") : t("form.submittedTitle"),
      initial ? t("form.updatedMessage") : t("form.submittedMessage"),
    );
    onDone(saved);
  };
  const create = useOutboxMutation("jha.create", {
    onSuccess,
    onError: (e) => notifySubmitError(t("form.submitFailed"), e),
    // Offline: its photos wait in the Outbox for it, then go to the record it creates.
    withQueued: (item) => photos.uploadTo({ kind: "jha", after: item.id }),
  });
  const update = trpc.jha.update.useMutation({ onSuccess, onError: (e) => notifySubmitError(t("form.updateFailed"), e) });
  const pending = create.isPending || update.isPending;

  const safety = useFormSafety(form, { draftKey: initial ? `jha.edit.${initial.id}` : "jha.new", onCancel, continueDraft });
  const submit = safety.handleSubmit(async (values) => {
    const data = jhaFormSchema.parse(values);
    if (initial) await update.mutateAsync({ id: initial.id, ...data });
    else await create.mutateAsync(data);
  });

  const self = options.data?.workers.find((w) => w.id === actor?.workerId);
  const workerOptions = (options.data?.workers ?? []).map((w) => ({
    value: String(w.id),
    label: `${w.firstName} ${w.lastName} (${w.role})`,
  }));
  const hazardsError = form.errors.hazards;
  const controlsError = form.errors.controlMeasures;

  return (
    <RecordFormCard safety={safety} onSubmit={submit} label={initial ? t("form.editLabel") : t("form.newLabel")}>
      <Stack gap="md">
        <FormCancel onClick={safety.cancel} disabled={pending}>
          {t("form.cancel")}
        </FormCancel>
        {safety.banner}
        {options.error ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />}>
            {errorMessage(options.error)}
          </Alert>
        ) : null}
        {!staff && actor?.workerId == null ? (
          <Alert color="yellow" icon={<IconAlertCircle size={18} />}>
            {t("form.noProfile")}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t("form.project")}
            placeholder={options.isPending ? t("form.loadingProjects") : t("form.selectProject")}
            data={projects.map((p) => ({ value: String(p.id), label: p.name }))}
            searchable
            nothingFoundMessage={staff ? t("form.noProjects") : t("form.notAssigned")}
            withAsterisk
            {...form.getInputProps("projectId")}
          />
          {staff ? (
            <Select
              label={t("form.submittedBy")}
              placeholder={t("form.selectWorker")}
              data={workerOptions}
              searchable
              clearable
              {...form.getInputProps("submittedBy")}
            />
          ) : (
            <TextInput
              label={t("form.submittedBy")}
              value={self ? `${self.firstName} ${self.lastName}` : actor?.workerId != null ? t("form.you") : t("form.noWorkerProfile")}
              readOnly
              description={t("form.submittedByDescription")}
              data-path="submittedBy"
            />
          )}
        </SimpleGrid>
        <TextInput label={t("form.title")} placeholder={t("form.titlePlaceholder")} withAsterisk {...form.getInputProps("title")} />
        <Textarea
          label={t("form.jobDescription")}
          placeholder={t("form.jobDescriptionPlaceholder")}
          autosize
          minRows={2}
          maxRows={8}
          {...form.getInputProps("jobDescription")}
        />

        <Stack gap="xs">
          <Group justify="space-between">
            <Text fw={600}>{t("form.hazards")}</Text>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              onClick={() => form.insertListItem("hazards", newHazard())}
            >
              {t("form.addHazard")}
            </Button>
          </Group>
          {typeof hazardsError === "string" || typeof hazardsError === "number" ? (
            <Text c="red" size="sm" role="alert">
              {hazardsError}
            </Text>
          ) : null}
          {form.values.hazards.map((_, index) => (
            <Paper key={index} withBorder p="sm" radius="md" data-testid="hazard-row">
              <Group align="flex-start" gap="sm" wrap="nowrap">
                <Grid style={{ flex: 1 }} gap="sm">
                  <Grid.Col span={{ base: 12, sm: 8 }}>
                    <TextInput
                      label={t("form.hazardN", { n: index + 1 })}
                      placeholder={t("form.hazardPlaceholder")}
                      withAsterisk
                      {...form.getInputProps(`hazards.${index}.description`)}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 4 }}>
                    {/* One tap, and nothing chosen until someone chooses (docs/product.md). */}
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
                  </Grid.Col>
                </Grid>
                <Tooltip label={canRemoveRow(form.values.hazards.length) ? t("form.removeHazard") : t("form.lastHazard")} openDelay={700}>
                  <ActionIcon
                    mt={26}
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={t("form.removeHazardN", { n: index + 1 })}
                    disabled={!canRemoveRow(form.values.hazards.length)}
                    onClick={() => form.removeListItem("hazards", index)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Paper>
          ))}
        </Stack>

        <Stack gap="xs">
          <Group justify="space-between">
            <Text fw={600}>{t("form.controlMeasures")}</Text>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              onClick={() => form.insertListItem("controlMeasures", newControlMeasure())}
            >
              {t("form.addControlMeasure")}
            </Button>
          </Group>
          {typeof controlsError === "string" || typeof controlsError === "number" ? (
            <Text c="red" size="sm" role="alert">
              {controlsError}
            </Text>
          ) : null}
          {form.values.controlMeasures.map((_, index) => (
            <Paper key={index} withBorder p="sm" radius="md" data-testid="control-row">
              <Group align="flex-start" gap="sm" wrap="nowrap">
                <Grid style={{ flex: 1 }} gap="sm">
                  <Grid.Col span={{ base: 12, sm: 8 }}>
                    <TextInput
                      label={t("form.controlMeasureN", { n: index + 1 })}
                      placeholder={t("form.controlMeasurePlaceholder")}
                      withAsterisk
                      {...form.getInputProps(`controlMeasures.${index}.description`)}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 4 }}>
                    <TextInput
                      label={t("form.responsiblePerson")}
                      placeholder={t("form.responsiblePlaceholder")}
                      withAsterisk
                      {...form.getInputProps(`controlMeasures.${index}.responsibility`)}
                    />
                  </Grid.Col>
                </Grid>
                <Tooltip
                  label={canRemoveRow(form.values.controlMeasures.length) ? t("form.removeControlMeasure") : t("form.lastControlMeasure")}
                  openDelay={700}
                >
                  <ActionIcon
                    mt={26}
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={t("form.removeControlMeasureN", { n: index + 1 })}
                    disabled={!canRemoveRow(form.values.controlMeasures.length)}
                    onClick={() => form.removeListItem("controlMeasures", index)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Paper>
          ))}
        </Stack>
        {initial ? null : <PhotoPicker picker={photos} />}

        <FormSubmit loading={pending} disabled={!staff && actor?.workerId == null}>
          {initial ? t("form.saveChanges") : t("form.submit")}
        </FormSubmit>
      </Stack>
    </RecordFormCard>
  );
}
