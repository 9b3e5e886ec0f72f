import {
  type IncidentSeverity,
  type IncidentStatus,
  incidentReportFormSchema,
  incidentSeverities,
  incidentStatuses,
  incidentStatusLabels,
  isStaff,
  localToday,
  severityLabels,
} from "@sitesafe/domain";
import { Alert, Button, Group, MultiSelect, Select, SimpleGrid, Stack, Textarea, TextInput, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { IconAlertCircle } from "@tabler/icons-react";
import { useEffect, useMemo } from "react";
import { RecordFormCard, useFormSafety } from "../../components/FormSafety";
import { useActor } from "../../lib/auth";
import { notifySuccess } from "../../lib/notify";
import { errorMessage, type RouterOutputs, trpc, invalidateLists } from "../../lib/trpc";
import { notifySubmitError } from "../jha/JhaForm";
import { PhotoPicker, usePhotoPicker } from "../photos/PhotoPicker";
import { useOutboxMutation } from "../outbox/useOutboxMutation";

export type IncidentRecord = RouterOutputs["incidents"]["byId"];

const severityOptions = incidentSeverities.map((s) => ({ value: s, label: severityLabels[s] }));
const statusOptions = incidentStatuses.map((s) => ({ value: s, label: incidentStatusLabels[s] }));

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
      reportedBy: initial ? (initial.reportedBy != null ? String(initial.reportedBy) : null) : actor?.workerId != null ? String(actor.workerId) : null,
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
      initial ? "Incident report updated" : "Incident report submitted",
      initial ? "The incident report has been updated." : "Your incident report has been submitted.",
    );
    onDone(saved);
  };
  const create = useOutboxMutation("incidents.create", {
    onSuccess,
    onError: (e) => notifySubmitError("Failed to submit incident report", e),
    // Offline: its photos wait in the Outbox for it, then go to the record it creates.
    withQueued: (item) => photos.uploadTo({ kind: "incident", after: item.id }),
  });
  const update = trpc.incidents.update.useMutation({ onSuccess, onError: (e) => notifySubmitError("Failed to update incident report", e) });
  const pending = create.isPending || update.isPending;

  const safety = useFormSafety(form, { draftKey: initial ? `incident.edit.${initial.id}` : "incident.new", onCancel, continueDraft });
  const submit = safety.handleSubmit(async (values) => {
    const data = incidentReportFormSchema.parse(values);
    if (initial) await update.mutateAsync({ id: initial.id, ...data });
    else await create.mutateAsync(data);
  });

  const noProfile = !staff && actor?.workerId == null;

  return (
    <RecordFormCard safety={safety} onSubmit={submit} label={initial ? "Edit incident report" : "New incident report"}>
      <Stack gap="md">
        <Title order={2} size="h3">
          {initial ? "Edit Incident Report" : "Report New Incident"}
        </Title>
        {safety.banner}
        {options.error ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />}>
            {errorMessage(options.error, "Failed to fetch workers")}
          </Alert>
        ) : null}
        {noProfile ? (
          <Alert color="yellow" icon={<IconAlertCircle size={18} />}>
            Your account has no worker profile, so you cannot report incidents. Please contact your supervisor.
          </Alert>
        ) : null}
        <TextInput label="Title" placeholder="What happened, in a few words" withAsterisk {...form.getInputProps("title")} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Project"
            placeholder={options.isPending ? "Loading projects..." : "Select a project"}
            data={projects.map((p) => ({ value: String(p.id), label: p.name }))}
            searchable
            withAsterisk
            nothingFoundMessage={staff ? "No projects" : "You are not assigned to any projects"}
            {...form.getInputProps("projectId")}
          />
          <TextInput label="Date" type="date" withAsterisk max="2999-12-31" {...form.getInputProps("date")} />
          <Select label="Severity" placeholder="Choose the severity" data={severityOptions} allowDeselect={false} withAsterisk {...form.getInputProps("severity")} />
          <Select label="Status" data={statusOptions} allowDeselect={false} {...form.getInputProps("status")} />
        </SimpleGrid>
        <TextInput label="Location" placeholder="Where on site" {...form.getInputProps("location")} />
        <Textarea label="Description" placeholder="Describe what happened" autosize minRows={3} maxRows={10} {...form.getInputProps("description")} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {staff ? (
            <Select label="Reported By" placeholder="Select a worker" data={reporterOptions} searchable clearable {...form.getInputProps("reportedBy")} />
          ) : (
            <TextInput
              label="Reported By"
              value={self ? `${self.firstName} ${self.lastName}` : noProfile ? "No worker profile" : "You"}
              readOnly
              description="Reports are filed under your own worker profile"
              data-path="reportedBy"
            />
          )}
          <MultiSelect
            label="Involved Workers"
            placeholder={projectId === null && !staff ? "Select a project first" : "Select workers"}
            data={involvedOptions}
            searchable
            clearable
            hidePickedOptions
            nothingFoundMessage="No workers on this project"
            value={form.values.involvedWorkers.map(String)}
            onChange={(values) => form.setFieldValue("involvedWorkers", values.map(Number))}
            error={form.errors.involvedWorkers}
            data-path="involvedWorkers"
          />
        </SimpleGrid>
        <Textarea label="Action Taken" placeholder="Immediate response, first aid, area secured..." autosize minRows={2} maxRows={8} {...form.getInputProps("actionTaken")} />
        <Textarea
          label="Preventive Measures"
          placeholder="What will stop this from happening again"
          autosize
          minRows={2}
          maxRows={8}
          {...form.getInputProps("preventiveMeasures")}
        />
        {initial ? null : <PhotoPicker picker={photos} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={safety.cancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending} disabled={noProfile}>
            {initial ? "Save Changes" : "Submit Report"}
          </Button>
        </Group>
      </Stack>
    </RecordFormCard>
  );
}
