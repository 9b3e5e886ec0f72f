import { SimpleGrid } from "@mantine/core";
import type { ReactNode } from "react";
import { InterruptibleMount } from "./AfterFirstPaint";
import { type ServerPage, ServerPageControls } from "./Paginated";
import { CardGridSkeleton, EmptyState, ErrorState } from "./States";

/** The part of a server-paged list query a list screen reads (tRPC's useQuery result fits). */
export interface PagedListQuery<T> {
  isPending: boolean;
  isError: boolean;
  isPlaceholderData: boolean;
  data: { items: T[]; total: number } | undefined;
  refetch: () => unknown;
}

/**
 * The results area every record list screen shares: a card skeleton while loading, the error with
 * a retry, the empty state, else the card grid (dimmed while the next page loads) and the pager.
 * Texts come from the screen, already in the UI's language.
 */
export function PagedCardGrid<T>({
  query,
  pager,
  errorMessage,
  empty,
  testId,
  renderItem,
}: {
  query: PagedListQuery<T>;
  pager: ServerPage;
  errorMessage: string;
  empty: { title: string; message?: ReactNode; action?: ReactNode };
  testId?: string;
  /** One card, with its key. */
  renderItem: (item: T) => ReactNode;
}) {
  if (query.isPending) return <CardGridSkeleton count={6} />;
  if (query.isError || !query.data) return <ErrorState message={errorMessage} onRetry={() => void query.refetch()} />;
  if (query.data.total === 0) return <EmptyState title={empty.title} message={empty.message} action={empty.action} />;
  // The first page of cards mounts in slices a tap can come between, the skeleton staying until
  // then (components/AfterFirstPaint.tsx): as one task, a list's first page of cards blocked a
  // phone's main thread (issue #37, /forms/jha). Later pages are ordinary renders.
  return (
    <InterruptibleMount fallback={<CardGridSkeleton count={6} />}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid={testId} style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
        {query.data.items.map(renderItem)}
      </SimpleGrid>
      <ServerPageControls pager={pager} total={query.data.total} />
    </InterruptibleMount>
  );
}
