import { createHash, type Hash } from "node:crypto";
import { compliance, type Database, idempotency } from "@sitesafe/db";
import { AppError } from "@sitesafe/domain";
import type { Kysely, Transaction } from "kysely";
import superjson from "superjson";
import type { Context } from "../context.js";
import { FiguresCache } from "../figuresCache.js";

/**
 * Idempotent creates (docs/decisions/0111-offline-outbox-and-idempotency.md). A create called with
 * an `Idempotency-Key` runs in one transaction with the key's row: the first request inserts the
 * row, creates the record and stores its answer, and commits all three together. A copy arriving
 * meanwhile waits on the row's unique key, then finds the stored answer and returns it; a failed
 * create rolls the row back too, so a retry runs again. Keys are per user and kept 24 hours.
 */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_KEY_INVALID = "Idempotency-Key must be 1 to 255 visible characters";
export const IDEMPOTENCY_KEY_REUSED = "This Idempotency-Key was already used for a different request. Use a new key for a new request.";

const VALID_KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * Wraps a create's resolver: `.mutation(once(async ({ ctx, input }) => ...))`. Without a key, or
 * with no one signed in, it simply runs.
 */
export function once<Opts extends { ctx: Context; input: unknown; path: string }, T>(
  resolve: (opts: Opts) => Promise<T>,
): (opts: Opts) => Promise<T> {
  return async (opts) => {
    const { ctx } = opts;
    const key = ctx.idempotencyKey;
    if (key == null || !ctx.actor) return resolve(opts);
    if (!VALID_KEY.test(key)) throw new AppError("BAD_REQUEST", IDEMPOTENCY_KEY_INVALID);
    const userId = ctx.actor.userId;
    const fingerprint = fingerprintOf(opts.path, opts.input);
    return ctx.db.transaction().execute(async (trx) => {
      if (!(await idempotency.claimKey(trx, { userId, key, fingerprint, ttlMs: IDEMPOTENCY_TTL_MS }))) {
        const first = await idempotency.findKey(trx, userId, key);
        if (!first || first.fingerprint !== fingerprint) throw new AppError("CONFLICT", IDEMPOTENCY_KEY_REUSED);
        // The row and its answer commit together, so a visible row always has its answer.
        return (superjson.parse(first.answer ?? "null") as { value: T }).value;
      }
      const result = await resolve({ ...opts, ctx: insideTransaction(ctx, trx) });
      await idempotency.storeAnswer(trx, userId, key, superjson.stringify({ value: result }));
      return result;
    });
  };
}

/**
 * Whether this request's Idempotency-Key already has a stored answer for the signed-in user: a
 * retry that `once` will answer from memory. A check made before a create's body is read (the
 * photo upload's "at most 10") must not refuse such a retry: the record may be full with the very
 * photo the first request stored.
 */
export async function answeredBefore(ctx: Pick<Context, "db" | "actor" | "idempotencyKey">): Promise<boolean> {
  const key = ctx.idempotencyKey;
  if (key == null || !ctx.actor || !VALID_KEY.test(key)) return false;
  return (await idempotency.findKey(ctx.db, ctx.actor.userId, key))?.answer != null;
}

/** Deletes expired keys; the server runs it hourly. */
export function deleteExpiredKeys(db: Kysely<Database>): Promise<number> {
  return idempotency.deleteExpiredKeys(db, IDEMPOTENCY_TTL_MS);
}

/** The procedure and its validated input, hashed; bytes (uploads) are hashed as they are. */
function fingerprintOf(path: string, input: unknown): string {
  const hash = createHash("sha256").update(path).update("\0");
  feed(hash, input);
  return hash.digest("base64url");
}

function feed(hash: Hash, value: unknown): void {
  if (value instanceof Uint8Array) {
    hash.update(`b${value.byteLength}:`).update(value);
  } else if (value instanceof Date) {
    hash.update(`d${value.toISOString()}`);
  } else if (Array.isArray(value)) {
    hash.update("[");
    for (const item of value) {
      feed(hash, item);
      hash.update(",");
    }
    hash.update("]");
  } else if (value !== null && typeof value === "object") {
    hash.update("{");
    const record = value as Record<string, unknown>;
    for (const name of Object.keys(record).sort()) {
      if (record[name] === undefined) continue;
      hash.update(`${JSON.stringify(name)}:`);
      feed(hash, record[name]);
      hash.update(",");
    }
    hash.update("}");
  } else {
    hash.update(value === undefined ? "u" : JSON.stringify(value));
  }
}

/**
 * The context a create runs with inside the key's transaction: every read and write goes through
 * that transaction (the embedded database has one connection, so a read outside it would wait for
 * it forever), and the create's own `db.transaction()` joins it instead of nesting.
 */
function insideTransaction(ctx: Context, trx: Transaction<Database>): Context {
  const db = joinedTransaction(trx);
  return {
    ...ctx,
    db,
    // Inside the create's transaction nothing is taken from or put in the server's figures cache.
    figures: new FiguresCache(0),
    projectFigures: compliance.projectFiguresOf(db),
    workerCompliance: compliance.workerComplianceOfIds(db),
  };
}

function joinedTransaction(trx: Transaction<Database>): Kysely<Database> {
  const builder = {
    execute: <R>(run: (t: Kysely<Database>) => Promise<R>) => run(joined),
    setIsolationLevel: () => builder,
    setAccessMode: () => builder,
  };
  const joined: Kysely<Database> = new Proxy(trx, {
    get(target, property) {
      if (property === "transaction") return () => builder;
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return joined;
}
