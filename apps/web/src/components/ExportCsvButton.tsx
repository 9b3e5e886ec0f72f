import { Button } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

/** The CSV of a list path with the screen's current filters (the server's `?format=csv` export). */
function csvExportUrl(path: string, filters: Record<string, string | number | boolean | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters))
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  params.set("format", "csv");
  return `${path}?${params.toString()}`;
}

/**
 * "Export CSV" on a list screen: downloads what the screen's filters match, every page of it,
 * with the same permissions as the list (the browser's session cookie goes along).
 */
export function ExportCsvButton({
  path,
  filters,
  label,
}: {
  path: string;
  filters: Record<string, string | number | boolean | undefined | null>;
  label?: string;
}) {
  const { t } = useTranslation("common");
  return (
    <Button
      component="a"
      href={csvExportUrl(path, filters)}
      download
      variant="default"
      leftSection={<IconDownload size={16} />}
      data-testid="export-csv"
    >
      {label ?? t("actions.exportCsv")}
    </Button>
  );
}
