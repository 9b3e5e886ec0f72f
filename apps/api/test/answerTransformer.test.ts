import superjson from "superjson";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serializeAnswer } from "../src/answerTransformer.js";

// answerTransformer.ts writes the tRPC answers in superjson's format without superjson's cost. The
// web app reads them with superjson.deserialize, so each answer must be exactly what superjson
// writes: the same JSON, the same annotation paths in the same order.

const page = {
  items: [
    {
      id: 7,
      projectName: "Northgate Water Treatment Plant",
      title: 'Welding "bay" 3 — ñandú',
      hazards: [{ riskLevel: "high", description: "Struck by falling objects" }],
      submittedBy: null,
      submitterName: undefined,
      submittedAt: new Date("2026-11-23T08:03:54.981Z"),
      updatedAt: new Date("2026-11-24T10:00:00.000Z"),
      approved: false,
      score: 87.5,
    },
    { id: 8, hazards: [], submittedAt: new Date(0), tags: [undefined, "a", null] },
  ],
  total: 2,
};

const shared = { at: new Date(1) };
const sharedDate = new Date(1);
class Point {
  y = 1;
}

const sameAsSuperjson = (value: unknown) => {
  const ours = serializeAnswer(value);
  expect(JSON.stringify(ours)).toBe(JSON.stringify(superjson.serialize(value as never)));
  return ours;
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe("serializeAnswer", () => {
  it("writes a page of rows with Dates, undefined and nested arrays exactly as superjson does, without calling it", () => {
    const spy = vi.spyOn(superjson, "serialize");
    const ours = serializeAnswer(page);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
    expect(JSON.stringify(ours)).toBe(JSON.stringify(superjson.serialize(page)));
    expect(ours.meta?.values).toEqual({
      "items.0.submitterName": ["undefined"],
      "items.0.submittedAt": ["Date"],
      "items.0.updatedAt": ["Date"],
      "items.1.submittedAt": ["Date"],
      "items.1.tags.0": ["undefined"],
    });
    expect(superjson.deserialize(ours)).toEqual(page);
  });

  it.each([
    ["null", null],
    ["a string", "ok"],
    ["a number", 42],
    ["a boolean", true],
    ["an empty object", {}],
    ["an empty array", []],
    ["an array of Dates", [new Date(1), new Date(2)]],
    ["integer-like keys, which objects order first", { b: 1, 2: new Date(3), 1: "x" }],
    ["an object without a prototype", Object.assign(Object.create(null), { at: new Date(5), n: 1 })],
    ["deep nesting", { a: { b: [{ c: { d: new Date(7), e: undefined } }] } }],
    ["the dashboard's shape", { stats: { openIncidents: 3, compliance: 91 }, upcoming: [{ dueAt: new Date(9), kind: "permit" }] }],
  ])("%s: the same as superjson", (_name, value) => {
    sameAsSuperjson(value);
  });

  it.each([
    ["a Map", { m: new Map([["a", 1]]) }],
    ["a Set", { s: new Set([1]) }],
    ["a BigInt", { n: BigInt(10) }],
    ["NaN", { n: Number.NaN }],
    ["Infinity", { n: Number.POSITIVE_INFINITY }],
    ["negative zero", { n: -0 }],
    ["an invalid Date", { at: new Date("nope") }],
    ["a key with a dot", { "a.b": new Date(1), c: { "d.e": new Date(2) } }],
    ["an object met twice", { first: shared, second: shared }],
    ["a Date met twice", { a: sharedDate, b: sharedDate }],
    ["a Date as the whole answer", new Date(1)],
    ["undefined as the whole answer", undefined],
    ["a class instance", { x: new Point() }],
    ["a RegExp", { r: /a/g }],
    ["an Error", { e: new Error("boom") }],
  ])("%s: handed to superjson itself", (_name, value) => {
    const spy = vi.spyOn(superjson, "serialize");
    const ours = serializeAnswer(value);
    expect(spy).toHaveBeenCalledOnce();
    spy.mockRestore();
    expect(ours).toEqual(superjson.serialize(value as never));
  });

  it("refuses a prototype-polluting key as superjson does", () => {
    const value = JSON.parse('{"a": {"__proto__": {"polluted": true}}}');
    expect(() => serializeAnswer(value)).toThrow(/prototype pollution/);
  });
});
