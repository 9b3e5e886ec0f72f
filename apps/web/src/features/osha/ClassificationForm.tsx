import {
  caseOutcomeLabels,
  caseOutcomes,
  DAY_COUNT_CAP,
  FORM_301_TEXT_FIELDS,
  injuryTypeLabels,
  injuryTypes,
  notRecordableReasonLabels,
  notRecordableReasons,
  privacyReasonLabels,
  privacyReasons,
  recordkeepingSchema,
  sexes,
} from "@sitesafe/domain";
import { Alert, Button, Checkbox, Divider, Group, NumberInput, Radio, SegmentedControl, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
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
      for (const issue of r.error.issues) errors[String(issue.path[0] ?? "recordable")] ??= issue.message;
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
            Is this a recordable case?
          </Text>
          <SegmentedControl
            data={[
              { value: "yes", label: "Recordable" },
              { value: "no", label: "Not recordable" },
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
          <Select label="Reason" withAsterisk data={notRecordableReasons.map((r) => ({ value: r, label: notRecordableReasonLabels[r] }))} {...form.getInputProps("notRecordableReason")} />
        ) : (
          <>
            <Title order={3} size="h5">The employee</Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Select
                label="Injured or ill employee"
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
              <TextInput label="Name (if not a listed worker)" {...form.getInputProps("employeeName")} />
              <TextInput label="Job title" withAsterisk {...form.getInputProps("jobTitle")} />
              <SimpleGrid cols={2} spacing="sm">
                <TextInput label="Time of event" type="time" {...form.getInputProps("timeOfEvent")} />
                <TextInput label="Time began work" type="time" {...form.getInputProps("timeBeganWork")} />
              </SimpleGrid>
            </SimpleGrid>
            <Title order={3} size="h5" mt="xs">
              Classify the case
            </Title>
            <Radio.Group label="Outcome: the most serious that applies" withAsterisk {...form.getInputProps("outcome")}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} mt={6}>
                {caseOutcomes.map((o) => (
                  <Radio key={o} value={o} label={caseOutcomeLabels[o]} />
                ))}
              </SimpleGrid>
            </Radio.Group>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <NumberInput label="Days away from work" description={`Calendar days, at most ${DAY_COUNT_CAP}`} min={0} allowDecimal={false} {...form.getInputProps("daysAway")} />
              <NumberInput label="Days of job transfer or restriction" description={`Calendar days, at most ${DAY_COUNT_CAP}`} min={0} allowDecimal={false} {...form.getInputProps("daysRestricted")} />
              {v.outcome === "death" ? <TextInput label="Date of death" type="date" withAsterisk {...form.getInputProps("dateOfDeath")} /> : null}
            </SimpleGrid>
            <Select label="Injury or illness" withAsterisk data={injuryTypes.map((t) => ({ value: t, label: injuryTypeLabels[t] }))} {...form.getInputProps("injuryType")} />
            <Checkbox label="Privacy case: show “Privacy Case” instead of the name on the log and in every export" {...form.getInputProps("privacyCase", { type: "checkbox" })} />
            {v.privacyCase ? <Select label="Why (29 CFR 1904.29(b)(7))" withAsterisk data={privacyReasons.map((r) => ({ value: r, label: privacyReasonLabels[r] }))} {...form.getInputProps("privacyReason")} /> : null}
            <Divider my={4} label="Form 301" labelPosition="left" />
            <Textarea label="What was the employee doing just before the incident?" autosize minRows={2} {...form.getInputProps("whatDoing")} />
            <Textarea label="What happened?" autosize minRows={2} {...form.getInputProps("whatHappened")} />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextInput label="Injury or illness" placeholder="e.g. Sprained ankle" {...form.getInputProps("injuryDescription")} />
              <TextInput label="Part of body" {...form.getInputProps("bodyPart")} />
              <TextInput label="Object or substance" {...form.getInputProps("objectSubstance")} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextInput label="Physician or health care professional" {...form.getInputProps("physicianName")} />
              <TextInput label="Facility" {...form.getInputProps("facilityName")} />
              <TextInput label="Facility address" {...form.getInputProps("facilityAddress")} />
            </SimpleGrid>
            <Group gap="lg">
              <Checkbox label="Treated in an emergency room" {...form.getInputProps("emergencyRoom", { type: "checkbox" })} />
              <Checkbox label="Hospitalized overnight as an in-patient" {...form.getInputProps("hospitalizedOvernight", { type: "checkbox" })} />
            </Group>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
              <TextInput label="Date of birth" type="date" {...form.getInputProps("dateOfBirth")} />
              <TextInput label="Date hired" type="date" {...form.getInputProps("dateHired")} />
              <Select label="Sex" clearable data={[...sexes]} {...form.getInputProps("sex")} />
              <TextInput label="Employee ZIP" {...form.getInputProps("employeeZip")} />
            </SimpleGrid>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save classification
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
