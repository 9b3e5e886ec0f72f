import superjson, { type SuperJSONResult } from "superjson";

/**
 * The tRPC answers' serializer: superjson's format, written faster (docs/decisions/performance.md,
 * "The web app's answers: superjson's format, written faster"; docs/decisions/0127-answer-serializer.md).
 *
 * The web app reads every tRPC answer with `superjson.deserialize` (apps/web/src/lib/trpc.ts), so
 * Dates arrive as Dates. Writing them with `superjson.serialize` cost 2.5 ms for a page of 50 JHA
 * forms, nine times `JSON.stringify` of the same rows, and was the largest single cost of the web
 * app's list screens on the server: superjson checks every value against each of its types and
 * rebuilds paths as arrays at every level.
 *
 * What the server answers is plain: objects, arrays, strings, finite numbers, booleans, null,
 * undefined and Dates. `serializeAnswer` writes exactly those in one pass, producing the same
 * result superjson would (`{ json, meta: { values } }`, the same paths in the same order), and
 * hands anything else to superjson itself: a Map, Set, BigInt, RegExp, Error or class instance,
 * a NaN, infinite or negative-zero number, an invalid Date, a key with a dot (superjson escapes
 * those inconsistently between levels), a Date or undefined as the whole answer, or an object met
 * twice (superjson records it as a referential equality). `answerTransformer.test.ts` compares the
 * two on every kind of value.
 */
export function serializeAnswer(value: unknown): SuperJSONResult {
  // superjson's annotation tree, flat: a path and the one type at it ("Date" or "undefined").
  const values: Record<string, ["Date" | "undefined"]> = {};
  const seen = new Set<object>();
  let annotated = false;

  // The value as JSON writes it; Dates and undefined noted at their path. Throws NOT_PLAIN for
  // anything superjson would write differently.
  const walk = (v: unknown, path: string): unknown => {
    switch (typeof v) {
      case "string":
      case "boolean":
        return v;
      case "number":
        if (!Number.isFinite(v) || Object.is(v, -0)) throw NOT_PLAIN;
        return v;
      case "undefined":
        if (path === "") throw NOT_PLAIN;
        values[path] = ["undefined"];
        annotated = true;
        return null;
      case "object": {
        if (v === null) return null;
        if (seen.has(v)) throw NOT_PLAIN;
        seen.add(v);
        if (v instanceof Date) {
          const time = v.getTime();
          if (path === "" || Number.isNaN(time)) throw NOT_PLAIN;
          values[path] = ["Date"];
          annotated = true;
          return v.toISOString();
        }
        const prefix = path === "" ? "" : `${path}.`;
        if (Array.isArray(v)) {
          const out = new Array(v.length);
          for (let i = 0; i < v.length; i++) out[i] = walk(v[i], prefix + i);
          return out;
        }
        const proto = Object.getPrototypeOf(v);
        if (proto !== Object.prototype && proto !== null) throw NOT_PLAIN;
        const out: Record<string, unknown> = {};
        for (const key in v) {
          if (key.includes(".") || key === "__proto__" || key === "constructor" || key === "prototype") throw NOT_PLAIN;
          out[key] = walk((v as Record<string, unknown>)[key], prefix + key);
        }
        return out;
      }
      default:
        throw NOT_PLAIN;
    }
  };

  try {
    const json = walk(value, "") as SuperJSONResult["json"];
    return annotated ? { json, meta: { values } } : { json };
  } catch (error) {
    if (error === NOT_PLAIN) return superjson.serialize(value);
    throw error;
  }
}

/** Thrown (never outside this module) when a value needs superjson itself. */
const NOT_PLAIN = new Error("not a plain answer");

/** tRPC's transformer: inputs read by superjson as before, answers written by `serializeAnswer`. */
export const answerTransformer = {
  input: superjson,
  output: { serialize: serializeAnswer, deserialize: (value: SuperJSONResult) => superjson.deserialize(value) },
};
