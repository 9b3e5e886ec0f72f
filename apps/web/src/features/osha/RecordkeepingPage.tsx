import { Group, Select } from "@mantine/core";
import { canKeepOshaRecords } from "@sitesafe/domain";
import { IconBuilding, IconChartLine, IconClipboardList, IconFileCertificate } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { IconTabs } from "../../components/data/IconTabs";
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
const RECORD_YEARS = Array.from({ length: 6 }, (_, i) => String(thisYear - i));

/** /recordkeeping: OSHA's injury and illness records for admins and managers. */
export function RecordkeepingPage() {
  const { t } = useTranslation("osha");
  const actor = useActor();
  const establishments = trpc.osha.establishments.useQuery(undefined, { enabled: canKeepOshaRecords(actor) });
  const [tab, setTab] = useState<string | null>("log");
  const [picked, setPicked] = useState<string | null>(null);
  const [year, setYear] = useState<string>(RECORD_YEARS[0] ?? String(thisYear));

  if (!canKeepOshaRecords(actor)) {
    return <ErrorState message={t("page.onlyKeepers")} />;
  }
  if (establishments.isPending) return <FullPageSpinner />;
  if (establishments.isError) return <ErrorState message={t("page.loadFailed")} onRetry={() => void establishments.refetch()} />;

  const list = establishments.data;
  const establishmentId = picked ?? (list[0] ? String(list[0].id) : null);
  const selectors = (
    <Group gap="sm" wrap="wrap">
      {tab === "rates" ? null : (
        <Select
          label={t("page.establishment")}
          data={list.map((e) => ({ value: String(e.id), label: e.isCompanyDefault ? t("page.companyOption", { name: e.name }) : e.name }))}
          value={establishmentId}
          onChange={setPicked}
          allowDeselect={false}
          w={{ base: "100%", xs: 260 }}
        />
      )}
      <Select
        label={t("page.year")}
        data={RECORD_YEARS}
        value={year}
        onChange={(v) => v && setYear(v)}
        allowDeselect={false}
        w={{ base: "100%", xs: 110 }}
      />
    </Group>
  );
  const needsEstablishment = <EmptyState title={t("page.needsTitle")} message={t("page.needsMessage")} />;

  return (
    <>
      <PageHeader title={t("page.title")} subtitle={t("page.subtitle")} />
      {tab === "establishments" ? null : selectors}
      <IconTabs
        value={tab}
        onChange={setTab}
        mt="md"
        tabs={[
          {
            value: "log",
            icon: <IconClipboardList size={16} />,
            label: t("page.tabLog"),
            panel: establishmentId ? <Log300Tab establishmentId={Number(establishmentId)} year={Number(year)} /> : needsEstablishment,
          },
          {
            value: "summary",
            icon: <IconFileCertificate size={16} />,
            label: t("page.tabSummary"),
            panel: establishmentId ? <SummaryTab establishmentId={Number(establishmentId)} year={Number(year)} /> : needsEstablishment,
          },
          { value: "rates", icon: <IconChartLine size={16} />, label: t("page.tabRates"), panel: <RatesTab year={Number(year)} /> },
          {
            value: "establishments",
            icon: <IconBuilding size={16} />,
            label: t("page.tabEstablishments"),
            panel: <EstablishmentsTab establishments={list} />,
          },
        ]}
      />
    </>
  );
}
