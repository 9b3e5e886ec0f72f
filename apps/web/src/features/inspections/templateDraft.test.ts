import { templateContentSchema } from "@sitesafe/domain";
import { describe, expect, it } from "vitest";
import { draftOf, moved, newItem, sectionsOf, slugOf, uniqueKey } from "./templateDraft";

describe("template editor keys", () => {
  it("makes a key from the text: lowercase, no accents, dashes, at most 40 characters", () => {
    expect(slugOf("Guardrails in place")).toBe("guardrails-in-place");
    expect(slugOf("¿Andamio nivelado y aplomado?")).toBe("andamio-nivelado-y-aplomado");
    expect(slugOf("!!!")).toBe("item");
    expect(slugOf("a".repeat(60))).toHaveLength(40);
  });

  it("never reuses a key taken in the template", () => {
    expect(uniqueKey("Planks", new Set(["planks"]))).toBe("planks-2");
    expect(uniqueKey("Planks", new Set(["planks", "planks-2"]))).toBe("planks-3");
    expect(uniqueKey("b".repeat(50), new Set(["b".repeat(40)]))).toBe(`${"b".repeat(38)}-2`);
  });

  it("keeps the keys of existing items and gives new ones keys that fit the template's schema", () => {
    const draft = draftOf("Check", [
      {
        title: "Deck",
        items: [
          {
            key: "planks",
            text: "Planks renamed",
            type: "passFail",
            weight: 3,
            photoRequiredOnFail: false,
            priority: "high",
            note: null,
            min: null,
            max: null,
            unit: null,
          },
        ],
      },
    ]);
    const section = draft.sections[0];
    if (!section) throw new Error("no section");
    section.items.push(
      { ...newItem(), text: "Planks renamed" },
      { ...newItem(), text: "Pressure", type: "number", min: 2, max: "", unit: "bar" },
    );
    const sections = sectionsOf(draft);
    expect(sections[0]?.items.map((i) => i.key)).toEqual(["planks", "planks-renamed", "pressure"]);
    expect(sections[0]?.items[2]).toMatchObject({ min: 2, max: null, unit: "bar" });
    expect(templateContentSchema.safeParse(sections).success).toBe(true);
  });

  it("moves a row up or down, and not past either end", () => {
    expect(moved(["a", "b", "c"], 1, -1)).toEqual(["b", "a", "c"]);
    expect(moved(["a", "b", "c"], 2, 1)).toEqual(["a", "b", "c"]);
  });
});
