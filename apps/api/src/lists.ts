import { Readable } from "node:stream";
import type { ListSource } from "@sitesafe/db";
import type { Page } from "@sitesafe/domain";
import type { FastifyReply } from "fastify";
import type { Context } from "./context.js";

/**
 * Whole lists over REST are streamed (issue #10). The spec's clients ask for every JHA form,
 * incident, permit and message at once: for a large contractor 10-16 MB of JSON each. Read into
 * memory, ten such requests took the server past 1 GB. So a list procedure answers through
 * `answerList`: a page (a `limit`) or a tRPC call reads its rows as before; a REST call without a
 * limit hands back the list's source, and the REST adapter streams it from a database cursor in
 * chunks of `CHUNK_ROWS`, so memory per request stays at one chunk whatever the table's size.
 * Permissions and filters are applied by the procedure before the source exists.
 */
const CHUNK_ROWS = 500;

/**
 * The body is written in pieces of about 32 KB. One string per 500-row chunk (~0.6 MB) would be
 * allocated in V8's large-object space, which only a full collection frees: ten streams then grew
 * the process by ~180 MB between collections. Small pieces die young.
 */
const PIECE_CHARS = 32 * 1024;

/**
 * Whole-list streams that may run at once per process. Each holds a pooled database connection
 * for its duration (a cursor), so without a bound ten exports would take the whole pool (10) from
 * every other request; the rest wait their turn.
 */
export const WHOLE_LIST_STREAMS = 4;

const WHOLE_LIST = Symbol("whole list");
type WholeList<T> = T[] & { [WHOLE_LIST]: ListSource<T> };

/** The procedure's answer: the rows, or (REST, no limit) an empty array carrying the source. */
export function answerList<T>(ctx: Context, source: ListSource<T>, limit: number | undefined): Promise<T[]> {
  if (limit === undefined && ctx.streamWholeLists) {
    const marker = [] as unknown as WholeList<T>;
    marker[WHOLE_LIST] = source;
    return Promise.resolve(marker);
  }
  return source.rows();
}

/** A screen's page: the rows and how many the filters match, read at once. */
export async function answerPage<T>(source: ListSource<T>): Promise<Page<T>> {
  const [items, total] = await Promise.all([source.rows(), source.count()]);
  return { items, total };
}

export function wholeListOf(result: unknown): ListSource<unknown> | undefined {
  return Array.isArray(result) ? (result as Partial<WholeList<unknown>>)[WHOLE_LIST] : undefined;
}

/** Admits at most `size` streams at once; the others wait in arrival order. */
export class StreamSlots {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(size: number) {
    this.free = size;
  }

  async acquire(): Promise<() => void> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    };
  }
}

/**
 * Sends a JSON array chunk by chunk. The first chunk is read before the status is sent, so a
 * database that is down still gets its 503; a failure after that can only cut the response short,
 * which the client sees as an incomplete body, never as a complete wrong one.
 */
export async function streamWholeList(reply: FastifyReply, source: ListSource<unknown>, slots: StreamSlots): Promise<FastifyReply> {
  const release = await slots.acquire();
  const chunks = source.chunks(CHUNK_ROWS)[Symbol.asyncIterator]();
  let first: IteratorResult<unknown[]>;
  try {
    first = await chunks.next();
  } catch (error) {
    release();
    throw error;
  }
  let cleaned = false;
  const cleanUp = async () => {
    if (cleaned) return;
    cleaned = true;
    // Closes the cursor and gives the connection back, also when the client went away early.
    try {
      await chunks.return?.();
    } finally {
      release();
    }
  };
  async function* body() {
    try {
      yield "[";
      let next = first;
      let pending: string[] = [];
      let pendingLength = 0;
      let atStart = true;
      while (!next.done) {
        for (const row of next.value) {
          const json = JSON.stringify(row);
          pending.push(json);
          pendingLength += json.length;
          if (pendingLength >= PIECE_CHARS) {
            yield (atStart ? "" : ",") + pending.join(",");
            atStart = false;
            pending = [];
            pendingLength = 0;
          }
        }
        next = await chunks.next();
      }
      if (pending.length > 0) yield (atStart ? "" : ",") + pending.join(",");
      yield "]";
    } finally {
      await cleanUp();
    }
  }
  const stream = Readable.from(body(), { objectMode: false });
  // A stream destroyed before it was first read never runs the generator's finally.
  stream.once("close", () => void cleanUp().catch(() => undefined));
  return reply.type("application/json; charset=utf-8").send(stream);
}
