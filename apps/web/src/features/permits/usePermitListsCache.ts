import { trpc } from "../../lib/trpc";

/** After a permit is requested, edited, decided or deleted, the permit lists (whole and paged) reload. */
export function useInvalidatePermitLists() {
  const utils = trpc.useUtils();
  return () => Promise.all([utils.permits.list.invalidate(), utils.permits.page.invalidate()]);
}
