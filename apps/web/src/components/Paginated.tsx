import { Group, Pagination, Text } from "@mantine/core";
import { useEffect, useState } from "react";

/** Lists render at most a page of rows at a time, however many records there are. */
export const PAGE_SIZE = 24;

export function usePage<T>(items: readonly T[], pageSize = PAGE_SIZE) {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(items.length / pageSize));
  useEffect(() => {
    if (page > pages) setPage(1);
  }, [page, pages]);
  const visible = items.slice((page - 1) * pageSize, page * pageSize);
  return { page, setPage, pages, visible, total: items.length };
}

export function PageControls({ page, pages, total, onChange }: { page: number; pages: number; total: number; onChange: (p: number) => void }) {
  if (pages <= 1) return null;
  return (
    <Group justify="space-between" mt="md">
      <Text size="sm" c="dimmed">
        {total} in all
      </Text>
      <Pagination value={page} onChange={onChange} total={pages} size="sm" />
    </Group>
  );
}
