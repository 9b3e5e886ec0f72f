import { knownMessages, translateMessage } from "@sitesafe/domain/i18n/messagesEs";
import { describe, expect, it } from "vitest";
import { englishLocales, flattenLocale, spanishLocales } from "./localeFiles";

// The Spanish glossary (docs/glossary-es.md), checked on every text of the web app (each
// feature's locales/en.ts against its locales/es.ts) and every server message
// (packages/domain/src/i18n/messagesEs.ts): "hazard" is "peligro", "risk" is "riesgo", never
// one for the other, so a JHA never shows "Riesgo 1" above "Nivel de riesgo" again (issue #37).
/** Only the texts (a leaf that is not a string is no text). */
const texts = (locale: Record<string, unknown>) =>
  new Map([...flattenLocale(locale)].filter((entry): entry is [string, string] => typeof entry[1] === "string"));

/** The glossary's rules for one English text and its Spanish: the broken rules, empty when it reads right. */
export function glossaryProblems(en: string, es: string): string[] {
  const problems: string[] = [];
  const hazard = /hazard/i.test(en);
  const risk = /\brisk/i.test(en);
  if (hazard && !/peligr/i.test(es)) problems.push(`"hazard" must be "peligro": ${JSON.stringify(es)}`);
  if (hazard && !risk && /riesgo/i.test(es)) problems.push(`"hazard" translated as "riesgo": ${JSON.stringify(es)}`);
  if (risk && !/riesgo/i.test(es)) problems.push(`"risk" must be "riesgo": ${JSON.stringify(es)}`);
  if (risk && !hazard && /peligr/i.test(es)) problems.push(`"risk" translated as "peligro": ${JSON.stringify(es)}`);
  return problems;
}

/** Every English text with its Spanish: "<file> <key>" -> [en, es]. */
function pairs(): [string, string, string][] {
  const out: [string, string, string][] = [];
  for (const [path, en] of Object.entries(englishLocales)) {
    const es = spanishLocales[path.replace(/en\.ts$/, "es.ts")];
    if (!es) continue;
    const spanishTexts = texts(es.default);
    for (const [key, text] of texts(en.default)) {
      const translated = spanishTexts.get(key);
      if (translated !== undefined) out.push([`${path} ${key}`, text, translated]);
    }
  }
  for (const message of knownMessages) out.push([`messagesEs ${message}`, message, translateMessage(message)]);
  return out;
}

describe("Spanish glossary (docs/glossary-es.md)", () => {
  it("catches the mistake it is for", () => {
    expect(glossaryProblems("Hazard {{n}}", "Riesgo {{n}}")).toHaveLength(2);
    expect(glossaryProblems("Risk Level", "Nivel de peligro")).toHaveLength(2);
    expect(glossaryProblems("Hazard {{n}}", "Peligro {{n}}")).toEqual([]);
    expect(glossaryProblems("Choose the risk level of each hazard", "Elija el nivel de riesgo de cada peligro")).toEqual([]);
  });

  it("reads every text of the app and the server's messages", () => {
    const all = pairs();
    expect(all.length).toBeGreaterThan(1000);
    expect(all.filter(([, en]) => /hazard/i.test(en)).length).toBeGreaterThan(20);
  });

  it('never translates "hazard" as "riesgo" nor "risk" as "peligro"', () => {
    const problems = pairs().flatMap(([where, en, es]) => glossaryProblems(en, es).map((p) => `${where}: ${p}`));
    expect(problems).toEqual([]);
  });
});
