import { Text } from "@mantine/core";
import type { ReactNode } from "react";
import { errorMessage } from "../../lib/trpc";

/**
 * What a card shows for the list it loads: `loading` (a skeleton) while it loads, the failure in
 * red (the server's message, else `failed`), `empty` dimmed when the list is empty, else the
 * content `children` makes of it.
 */
export function QueryContent<T>({
  query,
  loading,
  failed,
  empty,
  children,
}: {
  query: { isPending: boolean; error: unknown; data: T | undefined };
  loading: ReactNode;
  failed?: string;
  /** Shown for an empty list; without it, an empty list goes to `children` too. */
  empty?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <>{loading}</>;
  if (query.error || query.data === undefined) {
    return (
      <Text c="red" size="sm">
        {errorMessage(query.error, failed)}
      </Text>
    );
  }
  if (empty !== undefined && Array.isArray(query.data) && query.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return <>{children(query.data)}</>;
}
