import { z } from "zod";

/**
 * The languages SiteSafe speaks. English is the product's own text (every message and label is
 * written in English in this package); Spanish is a translation of it (i18n/messagesEs.ts for the
 * server's messages, the web app's locale files for its screens).
 */
export const languages = ["en", "es"] as const;
export type Language = (typeof languages)[number];
export const DEFAULT_LANGUAGE: Language = "en";

export const LANGUAGE_INVALID = "Language must be en (English) or es (Spanish)";

export const languageSchema = z.enum(languages, { error: LANGUAGE_INVALID });

/** PUT /api/user/language and auth.setLanguage: `{ "language": "es" }`. */
export const setLanguageSchema = z.object({ language: languageSchema });
export type SetLanguageInput = z.infer<typeof setLanguageSchema>;

export const isLanguage = (value: unknown): value is Language => (languages as readonly unknown[]).includes(value);

/**
 * The preferred supported language of an `Accept-Language` header (RFC 9110: language ranges with
 * optional q-values, "es-MX;q=0.8"), or null when it names none we speak. Ties keep the header's
 * order; q=0 means "not this one"; "*" matches English.
 */
export function languageFromAcceptHeader(header: string | null | undefined): Language | null {
  if (!header) return null;
  let best: { language: Language; q: number; index: number } | null = null;
  const ranges = header.split(",").slice(0, 50);
  ranges.forEach((range, index) => {
    const [tag = "", ...params] = range.trim().split(";");
    const primary = tag.trim().toLowerCase().split("-")[0] ?? "";
    const language: Language | null = primary === "*" ? DEFAULT_LANGUAGE : isLanguage(primary) ? primary : null;
    if (!language) return;
    let q = 1;
    for (const param of params) {
      const [name, value] = param.trim().split("=");
      if (name?.trim().toLowerCase() === "q")
        q = value !== undefined && /^\s*(0(\.\d{0,3})?|1(\.0{0,3})?)\s*$/.test(value) ? Number(value) : 0;
    }
    if (q <= 0) return;
    if (!best || q > best.q) best = { language, q, index };
  });
  return (best as { language: Language } | null)?.language ?? null;
}
