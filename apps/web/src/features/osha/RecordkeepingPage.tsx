import { canKeepOshaRecords } from "@sitesafe/domain";
import { Group, Select, Tabs } from "@mantine/core";
import { IconBuilding, IconChartLine, IconClipboardList, IconFileCertificate } from "@tabler/icons-react";
import { useState } from "react";
import { PageHeader } from "../../components/PageHeader";
import { EmptyState, ErrorState, FullPageSpinner } from "../../components/States";
import { useActor } from "../../lib/auth";
import { trpc } from "../../lib/trpc";
import { EstablishmentsTab } from "./EstablishmentsTab";
import { Log300Tab } from "./Log300Tab";
import { RatesTab } from "./RatesTab";
import { SummaryTab } from "./SummaryTab";

const thisYear = new Date().getFullYear();
/** OSHA records are kept five years after the year they cover (1904.33): this year and the five before. */
export const RECORD_YEARS = Array.from({ length: 6 }, (_, i) => String(thisYear - i));

/** /recordkeeping: OSHA's injury and illness records for admins and managers. */
export function RecordkeepingPage() {
  const actor = useActor();
  const establishments = trpc.osha.establishments.useQuery(undefined, { enabled: canKeepOshaRecords(actor) });
  const [tab, setTab] = useState<string | null>("log");
  const [picked, setPicked] = useState<string | null>(null);
  const [year, setYear] = useState<string>(RECORD_YEARS[0] ?? String(thisYear));

  if (!canKeepOshaRecords(actor)) {
    return <ErrorState message="Only admins and managers keep OSHA injury and illness records." />;
  }
  if (establishments.isPending) return <FullPageSpinner />;
  if (establishments.isError) return <ErrorState message="Failed to load establishments." onRetry={() => void establishments.refetch()} />;

  const list = establishments.data;
  const establishmentId = picked ?? (list[0] ? String(list[0].id) : null);
  const selectors = (
    <Group gap="sm" wrap="wrap">
      {tab === "rates" ? null : (
        <Select
          label="Establishment"
          data={list.map((e) => ({ value: String(e.id), label: e.isCompanyDefault ? `${e.name} (company)` : e.name }))}
          value={establishmentId}
          onChange={setPicked}
          allowDeselect={false}
          w={{ base: "100%", xs: 260 }}
        />
      )}
      <Select label="Year" data={RECORD_YEARS} value={year} onChange={(v) => v && setYear(v)} allowDeselect={false} w={{ base: "100%", xs: 110 }} />
    </Group>
  );
  const needsEstablishment = (
    <EmptyState title="No establishment yet" message="Add an establishment on the Establishments tab: the company office, or a project expected to last a year or more." />
  );

  return (
    <>
      <PageHeader title="Recordkeeping" subtitle="OSHA injury and illness records (29 CFR 1904): the 300 log, the 300A summary, Form 301 and the rates" />
      {tab === "establishments" ? null : selectors}
      <Tabs value={tab} onChange={setTab} keepMounted={false} mt="md">
        <Tabs.List mb="md">
          <Tabs.Tab value="log" leftSection={<IconClipboardList size={16} />}>
            300 Log
          </Tabs.Tab>
          <Tabs.Tab value="summary" leftSection={<IconFileCertificate size={16} />}>
            Hours &amp; 300A
          </Tabs.Tab>
          <Tabs.Tab value="rates" leftSection={<IconChartLine size={16} />}>
            Rates
          </Tabs.Tab>
          <Tabs.Tab value="establishments" leftSection={<IconBuilding size={16} />}>
            Establishments
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="log">
          {establishmentId ? <Log300Tab establishmentId={Number(establishmentId)} year={Number(year)} /> : needsEstablishment}
        </Tabs.Panel>
        <Tabs.Panel value="summary">
          {establishmentId ? <SummaryTab establishmentId={Number(establishmentId)} year={Number(year)} /> : needsEstablishment}
        </Tabs.Panel>
        <Tabs.Panel value="rates">
          <RatesTab year={Number(year)} />
        </Tabs.Panel>
        <Tabs.Panel value="establishments">
          <EstablishmentsTab establishments={list} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
