import { Alert, Button, Card, Group, List, NumberInput, SimpleGrid, Stack, Switch, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { establishmentHoursSchema } from "@sitesafe/domain";
import { IconAlertTriangle, IconCircleCheck } from "@tabler/icons-react";
import { Fragment, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { ErrorState, ListSkeleton } from "../../components/States";
import { localizeMessage } from "../../lib/i18n";
import { notifySuccess } from "../../lib/notify";
import { errorMessage, type RouterOutputs, trpc } from "../../lib/trpc";
import { DownloadButton, recordQuery } from "./downloads";
import { RateLines } from "./RatesTab";

type Summary = RouterOutputs["osha"]["summary300A"];

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"] as const;

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
  const { t: tr } = useTranslation("osha");
  const t = s.totals;
  // The form's groups of totals, each a heading over its boxes: [the box's letter key, the figure].
  const groups: { title: string; wide?: boolean; cells: [string, number][] }[] = [
    {
      title: "summary.numberOfCases",
      cells: [
        ["summary.cellG", t.deaths],
        ["summary.cellH", t.daysAwayCases],
        ["summary.cellI", t.transferRestrictionCases],
        ["summary.cellJ", t.otherRecordableCases],
      ],
    },
    {
      title: "summary.numberOfDays",
      cells: [
        ["summary.cellK", t.daysAway],
        ["summary.cellL", t.daysRestricted],
      ],
    },
    {
      title: "summary.types",
      wide: true,
      cells: [
        ["summary.cellM1", t.injuries],
        ["summary.cellM2", t.skinDisorders],
        ["summary.cellM3", t.respiratoryConditions],
        ["summary.cellM4", t.poisonings],
        ["summary.cellM5", t.hearingLoss],
        ["summary.cellM6", t.otherIllnesses],
      ],
    },
  ];
  return (
    <Stack gap="sm">
      {groups.map((group) => (
        <Fragment key={group.title}>
          <Title order={2} size="h5">
            {tr(group.title)}
          </Title>
          <SimpleGrid cols={{ base: 2, sm: group.wide ? 6 : 4 }} spacing="sm">
            {group.cells.map(([label, n]) => (
              <Card key={label} withBorder radius="sm" padding="xs">
                <Text size="xl" fw={700} ta="center">
                  {n}
                </Text>
                <Text size="xs" c="dimmed" ta="center">
                  {tr(label)}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        </Fragment>
      ))}
    </Stack>
  );
}

function ItaCheck({ s }: { s: Summary }) {
  const { t } = useTranslation("osha");
  const issues = [...s.itaIssues.summary, ...s.itaIssues.cases];
  if (issues.length === 0) {
    return (
      <Alert color="green" icon={<IconCircleCheck size={18} />} title={t("summary.itaReadyTitle")}>
        {t("summary.itaReadyMessage")}
      </Alert>
    );
  }
  return (
    <Alert color="orange" icon={<IconAlertTriangle size={18} />} title={t("summary.itaRejectTitle")}>
      <List size="sm" spacing={2}>
        {issues.map((i) => (
          <List.Item key={`${i.row}-${i.column}-${i.message}`}>
            {localizeMessage(i.message)}{" "}
            <Text span c="dimmed" size="xs">
              ({i.column})
            </Text>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** Hours of the year, the 300A totals and rates, the certification and the downloads. */
export function SummaryTab({ establishmentId, year }: { establishmentId: number; year: number }) {
  const { t } = useTranslation("osha");
  const utils = trpc.useUtils();
  const summary = trpc.osha.summary300A.useQuery({ establishmentId, year });
  const save = trpc.osha.putHours.useMutation({
    onSuccess: () => {
      notifySuccess(t("summary.savedTitle"), t("summary.savedMessage", { year }));
      void utils.osha.summary300A.invalidate();
      void utils.osha.rates.invalidate();
    },
  });
  const form = useForm<HoursValues>({
    mode: "controlled",
    initialValues: {
      annualAverageEmployees: "",
      totalHoursWorked: "",
      byMonth: false,
      monthlyHours: Array(12).fill(""),
      certifiedByName: "",
      certifiedByTitle: "",
      certifiedByPhone: "",
      certifiedOn: "",
    },
    validate: (values) => {
      const r = establishmentHoursSchema.safeParse(toPayload(establishmentId, year, values));
      if (r.success) return {};
      const errors: Record<string, string> = {};
      for (const issue of r.error.issues) {
        const path = issue.path[0] === "monthlyHours" ? "totalHoursWorked" : String(issue.path[0] ?? "annualAverageEmployees");
        errors[path] ??= localizeMessage(issue.message);
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
  if (summary.isError)
    return <ErrorState message={errorMessage(summary.error, t("summary.loadFailed"))} onRetry={() => void summary.refetch()} />;
  const s = summary.data;
  const q = recordQuery(establishmentId, year);
  const itaBlocked = s.itaIssues.summary.length > 0;
  const monthSum = form.values.monthlyHours.reduce<number>((a, m) => a + (typeof m === "number" ? m : 0), 0);

  return (
    <Stack gap="md" mt="md">
      <Group gap="xs" wrap="wrap">
        <DownloadButton href={`/api/osha/300a?${q}&format=pdf`} label={t("summary.pdf")} />
        <DownloadButton href={`/api/osha/300a?${q}&format=ita`} label={t("summary.itaSummaryCsv")} disabled={itaBlocked} />
        <DownloadButton href={`/api/osha/cases.csv?${q}`} label={t("summary.itaCaseCsv")} disabled={s.itaIssues.cases.length > 0} />
      </Group>
      <ItaCheck s={s} />
      <Card withBorder radius="md" padding="md">
        <Totals s={s} />
      </Card>
      <Card withBorder radius="md" padding="md">
        <form onSubmit={form.onSubmit((values) => save.mutate(toPayload(establishmentId, year, values) as never))}>
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t("summary.employment", { year })}
            </Title>
            {save.error ? <Alert color="red">{errorMessage(save.error)}</Alert> : null}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <NumberInput
                label={t("summary.averageEmployees")}
                min={0}
                allowDecimal={false}
                thousandSeparator=","
                {...form.getInputProps("annualAverageEmployees")}
              />
              {form.values.byMonth ? (
                <NumberInput
                  label={t("summary.totalHoursSum")}
                  value={monthSum}
                  readOnly
                  thousandSeparator=","
                  error={form.errors.totalHoursWorked}
                />
              ) : (
                <NumberInput
                  label={t("summary.totalHours")}
                  min={0}
                  allowDecimal={false}
                  thousandSeparator=","
                  {...form.getInputProps("totalHoursWorked")}
                />
              )}
            </SimpleGrid>
            <Switch label={t("summary.byMonth")} {...form.getInputProps("byMonth", { type: "checkbox" })} />
            {form.values.byMonth ? (
              <SimpleGrid cols={{ base: 3, sm: 6 }} spacing="xs">
                {MONTHS.map((m, i) => (
                  <NumberInput
                    key={m}
                    label={t(`summary.months.${m}`)}
                    min={0}
                    allowDecimal={false}
                    hideControls
                    thousandSeparator=","
                    {...form.getInputProps(`monthlyHours.${i}`)}
                  />
                ))}
              </SimpleGrid>
            ) : null}
            <Title order={2} size="h4" mt="sm">
              {t("summary.certification")}
            </Title>
            <Text size="sm" c="dimmed">
              {t("summary.certificationText")}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label={t("summary.executive")} {...form.getInputProps("certifiedByName")} />
              <TextInput label={t("summary.title")} {...form.getInputProps("certifiedByTitle")} />
              <TextInput label={t("summary.phone")} {...form.getInputProps("certifiedByPhone")} />
              <TextInput label={t("summary.date")} type="date" {...form.getInputProps("certifiedOn")} />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                {t("summary.save")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <Card withBorder radius="md" padding="md">
        <Title order={2} size="h4" mb="xs">
          {t("summary.ratesFor", { year })}
        </Title>
        <RateLines rates={s.rates} />
      </Card>
    </Stack>
  );
}
