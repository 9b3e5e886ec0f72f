// The languages and where the last one chosen is kept. No imports: build/preload.ts reads them at
// build time, for the early session read that sends the same Accept-Language as the app.

export const supportedLanguages = ["en", "es"] as const;
export type Language = (typeof supportedLanguages)[number];

/** Where the browser keeps the last language chosen or applied (also before sign-in). */
export const LANGUAGE_STORAGE_KEY = "sitesafe.language";
