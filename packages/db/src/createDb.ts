import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import {
  CamelCasePlugin,
  Kysely,
  type KyselyConfig,
  type LogConfig,
  Migrator,
  type PluginTransformResultArgs,
  PostgresDialect,
  type QueryResult,
  sql,
  type UnknownRow,
} from "kysely";
import pg from "pg";
import Cursor from "pg-cursor";
import { migrations } from "./migrations/index.js";
import { parseTimestamptz } from "./timestamps.js";
import type { Database } from "./types.js";

export type DbKind = "postgres" | "pglite";

export interface DbHandle {
  db: Kysely<Database>;
  kind: DbKind;
  /** The embedded database itself, when kind is "pglite" (dumps, backups, fault tests). */
  pglite?: PGlite;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface CreateDbOptions {
  /** PostgreSQL connection string. Unset: embedded PGlite. */
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files. Unset with no databaseUrl: in memory. */
  dataDir?: string | undefined;
  /** A PGlite data directory dump to start from (test templates). */
  loadDataDir?: Blob | undefined;
  /** Kysely's log hook (query counting, slow-query logging). */
  log?: LogConfig | undefined;
  /** Called when the PostgreSQL pool reports an idle-client error (the server went away). */
  onPoolError?: ((error: Error) => void) | undefined;
  /** Pool size for PostgreSQL. */
  maxConnections?: number | undefined;
  /**
   * Measuring only (`DB_STOCK`, bench/mixed.ts): run without some of the tuning below, to check
   * that each still pays against stock Kysely and pg (docs/decisions/0113-read-memory-one-module.md).
   */
  stock?: ReadonlySet<DbTuning> | undefined;
}

/** The three pieces of driver tuning below, each of which `stock` can leave out. */
export const DB_TUNINGS = ["timestamps", "prepare", "camel"] as const;
export type DbTuning = (typeof DB_TUNINGS)[number];

const OID = { INT8: 20, NUMERIC: 1700, DATE: 1082, TIMESTAMPTZ: 1184 } as const;

/**
 * Counts and averages come back as int8/numeric; ids and percentages fit a JS number, so read them
 * as numbers. Date-only columns stay "YYYY-MM-DD" strings: turning them into Date objects would
 * shift them by the server's time zone. Timestamps are read by a faster parser (timestamps.ts).
 */
function pgTypes(stockTimestamps: boolean) {
  return {
    getTypeParser(oid: number, format?: "text" | "binary") {
      if (oid === OID.INT8 || oid === OID.NUMERIC) return (value: string) => Number(value);
      if (oid === OID.DATE) return (value: string) => value;
      if (oid === OID.TIMESTAMPTZ && format !== "binary" && !stockTimestamps) return parseTimestamptz;
      // biome-ignore lint/suspicious/noExplicitAny: pg's overloaded signature
      return pg.types.getTypeParser(oid as any, format as any);
    },
  };
}

/** How many named statements one connection keeps; past this, statements run unnamed. */
export const PREPARED_STATEMENTS_PER_CONNECTION = 500;

/**
 * Makes a connection prepare each parameterised statement once and reuse it (docs/decisions/performance.md). Kysely
 * sends every query unnamed, so PostgreSQL parsed and planned the same text again on every
 * request: planning a 5-table join costs more than running it for one id. A statement is named
 * after a hash of its text, so the same query on the same connection reuses its plan; PostgreSQL
 * still re-plans when the statistics or schema change, and its plan cache chooses custom plans
 * where the values matter. Statements without parameters (migrations, scripts with several
 * commands) keep pg's simple protocol. The count is bounded per connection.
 */
function prepareRepeatedStatements(client: pg.PoolClient): void {
  const names = new Map<string, string>();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (text: unknown, values?: unknown, callback?: unknown) => {
    if (typeof text !== "string" || !Array.isArray(values) || values.length === 0 || callback !== undefined) {
      return query(text, values, callback);
    }
    let name = names.get(text);
    if (!name && names.size < PREPARED_STATEMENTS_PER_CONNECTION) {
      name = `k${createHash("sha1").update(text).digest("base64url")}`;
      names.set(text, name);
    }
    return name ? query({ name, text, values }) : query(text, values);
  };
}

/**
 * snake_case columns in SQL, camelCase in TypeScript, as CamelCasePlugin does, with a leaner
 * answer side (docs/decisions/performance.md). The stock plugin rebuilds every row key by key and walks into JSON
 * values too: ~0.3 ms of a 50-row page on the benchmark machine, the biggest single cost after
 * the driver's own parsing. Every row of one answer has the same columns, so the names are
 * converted once per answer, and JSON values (hazards, precautions, contact details) are left as
 * stored: their keys are the application's own, not column names.
 */
class CamelCaseColumns extends CamelCasePlugin {
  override async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const rows = args.result.rows;
    const first = rows?.[0];
    if (!first) return args.result;
    const columns = Object.keys(first);
    const names = columns.map((column) => this.camelCase(column));
    if (columns.every((column, i) => column === names[i])) return args.result;
    const renamed = new Array<UnknownRow>(rows.length);
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r] as UnknownRow;
      const out: UnknownRow = {};
      for (let c = 0; c < columns.length; c++) out[names[c] as string] = row[columns[c] as string];
      renamed[r] = out;
    }
    return { ...args.result, rows: renamed };
  }
}

export async function createDb(options: CreateDbOptions = {}): Promise<DbHandle> {
  const stock = options.stock ?? new Set<DbTuning>();
  const plugins = [stock.has("camel") ? new CamelCasePlugin({ maintainNestedObjectKeys: true }) : new CamelCaseColumns()];
  const log = options.log;
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.maxConnections ?? 10,
      types: pgTypes(stock.has("timestamps")),
      connectionTimeoutMillis: 5_000,
    });
    // Without this handler an idle client's error (database restarted) crashes the process.
    pool.on("error", (error) => options.onPoolError?.(error));
    // The pool listens for errors on idle clients only. A client whose connection is cut while
    // checked out (database restarted mid-request) emits "error" too: without a listener that is an
    // uncaught exception that kills the process. Its query still fails, and is answered 503.
    pool.on("connect", (client) => {
      client.on("error", (error) => options.onPoolError?.(error));
      if (!stock.has("prepare")) prepareRepeatedStatements(client);
    });
    const config: KyselyConfig = { dialect: new PostgresDialect({ pool, cursor: Cursor }), plugins, ...(log ? { log } : {}) };
    const db = new Kysely<Database>(config);
    return {
      db,
      kind: "postgres",
      ping: async () => {
        await sql`select 1`.execute(db);
      },
      close: () => db.destroy(),
    };
  }

  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // Loaded only when used: a server on PostgreSQL does not carry the embedded database's code.
  const { PGlite, types: pgliteTypes } = await import("@electric-sql/pglite");
  const { PGliteDialect } = await import("kysely-pglite-dialect");
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    parsers: {
      [pgliteTypes.INT8]: (v: string) => Number(v),
      [pgliteTypes.NUMERIC]: (v: string) => Number(v),
      [pgliteTypes.DATE]: (v: string) => v,
      // PGlite's own bytea parser and serializer go through one JS string or number per byte: a
      // 10 MB photo took seconds and hundreds of MB of heap (the server ran out of memory).
      [pgliteTypes.BYTEA]: (v: string) => {
        const bytes = Buffer.from(v.slice(2), "hex");
        return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      },
    },
    serializers: {
      [pgliteTypes.BYTEA]: (v: unknown) => {
        if (!(v instanceof Uint8Array)) throw new Error("Invalid input for bytea type");
        return `\\x${Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString("hex")}`;
      },
    },
  });
  const config: KyselyConfig = { dialect: new PGliteDialect(pglite), plugins, ...(log ? { log } : {}) };
  const db = new Kysely<Database>(config);
  return {
    db,
    kind: "pglite",
    pglite,
    ping: async () => {
      if (pglite.closed) throw new Error("embedded database is closed");
      await sql`select 1`.execute(db);
    },
    close: async () => {
      if (!pglite.closed) await db.destroy();
    },
  };
}

/** Key of the advisory lock that serialises migrations across processes ("SiteSafe" in ASCII). */
const MIGRATION_LOCK_KEY = 0x53697465;

/**
 * Brings the schema to the latest migration. Safe to run from several processes at once: on
 * PostgreSQL a session advisory lock serialises them, because Kysely's own lock is taken only
 * after it creates its bookkeeping tables, and two processes creating those at once collide.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  return withStartupLock(db, async (conn) => {
    {
      const migrator = new Migrator({
        // biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema
        db: conn as Kysely<any>,
        provider: { getMigrations: async () => migrations },
      });
      const { error, results } = await migrator.migrateToLatest();
      if (error) throw error instanceof Error ? error : new Error(String(error));
      return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
    }
  });
}

/**
 * Runs start-up work (migrations, the first admin, demo data) while holding a PostgreSQL session
 * advisory lock, so instances started together do it one after another; the second finds it done.
 * `fn` gets a Kysely bound to the locked connection. The embedded database has one process only.
 */
export async function withStartupLock<T>(db: Kysely<Database>, fn: (conn: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    const isPglite = (await sql<{ v: string }>`select version() as v`.execute(conn)).rows[0]?.v.includes("PGlite") ?? false;
    if (!isPglite) await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(conn);
    try {
      return await fn(conn);
    } finally {
      if (!isPglite) await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(conn);
    }
  });
}
