import { Alert, Badge, Divider, Group, Input, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import {
  buildEquipmentList,
  defaultPermitEnd,
  HOT_WORK_EQUIPMENT,
  HOT_WORK_PRECAUTION_GROUPS,
  HOT_WORK_PRECAUTIONS,
  type HotWorkPermitData,
  hotWorkPermitSchema,
  isStaff,
  OTHER_EQUIPMENT,
  parseEquipmentList,
  precautionGroups,
} from "@sitesafe/domain";
import { IconFlame } from "@tabler/icons-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { CheckboxRow } from "../../components/ChoiceRow";
import { FormCancel, FormSubmit } from "../../components/FormActions";
import { useFormSafety } from "../../components/FormSafety";
import { LongText } from "../../components/record/fields";
import { useActor, useCurrentUser } from "../../lib/auth";
import { toDateTimeLocal } from "../../lib/format";
import { type RouterOutputs, trpc } from "../../lib/trpc";
import { schemaResolver } from "../../lib/validation";
import { FireWatchPick } from "../credentials/FireWatchPick";
import { usePermitLabels } from "./permitLabels";

type PermitDetail = RouterOutputs["permits"]["byId"];

/** What the inputs hold: datetime-local text for dates, 0 for "nothing picked yet" (the form's defaults). */
interface PermitFormValues {
  projectId: number;
  title: string;
  location: string;
  workDescription: string;
  startDate: string;
  endDate: string;
  requestedBy: number;
  precautions: string[];
  /** The stored list ("Other: {text}" included), so the one domain schema checks it. */
  equipmentUsed: string[];
  fireWatchRequired: boolean;
  fireWatchBy: string;
  /** The worker picked as fire watch ("" for none), whose fire-watch credential is checked (issue #36). */
  fireWatchWorkerId: string;
}

function initialValues(permit: PermitDetail | undefined, ownWorkerId: number | null): PermitFormValues {
  if (permit) {
    return {
      projectId: permit.projectId,
      title: permit.title,
      location: permit.location,
      workDescription: permit.workDescription,
      startDate: toDateTimeLocal(permit.startDate),
      endDate: toDateTimeLocal(permit.endDate),
      requestedBy: permit.requestedBy ?? 0,
      precautions: [...permit.precautions],
      equipmentUsed: [...permit.equipmentUsed],
      fireWatchRequired: permit.fireWatchRequired,
      fireWatchBy: permit.fireWatchBy ?? "",
      fireWatchWorkerId: permit.fireWatchWorkerId ? String(permit.fireWatchWorkerId) : "",
    };
  }
  const now = new Date();
  return {
    projectId: 0,
    title: "",
    location: "",
    workDescription: "",
    startDate: toDateTimeLocal(now),
    endDate: toDateTimeLocal(defaultPermitEnd(now)),
    requestedBy: ownWorkerId ?? 0,
    precautions: [],
    equipmentUsed: [],
    fireWatchRequired: true,
    fireWatchBy: "",
    fireWatchWorkerId: "",
  };
}

/** The safety notice shown above every permit request. */
function HotWorkSafetyNotice() {
  const { t } = useTranslation("permits");
  return (
    <Alert color="orange" variant="light" icon={<IconFlame size={20} />} title={t("form.noticeTitle")}>
      {t("form.notice")}
    </Alert>
  );
}

/**
 * The request and edit form (product rule: Hot work permits). Validated in the browser with the same
 * schema the server uses; a worker is always their own requester.
 */
export function PermitForm({
  permit,
  submitLabel,
  submitting,
  onSubmit,
  onCancel,
  continueDraft,
  registerClose,
}: {
  /** In a dialog: see useGuardedDialogClose. */
  registerClose?: (close: () => void) => void;
  permit?: PermitDetail;
  /** Opened through "Continue your draft": start from the draft on this device. */
  continueDraft?: boolean;
  submitLabel: string;
  submitting: boolean;
  /** Resolves when saved (the caller navigates to the permit), rejects when it failed (the caller told the user). */
  onSubmit: (data: HotWorkPermitData) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation("permits");
  const labels = usePermitLabels();
  const actor = useActor();
  const user = useCurrentUser();
  const staff = actor ? isStaff(actor) : false;
  const form = useForm<PermitFormValues>({
    mode: "controlled",
    initialValues: initialValues(permit, actor?.workerId ?? null),
    validate: schemaResolver(hotWorkPermitSchema, { sync: true }),
  });
  const safety = useFormSafety(form, {
    draftKey: permit ? `permit.edit.${permit.id}` : "permit.new",
    onCancel,
    continueDraft,
    registerClose,
  });

  /** A new start moves the end with it while the end is still the default (or no longer after the start). */
  const changeStart = (start: string) => {
    const before = form.values.startDate ? toDateTimeLocal(defaultPermitEnd(new Date(form.values.startDate))) : "";
    form.setFieldValue("startDate", start);
    const parsed = new Date(start);
    if (!start || Number.isNaN(parsed.getTime())) return;
    const end = form.values.endDate;
    if (!end || end === before || new Date(end).getTime() <= parsed.getTime())
      form.setFieldValue("endDate", toDateTimeLocal(defaultPermitEnd(parsed)));
  };

  // Names only (no compliance figures): a large contractor has thousands of workers to pick from.
  const options = trpc.permits.formOptions.useQuery();
  const profile = trpc.users.workerProfile.useQuery(undefined, { enabled: !staff });

  // A worker's own profile may arrive after the form was set up.
  const ownWorkerId = actor?.workerId ?? null;
  useEffect(() => {
    if (!staff && ownWorkerId && form.values.requestedBy !== ownWorkerId) form.setFieldValue("requestedBy", ownWorkerId);
  }, [staff, ownWorkerId, form]);

  const projectData = (options.data?.projects ?? []).map((p) => ({ value: String(p.id), label: p.name }));
  if (permit && !projectData.some((p) => p.value === String(permit.projectId))) {
    projectData.push({ value: String(permit.projectId), label: permit.projectName });
  }
  const requesterData = (staff ? (options.data?.workers ?? []) : []).map((w) => ({
    value: String(w.id),
    label: `${w.firstName} ${w.lastName}`.trim(),
  }));
  const ownName = profile.data
    ? `${profile.data.firstName} ${profile.data.lastName}`.trim()
    : [user?.firstName, user?.lastName].filter(Boolean).join(" ") || user?.username || "";

  /** A Select of ids held as numbers in the form (0: none picked yet). */
  const pickedId = (path: "projectId" | "requestedBy") => ({
    "data-path": path,
    value: form.values[path] ? String(form.values[path]) : null,
    onChange: (value: string | null) => form.setFieldValue(path, value ? Number(value) : 0),
    error: form.errors[path],
  });
  const equipment = parseEquipmentList(form.values.equipmentUsed);
  const otherChecked = equipment.selected.includes(OTHER_EQUIPMENT);
  const otherError = Object.entries(form.errors).find(([path]) => path.startsWith("equipmentUsed."))?.[1];

  return (
    <form
      ref={safety.ref}
      onSubmit={safety.handleSubmit((values) => onSubmit(hotWorkPermitSchema.parse(values)))}
      onKeyDown={safety.onKeyDown}
      noValidate
    >
      {safety.dialog}
      <Stack gap="md">
        {onCancel ? (
          <FormCancel onClick={safety.cancel} disabled={submitting}>
            {t("form.cancel")}
          </FormCancel>
        ) : null}
        {safety.banner}
        <HotWorkSafetyNotice />

        <Select
          label={t("form.project")}
          placeholder={options.isPending ? t("form.loadingProjects") : t("form.selectProject")}
          data={projectData}
          searchable
          withAsterisk
          nothingFoundMessage={t("form.noProjectsFound")}
          {...pickedId("projectId")}
          description={!staff && options.data && options.data.projects.length === 0 ? t("form.notAssigned") : undefined}
        />
        <TextInput label={t("form.title")} placeholder={t("form.titlePlaceholder")} withAsterisk {...form.getInputProps("title")} />
        <TextInput
          label={t("form.location")}
          placeholder={t("form.locationPlaceholder")}
          withAsterisk
          {...form.getInputProps("location")}
        />

        {staff ? (
          <Select
            label={t("form.requestedBy")}
            placeholder={options.isPending ? t("form.loadingWorkers") : t("form.selectWorker")}
            data={requesterData}
            limit={50}
            searchable
            withAsterisk
            nothingFoundMessage={t("form.noWorkersFound")}
            {...pickedId("requestedBy")}
          />
        ) : (
          <TextInput
            label={t("form.requestedBy")}
            readOnly
            variant="filled"
            withAsterisk
            data-path="requestedBy"
            value={permit?.requesterName ?? ownName}
            description={ownWorkerId ? t("form.fromProfile") : undefined}
            error={form.errors.requestedBy ?? (ownWorkerId ? undefined : t("form.noProfile"))}
          />
        )}

        <LongText
          label={t("form.workDescription")}
          placeholder={t("form.workDescriptionPlaceholder")}
          minRows={3}
          maxRows={10}
          withAsterisk
          {...form.getInputProps("workDescription")}
        />

        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            type="datetime-local"
            label={t("form.start")}
            withAsterisk
            {...form.getInputProps("startDate")}
            onChange={(event) => changeStart(event.currentTarget.value)}
          />
          <TextInput type="datetime-local" label={t("form.end")} withAsterisk {...form.getInputProps("endDate")} />
        </SimpleGrid>

        <Divider />
        <Input.Wrapper
          label={t("form.equipmentUsed")}
          labelProps={{ fz: "md", fw: 700 }}
          withAsterisk
          error={form.errors.equipmentUsed}
          data-path="equipmentUsed"
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
            {HOT_WORK_EQUIPMENT.map((choice) => (
              <CheckboxRow
                key={choice}
                label={labels.equipment(choice)}
                checked={equipment.selected.includes(choice)}
                onChange={(on) =>
                  form.setFieldValue(
                    "equipmentUsed",
                    buildEquipmentList(
                      on ? [...equipment.selected, choice] : equipment.selected.filter((c) => c !== choice),
                      equipment.otherText,
                    ),
                  )
                }
              />
            ))}
          </SimpleGrid>
        </Input.Wrapper>
        {otherChecked ? (
          <TextInput
            label={t("form.otherEquipment")}
            placeholder={t("form.otherEquipmentPlaceholder")}
            withAsterisk
            data-path="otherEquipment"
            value={equipment.otherText}
            onChange={(event) => form.setFieldValue("equipmentUsed", buildEquipmentList(equipment.selected, event.currentTarget.value))}
            error={otherError}
          />
        ) : null}

        <Divider />
        {/* Full-width rows: each of the 14 precautions is one large target, read top to bottom. */}
        <Input.Wrapper
          label={t("form.precautions")}
          labelProps={{ fz: "md", fw: 700 }}
          description={t("form.precautionsDescription", { checked: form.values.precautions.length, total: HOT_WORK_PRECAUTIONS.length })}
          withAsterisk
          error={form.errors.precautions}
          data-path="precautions"
        >
          <Stack gap="md" mt="xs">
            {precautionGroups.map((group) => {
              const items = HOT_WORK_PRECAUTION_GROUPS[group];
              const done = items.filter((item) => form.values.precautions.includes(item)).length;
              return (
                <fieldset key={group} className="sitesafe-checklist-group" data-testid={`precautions-${group}`}>
                  <Group component="legend" justify="space-between" wrap="nowrap" gap="xs" w="100%">
                    <Text fw={700}>{t(`form.precautionGroups.${group}`)}</Text>
                    <Badge
                      variant={done === items.length ? "filled" : "light"}
                      color={done === items.length ? "green" : "gray"}
                      radius="sm"
                    >
                      {t("form.groupProgress", { checked: done, total: items.length })}
                    </Badge>
                  </Group>
                  <Stack gap="xs">
                    {items.map((item) => (
                      <CheckboxRow
                        key={item}
                        label={labels.precaution(item)}
                        checked={form.values.precautions.includes(item)}
                        onChange={(on) =>
                          form.setFieldValue(
                            "precautions",
                            HOT_WORK_PRECAUTIONS.filter((p) => (p === item ? on : form.values.precautions.includes(p))),
                          )
                        }
                      />
                    ))}
                  </Stack>
                </fieldset>
              );
            })}
          </Stack>
        </Input.Wrapper>

        <Divider />
        <CheckboxRow
          label={t("form.fireWatchRequired")}
          checked={form.values.fireWatchRequired}
          onChange={(on) => form.setFieldValue("fireWatchRequired", on)}
        />
        {form.values.fireWatchRequired ? (
          <>
            <TextInput
              label={t("form.fireWatchBy")}
              placeholder={t("form.fireWatchByPlaceholder")}
              {...form.getInputProps("fireWatchBy")}
            />
            <FireWatchPick
              projectId={Number(form.values.projectId) || 0}
              workers={options.data?.workers ?? []}
              value={form.values.fireWatchWorkerId}
              onChange={(v) => form.setFieldValue("fireWatchWorkerId", v)}
            />
          </>
        ) : null}

        {Object.keys(form.errors).length > 0 ? (
          <Text c="red" size="sm" role="alert">
            {t("form.correctFields")}
          </Text>
        ) : null}
        <FormSubmit color="orange" loading={submitting}>
          {submitLabel}
        </FormSubmit>
      </Stack>
    </form>
  );
}
