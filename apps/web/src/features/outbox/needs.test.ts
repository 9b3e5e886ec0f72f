import { describe, expect, it } from "vitest";
import { inputWithNeeds, waitersOf, waitsForAnother } from "./needs";
import type { OutboxItem } from "./outboxItem";

const base = { userId: 1, label: "x", createdAt: 0, attempts: 0 };
const staged = (id: string, itemKey: string, status: OutboxItem["status"] = "pending", resultId?: number) =>
  ({
    ...base,
    id,
    path: "photos.upload",
    status,
    input: {
      record: { kind: "inspectionItem", id: null },
      staged: { itemKey },
      fileName: "a.jpg",
      keepLocation: false,
      blob: null,
      bytes: 1,
    },
    ...(resultId ? { resultId } : {}),
  }) as OutboxItem;
const inspection = (needs: string[]) =>
  ({
    ...base,
    id: "i",
    path: "inspections.create",
    status: "pending",
    needs,
    input: {
      projectId: 1,
      templateId: 2,
      answers: [
        { itemKey: "planks", value: "fail" },
        { itemKey: "guardrail", value: "fail" },
        { itemKey: "tag", value: "pass" },
      ],
      signature: "data:image/png;base64,AA",
    },
  }) as OutboxItem;
const byIdOf = (...items: OutboxItem[]) => new Map(items.map((i) => [i.id, i]));

describe("an inspection and its staged photos in the Outbox", () => {
  it("waits until every photo it needs is sent; a discarded photo no longer holds it", () => {
    const a = staged("a", "planks", "sent", 11);
    const b = staged("b", "guardrail");
    const item = inspection(["a", "b"]);
    expect(waitsForAnother(item, byIdOf(a, b, item))).toBe(true);
    expect(waitsForAnother(item, byIdOf(a, { ...b, status: "failed" }, item))).toBe(true);
    expect(waitsForAnother(item, byIdOf(a, { ...b, status: "sent", resultId: 12 }, item))).toBe(false);
    expect(waitsForAnother(item, byIdOf(a, item))).toBe(false);
  });

  it("is sent with the photos' server ids in their items' answers", () => {
    const item = inspection(["a", "b", "c"]);
    const input = inputWithNeeds(
      item,
      byIdOf(staged("a", "planks", "sent", 11), staged("b", "guardrail", "sent", 12), staged("c", "planks", "sent", 13)),
    );
    expect((input as { answers: { itemKey: string; photoIds: number[] }[] }).answers.map((a) => [a.itemKey, a.photoIds])).toEqual([
      ["planks", [11, 13]],
      ["guardrail", [12]],
      ["tag", []],
    ]);
  });

  it("names the inspection that waits for a photo; a photo for a queued report still waits on `after` alone", () => {
    const item = inspection(["a"]);
    expect(waitersOf(staged("a", "planks"), [item]).map((i) => i.id)).toEqual(["i"]);
    expect(waitersOf(staged("z", "planks"), [item])).toEqual([]);
    const report = { ...base, id: "r", path: "incidents.create", status: "pending", input: {} } as OutboxItem;
    const photo = { ...staged("p", "x"), after: "r" } as OutboxItem;
    expect(waitsForAnother(photo, byIdOf(report, photo))).toBe(true);
    expect(waitsForAnother(photo, byIdOf({ ...report, status: "sent" }, photo))).toBe(false);
    expect(inputWithNeeds(report, byIdOf(report))).toBe(report.input);
  });
});
