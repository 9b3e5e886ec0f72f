import { ScrollArea, Stack, Tabs, type TabsProps } from "@mantine/core";
import { keepPreviousData } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCountFormOnScreen } from "../../lib/formsOnScreen";
import { useOpenedAsNew } from "../../lib/newRecordLink";
import { notifyError } from "../../lib/notify";
import { errorMessage } from "../../lib/trpc";
import { ExportCsvButton } from "../ExportCsvButton";
import { ContinueDraftNotice } from "../FormSafety";
import { PagedCardGrid, type PagedListQuery } from "../PagedCardGrid";
import { PageHeader } from "../PageHeader";
import { type ServerPage, useServerPage } from "../Paginated";

/** The texts' namespaces of the list screens. */
type ListNs = "jha" | "incidents" | "permits" | "talks" | "inspections";

/**
 * A list screen's page of its server list: the pager for `filters` (a new filter starts at page 1)
 * and the area's `page` query for it, which keeps the last page on screen while the next loads.
 * `usePage` calls that query, once each render as any hook:
 * `usePagedList(filters, (input, keep) => trpc.jha.page.useQuery(input, keep))`. With `failureToast`,
 * a failed load also says so in a toast with that title.
 */
export function usePagedList<F extends object, Q extends { error: unknown }>(
  filters: F,
  usePage: (input: F & { limit: number; offset: number }, options: { placeholderData: typeof keepPreviousData }) => Q,
  failureToast?: string,
) {
  const pager = useServerPage(filters);
  const list = usePage({ ...filters, limit: pager.limit, offset: pager.offset }, { placeholderData: keepPreviousData });
  useEffect(() => {
    if (failureToast && list.error) notifyError(failureToast, errorMessage(list.error));
  }, [list.error, failureToast]);
  return { pager, list };
}

/**
 * A screen's new record: closed, "new", or "draft" (continue the one left on this device), opened
 * at once when the screen was opened as the new-record link; with the "Continue your draft" notice.
 */
export function useNewRecord(draftKey: string, what: string) {
  const [creating, setCreating] = useState<false | "new" | "draft">(useOpenedAsNew());
  // The form is on screen from now, while its code loads (lib/formsOnScreen.ts).
  useCountFormOnScreen(creating !== false);
  return {
    creating,
    setCreating,
    notice: <ContinueDraftNotice draftKey={draftKey} what={what} onContinue={() => setCreating("draft")} />,
  };
}

/**
 * A record list screen: the header (the section's title and subtitle, the CSV of what the filters
 * match, the screen's buttons), what goes above the results (notices, search, filters), then the
 * cards, paged. The texts are the section's `title`, `subtitle`, `fetchFailed` and `emptyTitle`.
 */
export function RecordListPage<T>({
  ns,
  section = "list",
  paged,
  csv,
  actions,
  above,
  stacked = false,
  failed,
  empty,
  testId,
  renderItem,
  children,
}: {
  ns: ListNs;
  section?: "list" | "actions";
  paged: { pager: ServerPage; list: PagedListQuery<T> };
  csv?: { path: string; filters: Record<string, string | number | boolean | undefined | null> };
  actions?: ReactNode;
  /** Before the rest, outside its stack. */
  above?: ReactNode;
  /** The filters and the results in a stack (their own spacing). */
  stacked?: boolean;
  /** The load failure's text when the section's `fetchFailed` is not it. */
  failed?: string;
  empty: { message?: ReactNode; action?: ReactNode };
  testId?: string;
  renderItem: (item: T) => ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation(ns);
  const grid = (
    <PagedCardGrid
      query={paged.list}
      pager={paged.pager}
      errorMessage={failed ?? t(`${section}.fetchFailed`)}
      empty={{ title: t(`${section}.emptyTitle`), ...empty }}
      testId={testId}
      renderItem={renderItem}
    />
  );
  return (
    <>
      <PageHeader
        title={t(`${section}.title`)}
        subtitle={t(`${section}.subtitle`)}
        actions={
          <>
            {csv ? <ExportCsvButton path={csv.path} filters={csv.filters} /> : null}
            {actions}
          </>
        }
      />
      {above}
      {stacked ? (
        <Stack gap="md">
          {children}
          {grid}
        </Stack>
      ) : (
        <>
          {children}
          {grid}
        </>
      )}
    </>
  );
}

/** One tab per project the user sees, after "All Projects"; on a phone the row scrolls sideways. */
export function ProjectTabs({
  projects,
  allLabel,
  all = "all",
  scrollbarSize,
  ...tabs
}: {
  projects: { id: number; name: string }[];
  allLabel: string;
  /** The "All Projects" tab's value. */
  all?: string;
  scrollbarSize: number;
} & TabsProps) {
  return (
    <Tabs variant="pills" radius="xl" {...tabs}>
      <ScrollArea type="auto" scrollbarSize={scrollbarSize} offsetScrollbars="x">
        <Tabs.List style={{ flexWrap: "nowrap" }}>
          <Tabs.Tab value={all}>{allLabel}</Tabs.Tab>
          {projects.map((p) => (
            <Tabs.Tab key={p.id} value={String(p.id)} style={{ whiteSpace: "nowrap" }}>
              {p.name}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </ScrollArea>
    </Tabs>
  );
}
