import { establishmentHoursSchema } from "@sitesafe/domain";
import { Alert, Button, Card, Group, List, NumberInput, SimpleGrid, Stack, Switch, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconAlertTriangle, IconCircleCheck } from "@tabler/icons-react";
import { useEffect } from "react";
import { ErrorState, ListSkeleton } from "../../components/States";
import { notifySuccess } from "../../lib/notify";
import { errorMessage, type RouterOutputs, trpc } from "../../lib/trpc";
import { DownloadButton, recordQuery } from "./downloads";
import { RateLines } from "./RatesTab";

type Summary = RouterOutputs["osha"]["summary300A"];

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

interface HoursValues {
  annualAverageEmployees: number | string;
  totalHoursWorked: number | string;
  byMonth: boolean;
  monthlyHours: (number | string)[];
  certifiedByName: string;
  certifiedByTitle: string;
  certifiedByPhone: string;
  certifiedOn: string;
}

const blankToUndefined = (v: number | string) => (v === "" ? undefined : v);

function toPayload(id: number, year: number, v: HoursValues) {
  return {
    id,
    year,
    annualAverageEmployees: blankToUndefined(v.annualAverageEmployees),
    totalHoursWorked: v.byMonth ? undefined : blankToUndefined(v.totalHoursWorked),
    monthlyHours: v.byMonth ? v.monthlyHours.map((m) => (m === "" ? 0 : m)) : null,
    certifiedByName: v.certifiedByName,
    certifiedByTitle: v.certifiedByTitle,
    certifiedByPhone: v.certifiedByPhone,
    certifiedOn: v.certifiedOn,
  };
}

function Totals({ s }: { s: Summary }) {
  const t = s.totals;
  const cell = (label: string, n: number) => (
    <Card withBorder radius="sm" padding="xs">
      <Text size="xl" fw={700} ta="center">
        {n}
      </Text>
      <Text size="xs" c="dimmed" ta="center">
        {label}
      </Text>
    </Card>
  );
  return (
    <Stack gap="sm">
      <Title order={2} size="h5">Number of cases</Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {cell("(G) Deaths", t.deaths)}
        {cell("(H) Days away from work", t.daysAwayCases)}
        {cell("(I) Job transfer or restriction", t.transferRestrictionCases)}
        {cell("(J) Other recordable cases", t.otherRecordableCases)}
      </SimpleGrid>
      <Title order={2} size="h5">Number of days</Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {cell("(K) Days away from work", t.daysAway)}
        {cell("(L) Days of job transfer or restriction", t.daysRestricted)}
      </SimpleGrid>
      <Title order={2} size="h5">Injury and illness types</Title>
      <SimpleGrid cols={{ base: 2, sm: 6 }} spacing="sm">
        {cell("(M1) Injuries", t.injuries)}
        {cell("(M2) Skin disorders", t.skinDisorders)}
        {cell("(M3) Respiratory conditions", t.respiratoryConditions)}
        {cell("(M4) Poisonings", t.poisonings)}
        {cell("(M5) Hearing loss", t.hearingLoss)}
        {cell("(M6) All other illnesses", t.otherIllnesses)}
      </SimpleGrid>
    </Stack>
  );
}

function ItaCheck({ s }: { s: Summary }) {
  const issues = [...s.itaIssues.summary, ...s.itaIssues.cases];
  if (issues.length === 0) {
    return (
      <Alert color="green" icon={<IconCircleCheck size={18} />} title="Ready for OSHA's Injury Tracking Application">
        Both ITA files pass the checks ITA makes on upload.
      </Alert>
    );
  }
  return (
    <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="ITA would reject these files">
      <List size="sm" spacing={2}>
        {issues.map((i) => (
          <List.Item key={`${i.row}-${i.column}-${i.message}`}>
            {i.message} <Text span c="dimmed" size="xs">({i.column})</Text>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** Hours of the year, the 300A totals and rates, the certification and the downloads. */
export function SummaryTab({ establishmentId, year }: { establishmentId: number; year: number }) {
  const utils = trpc.useUtils();
  const summary = trpc.osha.summary300A.useQuery({ establishmentId, year });
  const save = trpc.osha.putHours.useMutation({
    onSuccess: () => {
      notifySuccess("Saved", `Hours and certification for ${year} saved.`);
      void utils.osha.summary300A.invalidate();
      void utils.osha.rates.invalidate();
    },
  });
  const form = useForm<HoursValues>({
    mode: "controlled",
    initialValues: { annualAverageEmployees: "", totalHoursWorked: "", byMonth: false, monthlyHours: Array(12).fill(""), certifiedByName: "", certifiedByTitle: "", certifiedByPhone: "", certifiedOn: "" },
    validate: (values) => {
      const r = establishmentHoursSchema.safeParse(toPayload(establishmentId, year, values));
      if (r.success) return {};
      const errors: Record<string, string> = {};
      for (const issue of r.error.issues) {
        const path = issue.path[0] === "monthlyHours" ? "totalHoursWorked" : String(issue.path[0] ?? "annualAverageEmployees");
        errors[path] ??= issue.message;
      }
      return errors;
    },
  });
  const hours = summary.data?.hours;
  useEffect(() => {
    form.setValues({
      annualAverageEmployees: hours?.annualAverageEmployees ?? "",
      totalHoursWorked: hours?.totalHoursWorked ?? "",
      byMonth: hours?.monthlyHours != null,
      monthlyHours: hours?.monthlyHours ?? Array(12).fill(""),
      certifiedByName: hours?.certifiedByName ?? "",
      certifiedByTitle: hours?.certifiedByTitle ?? "",
      certifiedByPhone: hours?.certifiedByPhone ?? "",
      certifiedOn: hours?.certifiedOn ?? "",
    });
    form.resetDirty();
  }, [establishmentId, year, summary.dataUpdatedAt]);

  if (summary.isPending) return <ListSkeleton rows={4} />;
  if (summary.isError) return <ErrorState message={errorMessage(summary.error, "Failed to load the summary.")} onRetry={() => void summary.refetch()} />;
  const s = summary.data;
  const q = recordQuery(establishmentId, year);
  const itaBlocked = s.itaIssues.summary.length > 0;
  const monthSum = form.values.monthlyHours.reduce<number>((a, m) => a + (typeof m === "number" ? m : 0), 0);

  return (
    <Stack gap="md" mt="md">
      <Group gap="xs" wrap="wrap">
        <DownloadButton href={`/api/osha/300a?${q}&format=pdf`} label="300A summary PDF" />
        <DownloadButton href={`/api/osha/300a?${q}&format=ita`} label="ITA summary CSV" disabled={itaBlocked} />
        <DownloadButton href={`/api/osha/cases.csv?${q}`} label="ITA case CSV" disabled={s.itaIssues.cases.length > 0} />
      </Group>
      <ItaCheck s={s} />
      <Card withBorder radius="md" padding="md">
        <Totals s={s} />
      </Card>
      <Card withBorder radius="md" padding="md">
        <form onSubmit={form.onSubmit((values) => save.mutate(toPayload(establishmentId, year, values) as never))}>
          <Stack gap="sm">
            <Title order={2} size="h4">Employment information for {year}</Title>
            {save.error ? <Alert color="red">{errorMessage(save.error)}</Alert> : null}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <NumberInput label="Annual average number of employees" min={0} allowDecimal={false} thousandSeparator="," {...form.getInputProps("annualAverageEmployees")} />
              {form.values.byMonth ? (
                <NumberInput label="Total hours worked (sum of the months)" value={monthSum} readOnly thousandSeparator="," error={form.errors.totalHoursWorked} />
              ) : (
                <NumberInput label="Total hours worked by all employees" min={0} allowDecimal={false} thousandSeparator="," {...form.getInputProps("totalHoursWorked")} />
              )}
            </SimpleGrid>
            <Switch label="Enter hours month by month" {...form.getInputProps("byMonth", { type: "checkbox" })} />
            {form.values.byMonth ? (
              <SimpleGrid cols={{ base: 3, sm: 6 }} spacing="xs">
                {MONTHS.map((m, i) => (
                  <NumberInput key={m} label={m} min={0} allowDecimal={false} hideControls thousandSeparator="," {...form.getInputProps(`monthlyHours.${i}`)} />
                ))}
              </SimpleGrid>
            ) : null}
            <Title order={2} size="h4" mt="sm">
              Certification
            </Title>
            <Text size="sm" c="dimmed">
              A company executive certifies that they examined the log and the summary and that the entries are true, accurate and complete. Post the signed summary from February 1 to April 30.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label="Company executive" {...form.getInputProps("certifiedByName")} />
              <TextInput label="Title" {...form.getInputProps("certifiedByTitle")} />
              <TextInput label="Phone" {...form.getInputProps("certifiedByPhone")} />
              <TextInput label="Date" type="date" {...form.getInputProps("certifiedOn")} />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                Save hours and certification
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <Card withBorder radius="md" padding="md">
        <Title order={2} size="h4" mb="xs">
          Rates for {year}
        </Title>
        <RateLines rates={s.rates} />
      </Card>
    </Stack>
  );
}
