import { Select, type SelectProps, Textarea, type TextareaProps, TextInput } from "@mantine/core";
import type { RecordFormState } from "./RecordForm";

/** A long text field that grows with what is typed (a description, the measures taken). */
export function LongText({ minRows = 2, maxRows = 8, ...props }: Omit<TextareaProps, "autosize">) {
  return <Textarea autosize minRows={minRows} maxRows={maxRows} {...props} />;
}

/** The project a record is filed on: the user's projects, searchable. */
export function ProjectField({
  record,
  ...inputProps
}: { record: Pick<RecordFormState, "t" | "options" | "projects" | "staff"> } & Omit<SelectProps, "data">) {
  const { t, options, staff } = record;
  return (
    <Select
      label={t("form.project")}
      placeholder={options.isPending ? t("form.loadingProjects") : t("form.selectProject")}
      data={record.projects.map((p) => ({ value: String(p.id), label: p.name }))}
      searchable
      withAsterisk
      nothingFoundMessage={staff ? t("form.noProjects") : t("form.notAssigned")}
      {...inputProps}
    />
  );
}

/** Who files the record: staff pick any worker; a worker files as themselves (read only). */
export function FiledByField({
  record,
  field,
  ...inputProps
}: {
  record: Pick<RecordFormState, "t" | "actor" | "workers" | "staff" | "noProfile">;
  /** The form's field, also its label's key. */
  field: "submittedBy" | "reportedBy";
} & Omit<SelectProps, "data">) {
  const { t, workers, actor } = record;
  if (record.staff) {
    return (
      <Select
        label={t(`form.${field}`)}
        placeholder={t("form.selectWorker")}
        data={workers.map((w) => ({ value: String(w.id), label: `${w.firstName} ${w.lastName} (${w.role})` }))}
        searchable
        clearable
        {...inputProps}
      />
    );
  }
  const self = workers.find((w) => w.id === actor?.workerId);
  return (
    <TextInput
      label={t(`form.${field}`)}
      value={self ? `${self.firstName} ${self.lastName}` : record.noProfile ? t("form.noWorkerProfile") : t("form.you")}
      readOnly
      description={t(`form.${field}Description`)}
      data-path={field}
    />
  );
}
