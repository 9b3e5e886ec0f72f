// Whether a signed-in user's query cache is saved on this device (features/offline/queryCache.ts
// sets it with each save and clears it with the cache). main.tsx reads it at startup to begin
// reading the cache while the signed-in layout's chunks load; it says nothing about who the user
// is, and the cache is still put back only for the right user. Tiny, as it is on /auth's path.

/** The localStorage key; build/preload.ts reads it too, before any of the app has loaded. */
export const SAVED_CACHE_KEY = "sitesafe.savedCache";

export function hasSavedCache(): boolean {
  try {
    return localStorage.getItem(SAVED_CACHE_KEY) === "1";
  } catch {
    return false;
  }
}

export function rememberSavedCache(saved: boolean) {
  try {
    if (saved) localStorage.setItem(SAVED_CACHE_KEY, "1");
    else localStorage.removeItem(SAVED_CACHE_KEY);
  } catch {
    // Storage blocked: the layout starts the reads when it mounts, as without the flag.
  }
}
