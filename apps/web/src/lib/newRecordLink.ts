import { useNavigate, useSearch } from "@tanstack/react-router";
import { useEffect, useState } from "react";

/**
 * "New JHA", "Report incident", "Request permit" on the worker's dashboard open the form at once
 * (issue #37): they link to the list page with `?new=1`. The page reads it once, opens its form,
 * and takes it out of the address, so a reload or Back shows the list again. `?draft=1` (the
 * dashboard's "Finish your JHA") opens it on the draft saved on this device.
 */
export const NEW_RECORD_SEARCH = { new: 1 } as never;

const isOne = (value: unknown) => value === 1 || value === "1" || value === true;

/** How the list page's new-record form should start: "new", "draft" (continue), or closed. */
export function useOpenedAsNew(): false | "new" | "draft" {
  const search = useSearch({ strict: false }) as { new?: unknown; draft?: unknown };
  const [opened] = useState<false | "new" | "draft">(() => (isOne(search.draft) ? "draft" : isOne(search.new) ? "new" : false));
  const navigate = useNavigate();
  useEffect(() => {
    if (opened) void navigate({ to: ".", search: {} as never, replace: true });
  }, [opened, navigate]);
  return opened;
}
