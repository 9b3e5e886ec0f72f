import { trpc } from "../../lib/trpc";

/** After a JHA form is filed, edited or deleted, every list of forms (whole lists and screen pages) reloads. */
export function useInvalidateJhaLists() {
  const utils = trpc.useUtils();
  return () => Promise.all([utils.jha.list.invalidate(), utils.jha.page.invalidate()]);
}
