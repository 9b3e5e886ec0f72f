import {
  Alert,
  Button,
  Checkbox,
  Divider,
  Group,
  NumberInput,
  Radio,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import {
  caseOutcomes,
  DAY_COUNT_CAP,
  FORM_301_TEXT_FIELDS,
  injuryTypes,
  notRecordableReasons,
  privacyReasons,
  recordkeepingSchema,
  sexes,
} from "@sitesafe/domain";
import { useTranslation } from "react-i18next";
import { localizeMessage } from "../../lib/i18n";
import { errorMessage, type RouterOutputs, trpc } from "../../lib/trpc";

type Record = NonNullable<RouterOutputs["osha"]["recordkeeping"]["recordkeeping"]>;

const TEXT_FIELDS = [
  "notRecordableReason",
  "employeeName",
  "jobTitle",
  "timeOfEvent",
  "timeBeganWork",
  "outcome",
  "dateOfDeath",
  "injuryType",
  "privacyReason",
  ...FORM_301_TEXT_FIELDS,
] as const;
type TextField = (typeof TEXT_FIELDS)[number];

type Values = { [K in TextField]: string } & {
  recordable: "yes" | "no";
  employeeWorkerId: string | null;
  daysAway: number | string;
  daysRestricted: number | string;
  privacyCase: boolean;
  emergencyRoom: boolean;
  hospitalizedOvernight: boolean;
};

function initialValues(r: Record | null): Values {
  const text = Object.fromEntries(TEXT_FIELDS.map((k) => [k, (r?.[k] as string | null | undefined) ?? ""])) as { [K in TextField]: string };
  return {
    ...text,
    recordable: r && !r.recordable ? "no" : "yes",
    employeeWorkerId: r?.employeeWorkerId != null ? String(r.employeeWorkerId) : null,
    daysAway: r?.daysAway ?? 0,
    daysRestricted: r?.daysRestricted ?? 0,
    privacyCase: r?.privacyCase ?? false,
    emergencyRoom: r?.emergencyRoom ?? false,
    hospitalizedOvernight: r?.hospitalizedOvernight ?? false,
  };
}

/** What is sent: a non-recordable case carries only its reason. */
function toPayload(v: Values) {
  if (v.recordable === "no") return { recordable: false, notRecordableReason: v.notRecordableReason || null };
  const text = Object.fromEntries(TEXT_FIELDS.filter((k) => k !== "notRecordableReason").map((k) => [k, v[k] || null]));
  return {
    ...text,
    recordable: true,
    employeeWorkerId: v.employeeWorkerId ? Number(v.employeeWorkerId) : null,
    daysAway: v.daysAway === "" ? 0 : v.daysAway,
    daysRestricted: v.daysRestricted === "" ? 0 : v.daysRestricted,
    privacyCase: v.privacyCase,
    privacyReason: v.privacyCase ? v.privacyReason || null : null,
    emergencyRoom: v.emergencyRoom,
    hospitalizedOvernight: v.hospitalizedOvernight,
  };
}

/** The recordkeeping classification of one incident (29 CFR 1904), validated with the domain's rules. */
export function ClassificationForm({ incidentId, initial, onDone }: { incidentId: number; initial: Record | null; onDone: () => void }) {
  const { t } = useTranslation("osha");
  const utils = trpc.useUtils();
  const options = trpc.incidents.formOptions.useQuery();
  const save = trpc.osha.putRecordkeeping.useMutation({
    onSuccess: () => {
      void utils.osha.invalidate();
      onDone();
    },
  });
  const form = useForm<Values>({
    mode: "controlled",
    initialValues: initialValues(initial),
    validate: (values) => {
      const r = recordkeepingSchema.safeParse(toPayload(values));
      if (r.success) return {};
      const errors: { [k: string]: string } = {};
      for (const issue of r.error.issues) errors[String(issue.path[0] ?? "recordable")] ??= localizeMessage(issue.message);
      return errors;
    },
  });
  const workers = options.data?.workers ?? [];
  const v = form.values;
  const recordable = v.recordable === "yes";

  return (
    <form onSubmit={form.onSubmit((values) => save.mutate({ id: incidentId, ...toPayload(values) } as never))}>
      <Stack gap="sm">
        {save.error ? <Alert color="red">{errorMessage(save.error)}</Alert> : null}
        <div>
          <Text size="sm" fw={500} mb={4}>
            {t("classification.question")}
          </Text>
          <SegmentedControl
            data={[
              { value: "yes", label: t("classification.recordable") },
              { value: "no", label: t("classification.notRecordable") },
            ]}
            {...form.getInputProps("recordable")}
          />
          {form.errors.outcome && !recordable ? (
            <Text c="red" size="xs" mt={4}>
              {form.errors.outcome}
            </Text>
          ) : null}
        </div>
        {!recordable ? (
          <Select
            label={t("classification.reason")}
            withAsterisk
            data={notRecordableReasons.map((r) => ({ value: r, label: t(`labels.notRecordableReason.${r}`) }))}
            {...form.getInputProps("notRecordableReason")}
          />
        ) : (
          <>
            <Title order={3} size="h5">
              {t("classification.employee")}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Select
                label={t("classification.injuredEmployee")}
                searchable
                clearable
                data={workers.map((w) => ({ value: String(w.id), label: `${w.firstName} ${w.lastName}` }))}
                {...form.getInputProps("employeeWorkerId")}
                onChange={(value) => {
                  form.setFieldValue("employeeWorkerId", value);
                  const w = workers.find((x) => String(x.id) === value);
                  if (w && !form.values.jobTitle) form.setFieldValue("jobTitle", w.role);
                }}
              />
              <TextInput label={t("classification.nameIfNotListed")} {...form.getInputProps("employeeName")} />
              <TextInput label={t("classification.jobTitle")} withAsterisk {...form.getInputProps("jobTitle")} />
              <SimpleGrid cols={2} spacing="sm">
                <TextInput label={t("classification.timeOfEvent")} type="time" {...form.getInputProps("timeOfEvent")} />
                <TextInput label={t("classification.timeBeganWork")} type="time" {...form.getInputProps("timeBeganWork")} />
              </SimpleGrid>
            </SimpleGrid>
            <Title order={3} size="h5" mt="xs">
              {t("classification.classify")}
            </Title>
            <Radio.Group label={t("classification.outcome")} withAsterisk {...form.getInputProps("outcome")}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} mt={6}>
                {caseOutcomes.map((o) => (
                  <Radio key={o} value={o} label={t(`labels.outcome.${o}`)} />
                ))}
              </SimpleGrid>
            </Radio.Group>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <NumberInput
                label={t("classification.daysAway")}
                description={t("classification.daysDescription", { max: DAY_COUNT_CAP })}
                min={0}
                allowDecimal={false}
                {...form.getInputProps("daysAway")}
              />
              <NumberInput
                label={t("classification.daysRestricted")}
                description={t("classification.daysDescription", { max: DAY_COUNT_CAP })}
                min={0}
                allowDecimal={false}
                {...form.getInputProps("daysRestricted")}
              />
              {v.outcome === "death" ? (
                <TextInput label={t("classification.dateOfDeath")} type="date" withAsterisk {...form.getInputProps("dateOfDeath")} />
              ) : null}
            </SimpleGrid>
            <Select
              label={t("classification.injuryOrIllness")}
              withAsterisk
              data={injuryTypes.map((type) => ({ value: type, label: t(`labels.injuryType.${type}`) }))}
              {...form.getInputProps("injuryType")}
            />
            <Checkbox label={t("classification.privacy")} {...form.getInputProps("privacyCase", { type: "checkbox" })} />
            {v.privacyCase ? (
              <Select
                label={t("classification.privacyWhy")}
                withAsterisk
                data={privacyReasons.map((r) => ({ value: r, label: t(`labels.privacyReason.${r}`) }))}
                {...form.getInputProps("privacyReason")}
              />
            ) : null}
            <Divider my={4} label={t("classification.form301")} labelPosition="left" />
            <Textarea label={t("classification.whatDoing")} autosize minRows={2} {...form.getInputProps("whatDoing")} />
            <Textarea label={t("classification.whatHappened")} autosize minRows={2} {...form.getInputProps("whatHappened")} />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextInput
                label={t("classification.injuryDescription")}
                placeholder={t("classification.injuryPlaceholder")}
                {...form.getInputProps("injuryDescription")}
              />
              <TextInput label={t("classification.bodyPart")} {...form.getInputProps("bodyPart")} />
              <TextInput label={t("classification.objectSubstance")} {...form.getInputProps("objectSubstance")} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextInput label={t("classification.physician")} {...form.getInputProps("physicianName")} />
              <TextInput label={t("classification.facility")} {...form.getInputProps("facilityName")} />
              <TextInput label={t("classification.facilityAddress")} {...form.getInputProps("facilityAddress")} />
            </SimpleGrid>
            <Group gap="lg">
              <Checkbox label={t("classification.emergencyRoom")} {...form.getInputProps("emergencyRoom", { type: "checkbox" })} />
              <Checkbox label={t("classification.hospitalized")} {...form.getInputProps("hospitalizedOvernight", { type: "checkbox" })} />
            </Group>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
              <TextInput label={t("classification.dateOfBirth")} type="date" {...form.getInputProps("dateOfBirth")} />
              <TextInput label={t("classification.dateHired")} type="date" {...form.getInputProps("dateHired")} />
              <Select
                label={t("classification.sex")}
                clearable
                data={sexes.map((s) => ({ value: s, label: t(`labels.sex.${s}`) }))}
                {...form.getInputProps("sex")}
              />
              <TextInput label={t("classification.zip")} {...form.getInputProps("employeeZip")} />
            </SimpleGrid>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t("classification.cancel")}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t("classification.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
