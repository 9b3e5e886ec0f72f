import { invalidateLists, trpc } from "../../lib/trpc";

/** After any change to a message, every list of messages (page and dashboard preview) reloads. */
export function useInvalidateComments() {
  const utils = trpc.useUtils();
  return () => invalidateLists(utils.comments);
}
