import type { ReactNode } from "react";
import { ErrorState, ListSkeleton } from "../States";

/** What QueryStates reads of a query (a tRPC or TanStack Query result). */
interface Query<D> {
  isPending: boolean;
  error: unknown;
  data: D | undefined;
  refetch: () => unknown;
}

const noItems = (data: unknown) => Array.isArray(data) && data.length === 0;

/**
 * A list's states before its content: a skeleton while the query loads, its failure with Try
 * Again, `empty` when it found nothing (an empty array, or what `isEmpty` says), else `children`
 * with the data.
 */
export function QueryStates<D>({
  query,
  rows = 4,
  skeleton,
  failed,
  empty,
  isEmpty = noItems,
  children,
}: {
  query: Query<D>;
  /** The rows of the list skeleton shown while loading. */
  rows?: number;
  /** Shown while loading instead of the list skeleton (a card grid's). */
  skeleton?: ReactNode;
  /** The failure's message. */
  failed: string;
  empty?: ReactNode;
  isEmpty?: (data: D) => boolean;
  children: (data: D) => ReactNode;
}) {
  if (query.isPending) return skeleton ?? <ListSkeleton rows={rows} />;
  if (query.error || query.data === undefined) return <ErrorState message={failed} onRetry={() => void query.refetch()} />;
  if (empty !== undefined && isEmpty(query.data)) return empty;
  return children(query.data);
}
