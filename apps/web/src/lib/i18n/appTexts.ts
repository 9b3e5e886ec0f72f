// The signed-in screens' English texts, in one chunk (one request) that lib/i18n loads with the
// signed-in layout; the first screen's English is bundled with the entry (index.ts).
type LocaleModule = { default: Record<string, Record<string, unknown>> };

export const appEnglish = Object.values(
  import.meta.glob<LocaleModule>(
    [
      "/src/**/locales/en.ts",
      "!/src/lib/i18n/locales/en.ts",
      "!/src/features/accounts/locales/en.ts",
      "!/src/features/offline/locales/en.ts",
    ],
    { eager: true },
  ),
).map((m) => m.default);
