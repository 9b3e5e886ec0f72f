// The web's languages (docs/i18n.md): English, bundled with the first screen, and Spanish, loaded
// only when it is the language in use. Every feature folder keeps its texts in locales/en.ts and
// locales/es.ts (`export default { <namespace>: { key: "text" } } as const`), found here by glob,
// so a new folder needs no registration. Components read them with useTranslation("<namespace>").
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { LANGUAGE_STORAGE_KEY, type Language, supportedLanguages } from "./languages";

export { type Language, supportedLanguages };

type Resources = Record<string, Record<string, unknown>>;
type LocaleModule = { default: Resources };

// English for the first screen (/auth, the 404 page, the update prompt) is bundled with the entry,
// so it renders at once; the signed-in screens' English (appTexts.ts, one chunk) loads with the
// signed-in layout, which waits for it (loadAppTexts, components/ApiProvider.tsx): /auth stays within its bundle budget
// (docs/decisions/performance.md) and no screen ever shows a key.
const englishModules = import.meta.glob<LocaleModule>(
  ["/src/lib/i18n/locales/en.ts", "/src/features/accounts/locales/en.ts", "/src/features/offline/locales/en.ts"],
  { eager: true },
);
const spanishModules = import.meta.glob<LocaleModule>("/src/**/locales/es.ts");

/** Merges the namespaces of several locale files (two folders may share one namespace). */
function mergeResources(modules: Resources[]): Resources {
  const merged: Resources = {};
  for (const resources of modules) {
    for (const [namespace, texts] of Object.entries(resources)) merged[namespace] = { ...merged[namespace], ...texts };
  }
  return merged;
}

const english = mergeResources(Object.values(englishModules).map((m) => m.default));

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: "en",
  fallbackLng: "en",
  supportedLngs: [...supportedLanguages],
  resources: { en: english },
  ns: Object.keys(english),
  defaultNS: "common",
  // Spanish arrives later through addResourceBundle; English is all here, so init is synchronous.
  partialBundledLanguages: true,
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: false },
});

/**
 * The locale for Intl (numbers, percentages): US Spanish, so a crew in the US reads 1,250.5 as
 * they write it, not 1.250,5.
 */
export function intlLocale(language: string = currentLanguage()): string {
  return language === "es" ? "es-US" : "en-US";
}

// Making an Intl.NumberFormat costs about a hundred times its use: the dashboard's first render
// spent 14 ms making one per figure (65 ms at a phone's 4x slowdown, issue #37). One per locale
// and option set; the app has a handful of each.
const numberFormats = new Map<string, Intl.NumberFormat>();
/** The Intl number format of a locale and options, made once. */
export function numberFormat(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale} ${JSON.stringify(options ?? {})}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

// {{count, number}} in the texts goes through the same locale.
i18n.services.formatter?.add("number", (value, lng, options) => numberFormat(intlLocale(lng), options).format(value));

/**
 * Spanish has a third plural category for large round numbers (a million: "many"); the texts give
 * `_one` and `_other` (docs/i18n.md), so `_other` stands in for `_many`.
 */
function withManyPlurals(texts: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(texts)) {
    out[key] = value && typeof value === "object" ? withManyPlurals(value as Record<string, unknown>) : value;
    const base = key.endsWith("_other") ? key.slice(0, -"_other".length) : null;
    if (base !== null && !(`${base}_many` in texts)) out[`${base}_many`] = value;
  }
  return out;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (supportedLanguages as readonly string[]).includes(value);
}

/** The language the UI shows now (what the Accept-Language header of every API call says). */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : "en";
}

/** Headers every API call carries, tRPC and REST alike: the server answers in the UI's language. */
export function languageHeaders(): Record<string, string> {
  return { "accept-language": currentLanguage() };
}

/** The language the browser asks for: the last one chosen here, else the browser's own. */
function detectLanguage(): Language {
  try {
    const saved = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguage(saved)) return saved;
  } catch {
    // Storage may be blocked (private mode); the browser's language decides.
  }
  const preferred = typeof navigator === "undefined" ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of preferred) {
    const base = tag?.toLowerCase().split("-")[0];
    if (isLanguage(base)) return base;
  }
  return "en";
}

/** Spanish client-side validation messages (the domain's English Zod messages, translated). */
type Translator = (englishMessage: string) => string;
let spanishMessages: Translator | undefined;

let appTextsLoaded: Promise<void> | undefined;
/** The signed-in screens' English texts (Spanish ones come with loadSpanish). */
export function loadAppTexts(): Promise<void> {
  appTextsLoaded ??= import("./appTexts").then(
    ({ appEnglish }) => {
      for (const [namespace, texts] of Object.entries(mergeResources(appEnglish))) {
        i18n.addResourceBundle("en", namespace, texts, true, true);
      }
    },
    (error: unknown) => {
      appTextsLoaded = undefined;
      throw error;
    },
  );
  return appTextsLoaded;
}

let spanishLoaded: Promise<void> | undefined;
function loadSpanish(): Promise<void> {
  spanishLoaded ??= Promise.all([
    Promise.all(Object.values(spanishModules).map((load) => load())).then((modules) => {
      const spanish = mergeResources(modules.map((m) => m.default));
      for (const [namespace, texts] of Object.entries(spanish)) i18n.addResourceBundle("es", namespace, withManyPlurals(texts), true, true);
    }),
    // dayjs is not on the first screen (bundle budget): it and its Spanish locale load here.
    import("dayjs/locale/es"),
    // The domain's translation table (packages/domain/src/i18n/messagesEs.ts), not in its index.
    import("@sitesafe/domain/i18n/messagesEs").then((m) => {
      spanishMessages = m.translateMessage;
    }),
  ]).then(
    () => undefined,
    (error: unknown) => {
      // A failed download (offline, new build) may be tried again by the next switch.
      spanishLoaded = undefined;
      throw error;
    },
  );
  return spanishLoaded;
}

/** The language the next visit starts in (before the server says which one the user saved). */
export function rememberLanguage(language: Language) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered across visits when storage is blocked; the session still shows it.
  }
}

/** Shows the UI in `language`: loads its texts first when needed, so no key ever shows. */
export async function applyLanguage(language: Language, { remember = true } = {}): Promise<void> {
  if (language === "es") await loadSpanish();
  // Dates (lib/format.ts) and Mantine's date pickers (DatesLocale.tsx) follow dayjs's locale.
  const { default: dayjs } = await import("dayjs");
  dayjs.locale(language);
  if (typeof document !== "undefined") document.documentElement.lang = language;
  if (remember) rememberLanguage(language);
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

/**
 * Before the first render (main.tsx): English is ready at once (no wait); Spanish waits for its
 * texts so that the first screen never shows English or keys before switching.
 */
export function startI18n(): Promise<void> {
  const language = detectLanguage();
  if (language === "en") {
    if (typeof document !== "undefined") document.documentElement.lang = "en";
    return Promise.resolve();
  }
  // The browser's own language is followed, not remembered: only a choice is.
  return applyLanguage(language, { remember: false }).catch(() => undefined);
}

/** A client-side validation message in the UI's language (the domain writes them in English). */
export function localizeMessage(message: string): string {
  return currentLanguage() === "es" && spanishMessages ? spanishMessages(message) : message;
}
