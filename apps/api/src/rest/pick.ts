import { commentUpdateKind } from "@sitesafe/domain";
import type { Caller } from "../router.js";
import type { Picker } from "./meta.js";

/**
 * Routes whose procedure is chosen per request (rest/meta.ts `pick`), among procedures of one
 * answer shape. The one PUT of a safety comment carries three payloads: status "resolved" (with
 * managerResponse) resolves, staff's status "in_progress" marks in progress, the author's title and
 * content are an edit, whatever status they carry along (domain comments.ts `commentUpdateKind`).
 */
export const PICKERS: Record<Picker, (caller: Caller, body: Record<string, unknown>) => Promise<string>> = {
  commentUpdate: async (caller, body) => {
    // Who sends it decides, with the body, which action this is.
    const session = await caller.auth.session();
    switch (commentUpdateKind(body, session?.actor ?? null)) {
      case "markInProgress":
        return "comments.markInProgress";
      case "resolve":
        return "comments.resolve";
      case "edit":
        return "comments.update";
    }
  },
};
