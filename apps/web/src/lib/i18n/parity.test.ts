import { describe, expect, it } from "vitest";
import { englishLocales as english, flattenLocale as flatten, spanishLocales as spanish } from "./localeFiles";

// Every text exists in both languages, with the same interpolation variables: a key missing in
// Spanish would show English in the middle of a Spanish screen, and a renamed {{variable}} would
// show the raw placeholder. Checks every feature's locales/en.ts against its locales/es.ts.
const variables = (text: unknown) => [...String(text).matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

const folders = [
  ...new Set([...Object.keys(english), ...Object.keys(spanish)].map((path) => path.replace(/\/locales\/(en|es)\.ts$/, ""))),
].sort();

describe("locales: the same keys in English and Spanish", () => {
  it("finds the locale files", () => {
    expect(folders.length).toBeGreaterThan(0);
  });

  for (const folder of folders) {
    describe(folder, () => {
      const en = english[`${folder}/locales/en.ts`];
      const es = spanish[`${folder}/locales/es.ts`];

      it("has both languages", () => {
        expect(en, `${folder}/locales/en.ts is missing`).toBeDefined();
        expect(es, `${folder}/locales/es.ts is missing`).toBeDefined();
      });

      it("has the same namespaces, keys and interpolation variables", () => {
        if (!en || !es) return;
        expect(Object.keys(es.default).sort()).toEqual(Object.keys(en.default).sort());
        const enTexts = flatten(en.default);
        const esTexts = flatten(es.default);
        const missingInSpanish = [...enTexts.keys()].filter((k) => !esTexts.has(k));
        const missingInEnglish = [...esTexts.keys()].filter((k) => !enTexts.has(k));
        expect(missingInSpanish, "keys only in English").toEqual([]);
        expect(missingInEnglish, "keys only in Spanish").toEqual([]);
        const differing = [...enTexts.keys()]
          .filter((k) => esTexts.has(k) && variables(enTexts.get(k)).join() !== variables(esTexts.get(k)).join())
          .map((k) => `${k}: ${variables(enTexts.get(k)).join()} vs ${variables(esTexts.get(k)).join()}`);
        expect(differing, "interpolation variables differ").toEqual([]);
        const empty = [...esTexts.entries()].filter(([, text]) => typeof text !== "string" || text.trim() === "").map(([k]) => k);
        expect(empty, "empty or non-text Spanish entries").toEqual([]);
      });
    });
  }
});

describe("parity check itself", () => {
  it("reads nested keys and variables", () => {
    expect([...flatten({ a: { b: "x", c: { d: "y" } } }).keys()]).toEqual(["a.b", "a.c.d"]);
    expect(variables("Welcome, {{name}}! {{count, number}}")).toEqual(["count", "name"]);
  });
});
