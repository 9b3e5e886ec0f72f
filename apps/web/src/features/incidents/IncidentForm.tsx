import { MultiSelect, Select, SimpleGrid, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import {
  type IncidentSeverity,
  type IncidentStatus,
  incidentReportFormSchema,
  incidentSeverities,
  incidentStatuses,
  localToday,
} from "@sitesafe/domain";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { FiledByField, LongText, ProjectField } from "../../components/record/fields";
import { type RecordFormProps, RecordFormShell, useRecordForm } from "../../components/record/RecordForm";
import { useActor } from "../../lib/auth";
import { type RouterOutputs, trpc } from "../../lib/trpc";
import { schemaResolver } from "../../lib/validation";
import { useOutboxMutation } from "../outbox/useOutboxMutation";

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
export function IncidentForm(props: RecordFormProps<IncidentRecord>) {
  const { initial, defaultProjectId } = props;
  const { t } = useTranslation("incidents");
  const severityOptions = incidentSeverities.map((s) => ({ value: s, label: t(`labels.severity.${s}`) }));
  const statusOptions = incidentStatuses.map((s) => ({ value: s, label: t(`labels.status.${s}`) }));
  const actor = useActor();
  const options = trpc.incidents.formOptions.useQuery();
  const utils = trpc.useUtils();

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
  const record = useRecordForm(form, "incidents", {
    props,
    options,
    onSaved: (saved) => {
      void utils.incidents.history.invalidate({ id: saved.id });
      utils.incidents.byId.setData({ id: saved.id }, saved);
    },
  });
  const { staff, workers } = record;

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

  const create = useOutboxMutation("incidents.create", record.createOptions);
  const update = trpc.incidents.update.useMutation(record.updateOptions);
  const submit = record.safety.handleSubmit(record.submit((values) => incidentReportFormSchema.parse(values), create, update));

  return (
    <RecordFormShell
      record={record}
      onSubmit={submit}
      pending={create.isPending || update.isPending}
      heading={initial ? t("form.editTitle") : t("form.newTitle")}
      optionsFailed={t("form.workersFailed")}
    >
      <TextInput label={t("form.title")} placeholder={t("form.titlePlaceholder")} withAsterisk {...form.getInputProps("title")} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ProjectField record={record} {...form.getInputProps("projectId")} />
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
      <LongText
        minRows={3}
        maxRows={10}
        label={t("form.description")}
        placeholder={t("form.descriptionPlaceholder")}
        {...form.getInputProps("description")}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <FiledByField record={record} field="reportedBy" {...form.getInputProps("reportedBy")} />
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
      <LongText label={t("form.actionTaken")} placeholder={t("form.actionTakenPlaceholder")} {...form.getInputProps("actionTaken")} />
      <LongText
        label={t("form.preventiveMeasures")}
        placeholder={t("form.preventiveMeasuresPlaceholder")}
        {...form.getInputProps("preventiveMeasures")}
      />
    </RecordFormShell>
  );
}
