import { trpc } from "../../lib/trpc";

/** After a report is filed, edited or deleted, every list of reports (whole lists and screen pages) reloads. */
export function useInvalidateIncidentLists() {
  const utils = trpc.useUtils();
  return () => Promise.all([utils.incidents.list.invalidate(), utils.incidents.page.invalidate()]);
}
