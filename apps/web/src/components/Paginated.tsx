import { Group, Pagination, Text } from "@mantine/core";
import { pageCount, pageOffset } from "@sitesafe/domain";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/** Lists render at most a page of rows at a time, however many records there are. */
const PAGE_SIZE = 24;

/**
 * A screen's page of a server list (docs/decisions/performance.md): the page number, and the `limit`/`offset` to ask
 * the `<area>.page` procedure for. Any change of the filters starts again at page 1, so a new
 * search never lands on an empty page 40.
 */
export function useServerPage(filters: unknown, pageSize = PAGE_SIZE) {
  const filtersKey = JSON.stringify(filters ?? null);
  const [state, setState] = useState({ filtersKey, page: 1 });
  const page = state.filtersKey === filtersKey ? state.page : 1;
  const setPage = useCallback((next: number) => setState({ filtersKey, page: next }), [filtersKey]);
  return {
    page,
    pageSize,
    setPage,
    limit: pageSize,
    offset: pageOffset(page, pageSize),
  };
}
export type ServerPage = ReturnType<typeof useServerPage>;

/**
 * The controls under a server list, from the answer's `total`. When rows were deleted from under
 * the last page (by someone else, or a filter), it steps back to the page that still exists.
 */
export function ServerPageControls({ pager, total }: { pager: ServerPage; total: number }) {
  const pages = pageCount(total, pager.pageSize);
  const { page, setPage } = pager;
  useEffect(() => {
    if (page > pages) setPage(pages);
  }, [page, pages, setPage]);
  // A new page starts at its top: the controls sit under the last row, far down on a phone.
  const turnTo = (next: number) => {
    setPage(next);
    window.scrollTo({ top: 0 });
  };
  return <PageControls page={page} pages={pages} total={total} onChange={turnTo} />;
}

/** A page of a list already in memory (short lists such as invite tokens). */
export function usePage<T>(items: readonly T[], pageSize = PAGE_SIZE) {
  const [page, setPage] = useState(1);
  const pages = pageCount(items.length, pageSize);
  useEffect(() => {
    if (page > pages) setPage(1);
  }, [page, pages]);
  const visible = items.slice(pageOffset(page, pageSize), page * pageSize);
  return { page, setPage, pages, visible, total: items.length };
}

export function PageControls({
  page,
  pages,
  total,
  onChange,
}: {
  page: number;
  pages: number;
  total: number;
  onChange: (p: number) => void;
}) {
  const { t } = useTranslation("common");
  if (pages <= 1) return null;
  return (
    <Group justify="space-between" mt="md" gap="xs">
      <Text size="sm" c="dimmed">
        {t("paging.total", { count: total })}
      </Text>
      <Pagination value={page} onChange={onChange} total={pages} size="sm" siblings={1} boundaries={1} />
    </Group>
  );
}
