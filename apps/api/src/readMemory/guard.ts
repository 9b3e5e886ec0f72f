import { AsyncLocalStorage } from "node:async_hooks";
import {
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  PostgresQueryCompiler,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from "kysely";
import { tableOf } from "./tables.js";

/**
 * The guard of the table map (tables.ts; docs/decisions/0112-scoped-read-memory.md). With
 * `checkReadTables` on (the API tests), every remembered computation runs with a recorder, every
 * query it sends names its tables into that recorder (`ReadTablesPlugin`, from the SQL it
 * compiles to: tables after FROM, JOIN, UPDATE, INTO, USING, in subqueries and CTEs too), and the
 * computation fails if it read a table its entry in the map does not list. A missing table would
 * be a remembered answer that outlives a write to it: stale safety data on screen.
 *
 * Off in production: nothing is recorded and queries go straight through.
 */
const recorder = new AsyncLocalStorage<Set<string>>();

/** Runs `read` with its own recorder; the tables it read, or its error. */
export async function recordReads<T>(read: () => Promise<T>): Promise<{ value: T; tables: Set<string> }> {
  const tables = new Set<string>();
  const value = await recorder.run(tables, read);
  return { value, tables };
}

/** Counts `tables` as read by the computation running now, if one is recorded (a remembered value it uses). */
export function noteRead(tables: Iterable<string>): void {
  const current = recorder.getStore();
  if (!current) return;
  for (const table of tables) current.add(table);
}

/**
 * Throws when `read` holds a table of `known` that `allowed` does not list. Names that are not
 * tables (CTE names, aliases, functions) are not in `known` and are skipped. `allowed` undefined
 * means every table (a value the map does not name is versioned on every table).
 */
export function checkTables(
  scope: string,
  read: Iterable<string>,
  allowed: readonly string[] | undefined,
  known: ReadonlySet<string>,
): void {
  if (!allowed) return;
  // A counter of part of a table ("audit_events:permit", tables.ts) covers a read of that table:
  // the query reads only that part (the entry says so, and the scoped-memory tests check it).
  // A part noted by a remembered value used inside this one needs that part or the whole table.
  const covered = new Set(allowed.map(tableOf));
  const missing = [...read]
    .filter((name) => {
      const table = tableOf(name);
      if (!known.has(table)) return false;
      return name === table ? !covered.has(table) : !allowed.includes(name) && !allowed.includes(table);
    })
    .sort();
  if (missing.length > 0) {
    throw new Error(
      `${scope} read ${missing.join(", ")}, which its entry in apps/api/src/readMemory/tables.ts does not list: a write there would not make it read again`,
    );
  }
}

const compiler = new PostgresQueryCompiler();

/** Records the tables of every query sent while a recorder runs (see above). */
export class ReadTablesPlugin implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const current = recorder.getStore();
    if (current) {
      for (const table of tablesInSql(compiler.compileQuery(args.node, args.queryId).sql)) current.add(table);
    }
    return args.node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

const NAME = `(?:"((?:[^"]|"")+)"|([A-Za-z_][A-Za-z0-9_$]*))`;
const QUALIFIED = String.raw`${NAME}(?:\s*\.\s*${NAME})?`;
const AFTER_KEYWORD = new RegExp(String.raw`\b(?:from|join|update|into|using)\s+(?:lateral\s+|only\s+)?${QUALIFIED}`, "gi");
const ALIAS = String.raw`(?:\s+(?:as\s+)?(?!(?:where|join|inner|left|right|full|cross|on|group|order|limit|offset|union|except|intersect|for|having|window|returning|set|values|natural|lateral)\b)${NAME})?`;
const NEXT_ITEM = new RegExp(String.raw`^${ALIAS}\s*,\s*${QUALIFIED}`, "i");

/**
 * The relation names a statement reads or writes: the name after every FROM, JOIN, UPDATE, INTO
 * and USING, and each further item of a comma-separated FROM list. Errs towards more names
 * (a function called after FROM counts too); the caller keeps only real tables.
 */
export function tablesInSql(text: string): Set<string> {
  const found = new Set<string>();
  const sqlText = text.replace(/'(?:[^']|'')*'/g, "''");
  for (const match of sqlText.matchAll(AFTER_KEYWORD)) {
    found.add(lastName(match, 1));
    let rest = sqlText.slice((match.index ?? 0) + match[0].length);
    for (let next = NEXT_ITEM.exec(rest); next; next = NEXT_ITEM.exec(rest)) {
      found.add(lastName(next, 3));
      rest = rest.slice(next[0].length);
    }
  }
  return found;
}

/** The table part of a possibly schema-qualified name matched from group `first` on. */
function lastName(match: RegExpMatchArray, first: number): string {
  const second = match[first + 2] ?? match[first + 3];
  const name = second ?? match[first] ?? match[first + 1] ?? "";
  return name.replace(/""/g, '"');
}
