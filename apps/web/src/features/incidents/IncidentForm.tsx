import { Alert, MultiSelect, Select, SimpleGrid, Stack, Textarea, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import {
  type IncidentSeverity,
  type IncidentStatus,
  incidentReportFormSchema,
  incidentSeverities,
  incidentStatuses,
  isStaff,
  localToday,
} from "@sitesafe/domain";
import { IconAlertCircle } from "@tabler/icons-react";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { FormCancel, FormSubmit } from "../../components/FormActions";
import { RecordFormCard, useFormSafety } from "../../components/FormSafety";
import { useActor } from "../../lib/auth";
import { notifySuccess } from "../../lib/notify";
import { errorMessage, invalidateLists, type RouterOutputs, trpc } from "../../lib/trpc";
import { schemaResolver } from "../../lib/validation";
import { useNotifySubmitError } from "../jha/JhaForm";
import { useOutboxMutation } from "../outbox/useOutboxMutation";
import { PhotoPicker, usePhotoPicker } from "../photos/PhotoPicker";

export type IncidentRecord = RouterOutputs["incidents"]["byId"];

interface Values {
  title: string;
  projectId: string | null;
  date: string;
  /** Null until the reporter chooses one: a near miss is not filed as "Minor" by accident. */
  severity: IncidentSeverity | null;
  status: IncidentStatus;
  location: string;
  description: string;
  reportedBy: string | null;
  involvedWorkers: number[];
  actionTaken: string;
  preventiveMeasures: string;
}

/**
 * The incident report form, inline on the list (new) and on the detail page (edit). Defaults:
 * status open, date today; the severity is the reporter's choice; a worker is always the reporter.
 */
export function IncidentForm({
  initial,
  defaultProjectId,
  continueDraft,
  onDone,
  onCancel,
}: {
  initial?: IncidentRecord;
  defaultProjectId?: number | undefined;
  /** Opened through "Continue your draft": start from the draft on this device. */
  continueDraft?: boolean;
  onDone: (report: IncidentRecord) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation("incidents");
  const notifySubmitError = useNotifySubmitError();
  const severityOptions = incidentSeverities.map((s) => ({ value: s, label: t(`labels.severity.${s}`) }));
  const statusOptions = incidentStatuses.map((s) => ({ value: s, label: t(`labels.status.${s}`) }));
  const actor = useActor();
  const staff = actor ? isStaff(actor) : false;
  const options = trpc.incidents.formOptions.useQuery();
  const utils = trpc.useUtils();
  const refreshLists = () => invalidateLists(utils.incidents);

  const form = useForm<Values>({
    mode: "controlled",
    initialValues: {
      title: initial?.title ?? "",
      projectId: initial ? String(initial.projectId) : defaultProjectId ? String(defaultProjectId) : null,
      date: initial?.date ?? localToday(),
      severity: initial?.severity ?? null,
      status: initial?.status ?? "open",
      location: initial?.location ?? "",
      description: initial?.description ?? "",
      reportedBy: initial
        ? initial.reportedBy != null
          ? String(initial.reportedBy)
          : null
        : actor?.workerId != null
          ? String(actor.workerId)
          : null,
      involvedWorkers: initial?.involvedWorkers ?? [],
      actionTaken: initial?.actionTaken ?? "",
      preventiveMeasures: initial?.preventiveMeasures ?? "",
    },
    validate: schemaResolver(incidentReportFormSchema, { sync: true }),
  });

  const projects = options.data?.projects ?? [];
  const workers = options.data?.workers ?? [];
  useEffect(() => {
    if (!initial && form.values.projectId === null && projects.length === 1 && projects[0]) {
      // A default, not a change: it neither makes the form "changed" nor starts a draft.
      form.setFieldValue("projectId", String(projects[0].id));
      form.resetDirty({ ...form.getValues(), projectId: String(projects[0].id) });
    }
  }, [projects, initial, form]);

  // Involved workers: the people on the chosen project (staff may also name anyone).
  const projectId = form.values.projectId ? Number(form.values.projectId) : null;
  const involvedOptions = useMemo(() => {
    const onProject = workers.filter((w) => projectId !== null && w.projectIds.includes(projectId));
    const pool = staff ? workers : onProject;
    const chosen = new Set(form.values.involvedWorkers);
    // Keep already chosen people selectable even if they have since left the project.
    const visible = workers.filter((w) => pool.includes(w) || chosen.has(w.id));
    return visible.map((w) => ({ value: String(w.id), label: `${w.firstName} ${w.lastName}${w.role ? ` (${w.role})` : ""}` }));
  }, [workers, projectId, staff, form.values.involvedWorkers]);

  const self = workers.find((w) => w.id === actor?.workerId);
  const reporterOptions = workers.map((w) => ({ value: String(w.id), label: `${w.firstName} ${w.lastName} (${w.role})` }));

  const photos = usePhotoPicker();
  const onSuccess = async (saved: IncidentRecord) => {
    // Stored on the device before the form closes: the upload itself goes on from the Outbox.
    await photos.uploadTo({ kind: "incident", id: saved.id });
    void refreshLists();
    void utils.incidents.history.invalidate({ id: saved.id });
    utils.incidents.byId.setData({ id: saved.id }, saved);
    notifySuccess(
      initial ? t("form.updatedTitle") : t("form.submittedTitle"),
      initial ? t("form.updatedMessage") : t("form.submittedMessage"),
    );
    onDone(saved);
  };
  const create = useOutboxMutation("incidents.create", {
    onSuccess,
    onError: (e) => notifySubmitError(t("form.submitFailed"), e),
    // Offline: its photos wait in the Outbox for it, then go to the record it creates.
    withQueued: (item) => photos.uploadTo({ kind: "incident", after: item.id }),
  });
  const update = trpc.incidents.update.useMutation({ onSuccess, onError: (e) => notifySubmitError(t("form.updateFailed"), e) });
  const pending = create.isPending || update.isPending;

  const safety = useFormSafety(form, { draftKey: initial ? `incident.edit.${initial.id}` : "incident.new", onCancel, continueDraft });
  const submit = safety.handleSubmit(async (values) => {
    const data = incidentReportFormSchema.parse(values);
    if (initial) await update.mutateAsync({ id: initial.id, ...data });
    else await create.mutateAsync(data);
  });

  const noProfile = !staff && actor?.workerId == null;

  return (
    <RecordFormCard safety={safety} onSubmit={submit} label={initial ? t("form.editLabel") : t("form.newLabel")}>
      <Stack gap="md">
        <FormCancel onClick={safety.cancel} disabled={pending}>
          {t("form.cancel")}
        </FormCancel>
        <Title order={2} size="h3">
          {initial ? t("form.editTitle") : t("form.newTitle")}
        </Title>
        {safety.banner}
        {options.error ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />}>
            {errorMessage(options.error, t("form.workersFailed"))}
          </Alert>
        ) : null}
        {noProfile ? (
          <Alert color="yellow" icon={<IconAlertCircle size={18} />}>
            {t("form.noProfile")}
          </Alert>
        ) : null}
        <TextInput label={t("form.title")} placeholder={t("form.titlePlaceholder")} withAsterisk {...form.getInputProps("title")} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t("form.project")}
            placeholder={options.isPending ? t("form.loadingProjects") : t("form.selectProject")}
            data={projects.map((p) => ({ value: String(p.id), label: p.name }))}
            searchable
            withAsterisk
            nothingFoundMessage={staff ? t("form.noProjects") : t("form.notAssigned")}
            {...form.getInputProps("projectId")}
          />
          <TextInput label={t("form.date")} type="date" withAsterisk max="2999-12-31" {...form.getInputProps("date")} />
          <Select
            label={t("form.severity")}
            placeholder={t("form.severityPlaceholder")}
            data={severityOptions}
            allowDeselect={false}
            withAsterisk
            {...form.getInputProps("severity")}
          />
          <Select label={t("form.status")} data={statusOptions} allowDeselect={false} {...form.getInputProps("status")} />
        </SimpleGrid>
        <TextInput label={t("form.location")} placeholder={t("form.locationPlaceholder")} {...form.getInputProps("location")} />
        <Textarea
          label={t("form.description")}
          placeholder={t("form.descriptionPlaceholder")}
          autosize
          minRows={3}
          maxRows={10}
          {...form.getInputProps("description")}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {staff ? (
            <Select
              label={t("form.reportedBy")}
              placeholder={t("form.selectWorker")}
              data={reporterOptions}
              searchable
              clearable
              {...form.getInputProps("reportedBy")}
            />
          ) : (
            <TextInput
              label={t("form.reportedBy")}
              value={self ? `${self.firstName} ${self.lastName}` : noProfile ? t("form.noWorkerProfile") : t("form.you")}
              readOnly
              description={t("form.reportedByDescription")}
              data-path="reportedBy"
            />
          )}
          <MultiSelect
            label={t("form.involvedWorkers")}
            placeholder={projectId === null && !staff ? t("form.selectProjectFirst") : t("form.selectWorkers")}
            data={involvedOptions}
            searchable
            clearable
            hidePickedOptions
            nothingFoundMessage={t("form.noWorkersOnProject")}
            value={form.values.involvedWorkers.map(String)}
            onChange={(values) => form.setFieldValue("involvedWorkers", values.map(Number))}
            error={form.errors.involvedWorkers}
            data-path="involvedWorkers"
          />
        </SimpleGrid>
        <Textarea
          label={t("form.actionTaken")}
          placeholder={t("form.actionTakenPlaceholder")}
          autosize
          minRows={2}
          maxRows={8}
          {...form.getInputProps("actionTaken")}
        />
        <Textarea
          label={t("form.preventiveMeasures")}
          placeholder={t("form.preventiveMeasuresPlaceholder")}
          autosize
          minRows={2}
          maxRows={8}
          {...form.getInputProps("preventiveMeasures")}
        />
        {initial ? null : <PhotoPicker picker={photos} />}
        <FormSubmit loading={pending} disabled={noProfile}>
          {initial ? t("form.saveChanges") : t("form.submit")}
        </FormSubmit>
      </Stack>
    </RecordFormCard>
  );
}
