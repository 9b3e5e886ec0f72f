import { Modal, Select, Stack, TextInput } from "@mantine/core";
import { INSPECTION_FREQUENCIES, type InspectionFrequency } from "@sitesafe/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DialogActions } from "../../components/FormActions";
import { i18n } from "../../lib/i18n";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, trpc } from "../../lib/trpc";

/** Staff schedule a template on a project, daily or weekly, from a start day (POST /api/inspection-schedules). */
export function ScheduleDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("inspections");
  const utils = trpc.useUtils();
  const projects = trpc.projects.options.useQuery();
  const templates = trpc.inspections.templates.useQuery({ language: i18n.language === "es" ? "es" : "en" });
  const [projectId, setProjectId] = useState<string | null>(null);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [frequency, setFrequency] = useState<InspectionFrequency>("daily");
  const [startsOn, setStartsOn] = useState(new Date().toISOString().slice(0, 10));
  const create = trpc.inspections.createSchedule.useMutation({
    onSuccess: () => {
      notifySuccess(t("schedule.saved"));
      void utils.inspections.schedules.invalidate();
      onClose();
    },
    onError: (error) => notifyError(t("schedule.failed"), errorMessage(error)),
  });
  /** A searchable pick of one of `options` (a project, a template), by id. */
  const pick = (options: { id: number; name: string }[] = [], value: string | null, onChange: (id: string | null) => void) => ({
    data: options.map((o) => ({ value: String(o.id), label: o.name })),
    value,
    onChange,
    searchable: true,
  });
  return (
    <Modal opened onClose={onClose} title={t("schedule.title")}>
      <Stack gap="sm">
        <Select label={t("run.project")} {...pick(projects.data, projectId, setProjectId)} />
        <Select label={t("run.template")} {...pick(templates.data, templateId, setTemplateId)} />
        <Select
          label={t("schedule.frequency")}
          data={INSPECTION_FREQUENCIES.map((f) => ({ value: f, label: t(`list.frequency.${f}`) }))}
          value={frequency}
          onChange={(v) => setFrequency((v as InspectionFrequency | null) ?? "daily")}
          allowDeselect={false}
        />
        <TextInput label={t("schedule.startsOn")} type="date" value={startsOn} onChange={(e) => setStartsOn(e.currentTarget.value)} />
        <DialogActions
          onCancel={onClose}
          submitLabel={t("schedule.save")}
          onSubmit={() => create.mutate({ projectId: Number(projectId), templateId: Number(templateId), frequency, startsOn })}
          loading={create.isPending}
        />
      </Stack>
    </Modal>
  );
}
