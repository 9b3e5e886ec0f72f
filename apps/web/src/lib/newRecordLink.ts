import { useNavigate, useSearch } from "@tanstack/react-router";
import { useEffect, useState } from "react";

/**
 * "New JHA", "Report incident", "Request permit" on the worker's dashboard open the form at once
 * (issue #37): they link to the list page with `?new=1`. The page reads it once, opens its form,
 * and takes it out of the address, so a reload or Back shows the list again.
 */
export const NEW_RECORD_SEARCH = { new: 1 } as never;

export function useOpenedAsNew(): boolean {
  const search = useSearch({ strict: false }) as { new?: unknown };
  const [asNew] = useState(() => search.new === 1 || search.new === "1" || search.new === true);
  const navigate = useNavigate();
  useEffect(() => {
    if (asNew) void navigate({ to: ".", search: {} as never, replace: true });
  }, [asNew, navigate]);
  return asNew;
}
