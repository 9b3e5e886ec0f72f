// Every feature's locale files by path, and their texts by key: for the tests that read them all
// (parity.test.ts, glossary.test.ts). The app loads its locales through lib/i18n, not from here.
type LocaleModule = { default: Record<string, unknown> };
export const englishLocales = import.meta.glob<LocaleModule>("/src/**/locales/en.ts", { eager: true });
export const spanishLocales = import.meta.glob<LocaleModule>("/src/**/locales/es.ts", { eager: true });

/** "ns.key.sub" -> text, for every leaf. */
export function flattenLocale(value: unknown, prefix = "", out = new Map<string, unknown>()): Map<string, unknown> {
  if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) flattenLocale(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}
