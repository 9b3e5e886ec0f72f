import type { Page } from "playwright-core";
import { expect } from "vitest";

/** The saved query cache in IndexedDB (features/offline/queryCache.ts), or null. */
export function savedCache(page: Page) {
  return page.evaluate(
    () =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open("sitesafe-cache");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("snapshot")) return resolve(null);
          const get = db.transaction("snapshot").objectStore("snapshot").get("queries");
          get.onsuccess = () => resolve(get.result ?? null);
          get.onerror = () => reject(get.error);
        };
      }),
  );
}

/** Waits until the saved cache holds an answer of this procedure ("permits.byId"). */
export async function waitForSaved(page: Page, procedure: string) {
  await expect
    .poll(
      async () => {
        const saved = (await savedCache(page)) as { state: { queries: { queryKey: unknown[] }[] } } | null;
        return saved?.state.queries.some((q) => (q.queryKey[0] as string[]).join(".") === procedure) ?? false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}
