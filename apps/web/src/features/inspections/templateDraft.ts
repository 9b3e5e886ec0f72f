import type { ActionPriority, InspectionItemType, TemplateContent } from "@sitesafe/domain";

/**
 * The template editor's values (TemplateEditorPage.tsx) and how they become a template's sections.
 * An item keeps its key from version to version, so answers to it stay comparable across versions
 * (docs/product.md, "Inspections and corrective actions"); a new item gets a key made from its
 * text when the template is saved, unique in the template.
 */

export interface ItemDraft {
  /** The editor's own id of the row (React keys), never sent. */
  uid: string;
  /** The item's key in earlier versions; "" for an item added in this edit. */
  key: string;
  text: string;
  type: InspectionItemType;
  weight: number | string;
  priority: ActionPriority;
  photoRequiredOnFail: boolean;
  note: string;
  min: number | string;
  max: number | string;
  unit: string;
}

export interface SectionDraft {
  uid: string;
  title: string;
  items: ItemDraft[];
}

export interface TemplateDraft {
  name: string;
  sections: SectionDraft[];
}

let counter = 0;
const uid = () => `d${++counter}`;

export function newItem(): ItemDraft {
  return {
    uid: uid(),
    key: "",
    text: "",
    type: "passFail",
    weight: 1,
    priority: "medium",
    photoRequiredOnFail: false,
    note: "",
    min: "",
    max: "",
    unit: "",
  };
}

export function newSection(title = ""): SectionDraft {
  return { uid: uid(), title, items: [newItem()] };
}

/** A stored version's sections as the editor's values. */
export function draftOf(name: string, sections: TemplateContent): TemplateDraft {
  return {
    name,
    sections: sections.map((section) => ({
      uid: uid(),
      title: section.title,
      items: section.items.map((item) => ({
        uid: uid(),
        key: item.key,
        text: item.text,
        type: item.type,
        weight: item.weight,
        priority: item.priority,
        photoRequiredOnFail: item.photoRequiredOnFail,
        note: item.note ?? "",
        min: item.min ?? "",
        max: item.max ?? "",
        unit: item.unit ?? "",
      })),
    })),
  };
}

/** Up to 40 lowercase letters, digits and dashes from a text ("Guardrails in place" → "guardrails-in-place"). */
export function slugOf(text: string): string {
  const slug = text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
  return slug || "item";
}

/** A key for a new item: its text's slug, made unique among `taken` with -2, -3, ... */
export function uniqueKey(text: string, taken: ReadonlySet<string>): string {
  const base = slugOf(text);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, 40 - suffix.length).replace(/-+$/, "")}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

const numberOrNull = (value: number | string): number | null => {
  if (value === "" || value === null || value === undefined) return null;
  const n = typeof value === "number" ? value : Number(value);
  return Number.isFinite(n) ? n : null;
};

/**
 * The sections to send: existing items with their keys, new ones with keys made from their text
 * (unique among every key of the template, the kept ones first), number limits only on number items.
 */
export function sectionsOf(draft: TemplateDraft) {
  const taken = new Set(draft.sections.flatMap((s) => s.items.map((i) => i.key)).filter((k) => k !== ""));
  return draft.sections.map((section) => ({
    title: section.title,
    items: section.items.map((item) => {
      let key = item.key;
      if (key === "") {
        key = uniqueKey(item.text, taken);
        taken.add(key);
      }
      const number = item.type === "number";
      return {
        key,
        text: item.text,
        type: item.type,
        weight: item.weight === "" ? Number.NaN : Number(item.weight),
        priority: item.priority,
        photoRequiredOnFail: item.type === "text" ? false : item.photoRequiredOnFail,
        note: item.note.trim() === "" ? null : item.note,
        min: number ? numberOrNull(item.min) : null,
        max: number ? numberOrNull(item.max) : null,
        unit: number && item.unit.trim() !== "" ? item.unit : null,
      };
    }),
  }));
}

/** Moves the element at `from` one place up (-1) or down (+1); the same array when it cannot move. */
export function moved<T>(list: readonly T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[from], next[to]] = [next[to] as T, next[from] as T];
  return next;
}
