import { Button, Group, Paper, Stack, Text } from "@mantine/core";
import { IconChevronRight } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { type ServerPage, ServerPageControls } from "../../components/Paginated";
import { EmptyState, ErrorState, ListSkeleton } from "../../components/States";
import { errorMessage } from "../../lib/trpc";

/** What one row of a project's record list shows. */
export interface ProjectRecordRow {
  id: number;
  /** The record's detail page. */
  to: string;
  title: string;
  /** Who and when, in one dimmed line. */
  meta: string;
  /** At the right, before the chevron. */
  badges: ReactNode;
}

/** A page of a project's records as the tab reads it (`trpc.<area>.page.useQuery`). */
interface PageQuery<T> {
  isPending: boolean;
  isPlaceholderData: boolean;
  error: unknown;
  data?: { items: T[]; total: number } | undefined;
  refetch: () => unknown;
}

/**
 * One tab of the project page listing a kind of record (JHA forms, incident reports), newest first,
 * a page at a time, each row opening the record, with a link to the whole list above.
 */
export function ProjectRecordsTab<T>({
  list,
  pager,
  all,
  empty,
  failed,
  testId,
  row,
}: {
  list: PageQuery<T>;
  pager: ServerPage;
  all: { to: string; label: string; icon: ReactNode };
  empty: { title: string; message: string };
  failed: string;
  testId: string;
  row: (item: T) => ProjectRecordRow;
}) {
  if (list.isPending) return <ListSkeleton rows={3} />;
  if (list.error || !list.data) return <ErrorState message={errorMessage(list.error, failed)} onRetry={() => void list.refetch()} />;
  const dim = list.isPlaceholderData ? 0.6 : 1;
  const { items, total } = list.data;
  return (
    <Stack gap="xs">
      <Group justify="flex-end">
        <Button component={Link} to={all.to} variant="light" size="xs" leftSection={all.icon}>
          {all.label}
        </Button>
      </Group>
      {total === 0 ? (
        <EmptyState title={empty.title} message={empty.message} />
      ) : (
        items.map((item) => {
          const r = row(item);
          return (
            <Paper
              key={r.id}
              withBorder
              p="sm"
              radius="md"
              component={Link}
              to={r.to}
              style={{ textDecoration: "none", color: "inherit", opacity: dim }}
              data-testid={testId}
            >
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600} truncate>
                    {r.title}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {r.meta}
                  </Text>
                </Stack>
                <Group gap={6} wrap="nowrap">
                  {r.badges}
                  <IconChevronRight size={16} />
                </Group>
              </Group>
            </Paper>
          );
        })
      )}
      {total > 0 ? <ServerPageControls pager={pager} total={total} /> : null}
    </Stack>
  );
}
