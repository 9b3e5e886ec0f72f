import { workerComplianceLabel } from "@sitesafe/domain";
import { useTranslation } from "react-i18next";
import { ComplianceBar } from "../../components/ComplianceBar";

/** A worker's compliance as a bar, labelled with its band (workerComplianceLabel) in the reader's language. */
export function WorkerComplianceBar({ value }: { value: number }) {
  const { t } = useTranslation("common");
  return <ComplianceBar value={value} context="workerTable" label={t(`labels.compliance.${workerComplianceLabel(value)}`)} />;
}
