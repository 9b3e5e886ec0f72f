import { describe, expect, it } from "vitest";
import {
  ANSWER_INVALID,
  ANSWER_MISSING,
  ANSWER_UNKNOWN_ITEM,
  answerOutcome,
  checkAnswers,
  createTemplateSchema,
  INSPECTED_AT_FUTURE,
  INSPECTED_AT_TOO_OLD,
  INSPECTION_PHOTO_LIMIT_REACHED,
  INSPECTION_PHOTO_TWICE,
  inspectedAtIssue,
  inspectionSchema,
  itemsMissingPhoto,
  schedulePeriods,
  scheduleStatus,
  scoreInspection,
  TEMPLATE_ITEM_KEYS_UNIQUE,
  type TemplateContent,
  templateContentSchema,
} from "./inspections.js";
import { INSPECTION_ITEM_PHOTO_LIMIT_REACHED } from "./photoLimits.js";

const content: TemplateContent = templateContentSchema.parse([
  {
    title: "Platform",
    items: [
      { key: "planks", text: "Planks fully decked", weight: 3 },
      { key: "guardrail", text: "Guardrails at 42 in", weight: 2 },
      { key: "toe-board", text: "Toe boards in place", weight: 1 },
    ],
  },
  {
    title: "Access",
    items: [
      { key: "ladder", text: "Ladder access provided", type: "yesNo", weight: 4 },
      { key: "height", text: "Height to base ratio", type: "number", max: 4, weight: 2 },
      { key: "comment", text: "Other remarks", type: "text" },
    ],
  },
]);

describe("scoreInspection (hand-checked)", () => {
  it("is the weights passed over the weights passed or failed", () => {
    // passed: planks 3 + ladder 4 = 7; failed: guardrail 2 + toe board 1 + height 2 = 5; 7 / 12 = 58.33 %
    const score = scoreInspection(content, [
      { itemKey: "planks", outcome: "pass" },
      { itemKey: "guardrail", outcome: "fail" },
      { itemKey: "toe-board", outcome: "fail" },
      { itemKey: "ladder", outcome: "pass" },
      { itemKey: "height", outcome: "fail" },
      { itemKey: "comment", outcome: "na" },
    ]);
    expect(score).toEqual({ score: 58.33, passedCount: 2, failedCount: 3, naCount: 1 });
  });

  it("leaves N/A items out of both sides", () => {
    // guardrail and height N/A: passed 3 + 4 = 7 of 3 + 1 + 4 = 8: 87.5 %
    const score = scoreInspection(content, [
      { itemKey: "planks", outcome: "pass" },
      { itemKey: "guardrail", outcome: "na" },
      { itemKey: "toe-board", outcome: "fail" },
      { itemKey: "ladder", outcome: "pass" },
      { itemKey: "height", outcome: "na" },
    ]);
    expect(score.score).toBe(87.5);
    expect(score.naCount).toBe(3);
  });

  it("is null when nothing applies, 100 when all pass", () => {
    expect(scoreInspection(content, []).score).toBeNull();
    const all = ["planks", "guardrail", "toe-board", "ladder", "height"].map((itemKey) => ({ itemKey, outcome: "pass" as const }));
    expect(scoreInspection(content, all).score).toBe(100);
  });
});

describe("answers", () => {
  it("turns values into outcomes by item type", () => {
    expect(answerOutcome({ type: "passFail", min: null, max: null }, "fail")).toBe("fail");
    expect(answerOutcome({ type: "passFail", min: null, max: null }, "yes")).toBeNull();
    expect(answerOutcome({ type: "yesNo", min: null, max: null }, "no")).toBe("fail");
    expect(answerOutcome({ type: "number", min: 1, max: 4 }, 4)).toBe("pass");
    expect(answerOutcome({ type: "number", min: 1, max: 4 }, 4.5)).toBe("fail");
    expect(answerOutcome({ type: "number", min: 1, max: 4 }, 0)).toBe("fail");
    expect(answerOutcome({ type: "number", min: 1, max: 4 }, "abc")).toBeNull();
    expect(answerOutcome({ type: "text", min: null, max: null }, "all good")).toBe("na");
  });

  it("refuses a missing item, an unknown one and a value that does not fit", () => {
    const missing = checkAnswers(content, [{ itemKey: "planks", value: "pass", note: null }]);
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.issues[0]?.message).toBe(ANSWER_MISSING);
    const unknown = checkAnswers(content, [{ itemKey: "nope", value: "pass", note: null }]);
    if (!unknown.ok) expect(unknown.issues[0]).toEqual({ path: "answers.0.itemKey", message: ANSWER_UNKNOWN_ITEM });
    const invalid = checkAnswers(content, [{ itemKey: "ladder", value: "pass", note: null }]);
    if (!invalid.ok) expect(invalid.issues[0]).toEqual({ path: "answers.0.value", message: ANSWER_INVALID });
  });

  it("accepts a whole set, text items optional", () => {
    const result = checkAnswers(
      content,
      ["planks", "guardrail", "toe-board"]
        .map((itemKey) => ({ itemKey, value: "na", note: null }) as const)
        .concat([{ itemKey: "ladder", value: "yes", note: null } as never, { itemKey: "height", value: 5, note: "too tall" } as never]),
    );
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.answers.find((a) => a.itemKey === "height")?.outcome).toBe("fail");
  });
});

describe("template schemas", () => {
  it("refuses two items with one key and a copy without sections is fine", () => {
    const twice = templateContentSchema.safeParse([
      {
        title: "A",
        items: [
          { key: "x", text: "X" },
          { key: "x", text: "Y" },
        ],
      },
    ]);
    expect(twice.success).toBe(false);
    expect(twice.error?.issues[0]?.message).toBe(TEMPLATE_ITEM_KEYS_UNIQUE);
    expect(createTemplateSchema.safeParse({ name: "Copy", copyOf: 3 }).success).toBe(true);
    expect(createTemplateSchema.safeParse({ name: "Empty" }).success).toBe(false);
  });
});

describe("schedulePeriods", () => {
  it("daily: today is due, days without an inspection are missed", () => {
    const periods = schedulePeriods({ frequency: "daily", startsOn: "2026-11-20" }, ["2026-11-24", "2026-11-26"], "2026-11-27");
    expect(periods.map((p) => `${p.start}:${p.state}`)).toEqual([
      "2026-11-27:due",
      "2026-11-26:done",
      "2026-11-25:missed",
      "2026-11-24:done",
      "2026-11-23:missed",
      "2026-11-22:missed",
      "2026-11-21:missed",
      "2026-11-20:missed",
    ]);
    expect(scheduleStatus(periods)).toEqual({ scheduled: 7, done: 2, missed: 5 });
  });

  it("weekly: ISO weeks from Monday, bounded by the window", () => {
    const periods = schedulePeriods({ frequency: "weekly", startsOn: "2026-01-01" }, ["2026-11-18"], "2026-11-27", 21);
    expect(periods.map((p) => `${p.start}:${p.state}`)).toEqual([
      "2026-11-23:due",
      "2026-11-16:done",
      "2026-11-09:missed",
      "2026-11-02:missed",
    ]);
  });
});

describe("inspectedAtIssue", () => {
  const now = new Date("2027-03-10T12:00:00Z");
  it("takes 5 minutes ahead and 7 days back, to the millisecond", () => {
    expect(inspectedAtIssue(new Date("2027-03-10T12:05:00.000Z"), now)).toBeNull();
    expect(inspectedAtIssue(new Date("2027-03-10T12:05:00.001Z"), now)).toBe(INSPECTED_AT_FUTURE);
    expect(inspectedAtIssue(new Date("2027-03-03T12:00:00.000Z"), now)).toBeNull();
    expect(inspectedAtIssue(new Date("2027-03-03T11:59:59.999Z"), now)).toBe(INSPECTED_AT_TOO_OLD);
  });
});

describe("photo required on fail", () => {
  const withPhotoRule: TemplateContent = templateContentSchema.parse([
    {
      title: "Platform",
      items: [
        { key: "planks", text: "Planks fully decked", photoRequiredOnFail: true },
        { key: "guardrail", text: "Guardrails at 42 in" },
        { key: "tag", text: "Scaffold tag green", type: "yesNo", photoRequiredOnFail: true },
      ],
    },
  ]);

  it("names each failed item that needs a photo and has none, in the template's order", () => {
    expect(
      itemsMissingPhoto(withPhotoRule, [
        { itemKey: "tag", outcome: "fail", photoCount: 0 },
        { itemKey: "guardrail", outcome: "fail", photoCount: 0 },
        { itemKey: "planks", outcome: "fail", photoCount: 0 },
      ]),
    ).toEqual(["planks", "tag"]);
  });

  it("a photo, a pass, an N/A or no answer yet satisfies it", () => {
    expect(
      itemsMissingPhoto(withPhotoRule, [
        { itemKey: "planks", outcome: "fail", photoCount: 1 },
        { itemKey: "tag", outcome: "pass", photoCount: 0 },
      ]),
    ).toEqual([]);
    expect(itemsMissingPhoto(withPhotoRule, [{ itemKey: "tag", outcome: "na", photoCount: 0 }])).toEqual([]);
    expect(itemsMissingPhoto(withPhotoRule, [{ itemKey: "planks", outcome: null, photoCount: 0 }])).toEqual([]);
  });
});

describe("photo ids of an inspection's answers", () => {
  const base = { projectId: 1, templateId: 1, signature: "data:image/png;base64,AAAA" };
  const message = (input: unknown) => inspectionSchema.safeParse(input).error?.issues[0]?.message;

  it("defaults to none, takes five per item and thirty per inspection, each photo once", () => {
    expect(inspectionSchema.parse({ ...base, answers: [{ itemKey: "planks", value: "fail" }] }).answers[0]?.photoIds).toEqual([]);
    expect(message({ ...base, answers: [{ itemKey: "planks", value: "fail", photoIds: [1, 2, 3, 4, 5, 6] }] })).toBe(
      INSPECTION_ITEM_PHOTO_LIMIT_REACHED,
    );
    const seven = Array.from({ length: 7 }, (_, i) => ({
      itemKey: `item-${i}`,
      value: "fail",
      photoIds: [1, 2, 3, 4, 5].map((n) => i * 5 + n),
    }));
    expect(message({ ...base, answers: seven.slice(0, 6) })).toBeUndefined();
    expect(message({ ...base, answers: seven })).toBe(INSPECTION_PHOTO_LIMIT_REACHED);
    expect(
      message({
        ...base,
        answers: [
          { itemKey: "planks", value: "fail", photoIds: [9] },
          { itemKey: "guardrail", value: "fail", photoIds: [9] },
        ],
      }),
    ).toBe(INSPECTION_PHOTO_TWICE);
  });
});
