import { Readable } from "node:stream";
import { type ListSource, ListTooLarge } from "@sitesafe/db";
import { AppError, type Page } from "@sitesafe/domain";
import type { FastifyReply } from "fastify";
import { LIST_ANSWER_MAX_BYTES, LIST_TOO_LARGE, type RequestAnswers } from "./answerBudget.js";

/**
 * Whole lists over REST are streamed (docs/decisions/performance.md, #16; docs/decisions/0105-bounded-memory.md). The
 * product's clients ask for every JHA form, incident, permit and message at once: for a large
 * contractor 10-16 MB of JSON each. Read into memory, ten such requests took the server past 1 GB.
 * So a list procedure answers through `answerList`: a page (a `limit`) or a tRPC call reads its
 * rows as before; a REST call without a limit leaves the list's source in the request's
 * `WholeListOutlet`, and the REST adapter turns it into a `RestAnswer` of kind "whole list": an
 * async iterable of row chunks, which it streams as JSON (`streamWholeList`) and which other
 * formats (CSV) can consume the same way. Permissions and filters are applied by the procedure
 * before the source exists.
 *
 * Each chunk is one short keyset query (listSource.ts): no database connection is held between
 * chunks, so a client that reads slowly or not at all holds nothing but its own chunk in memory;
 * the embedded database's single connection is free for everyone else between two chunks.
 */
export const CHUNK_ROWS = 200;
/**
 * A chunk also ends at about this many bytes (the row that reaches it is its last): 200
 * maximum-size JHA forms were ~23 MB a chunk, and 16 streams could hold 16 of them (issue #30).
 */
const CHUNK_MAX_BYTES = 1024 * 1024;

/**
 * The body is written in pieces of about 32 KB. One string per chunk would be allocated in V8's
 * large-object space, which only a full collection frees: ten streams then grew the process by
 * ~180 MB between collections. Small pieces die young.
 */
const PIECE_CHARS = 32 * 1024;

/**
 * Whole-list streams that may run at once per process, and per signed-in user. Each holds at most
 * one chunk in memory while its client reads (up to ~23 MB for 200 maximum-size JHA forms), so the
 * total is bounded; the per-user bound keeps one person's stalled readers from taking every slot.
 */
export const WHOLE_LIST_STREAMS = 16;
export const WHOLE_LIST_STREAMS_PER_USER = 2;
/** How long a whole list waits for a stream slot before its 503. */
const STREAM_WAIT_MS = 10_000;
export const STREAMS_BUSY = "The server is busy sending other whole lists. Please try again shortly, or ask for a page (limit).";

/** Where a REST request's list procedure leaves the whole list it was asked for. */
export class WholeListOutlet {
  source: ListSource<unknown> | undefined;
}

/** What a REST route answers: a value sent as JSON, or a whole list streamed chunk by chunk. */
export type RestAnswer = { kind: "value"; value: unknown } | { kind: "whole list"; chunks: AsyncIterable<unknown[]> };

/** The REST answer for a procedure's `result`, given the request's outlet. */
export function restAnswer(outlet: WholeListOutlet, result: unknown): RestAnswer {
  return outlet.source
    ? { kind: "whole list", chunks: outlet.source.chunks(CHUNK_ROWS, CHUNK_MAX_BYTES) }
    : { kind: "value", value: result };
}

/**
 * The procedure's answer: the rows, or (REST, no limit) an empty array, the list itself left in the
 * request's outlet for the REST adapter to stream.
 */
export function answerList<T>(ctx: ListContext, source: ListSource<T>, limit: number | undefined): Promise<T[]> {
  if (limit === undefined && ctx.wholeList) {
    ctx.wholeList.source = source as ListSource<unknown>;
    return Promise.resolve([]);
  }
  return answerRows(ctx, source);
}

/** A screen's page: the rows and how many the filters match, read at once. */
export async function answerPage<T>(ctx: ListContext, source: ListSource<T>): Promise<Page<T>> {
  const [items, total] = await Promise.all([answerRows(ctx, source), source.count()]);
  return { items, total };
}

/** What a list procedure's context offers: the REST outlet for whole lists, the answers' budget. */
export interface ListContext {
  wholeList?: WholeListOutlet | undefined;
  answers?: RequestAnswers | undefined;
}

/**
 * A list's rows as an answer carries them, bounded in bytes (answerBudget.ts): through the
 * request's share of the budget over HTTP; without one (a caller built in a test), within the
 * per-list bound alone.
 */
export async function answerRows<T>(ctx: ListContext, source: ListSource<T>): Promise<T[]> {
  if (ctx.answers) return ctx.answers.rows(source);
  try {
    return (await source.rowsWithin(LIST_ANSWER_MAX_BYTES)).rows;
  } catch (error) {
    if (error instanceof ListTooLarge) throw new AppError("PAYLOAD_TOO_LARGE", LIST_TOO_LARGE);
    throw error;
  }
}

/** Admits at most `size` streams at once, and `perOwner` of one owner; the others wait in arrival order. */
export class StreamSlots {
  private running = 0;
  private readonly byOwner = new Map<string, number>();
  private readonly waiting: { owner: string; admit: () => void }[] = [];

  constructor(
    private readonly size: number,
    private readonly perOwner = size,
  ) {}

  /**
   * A slot for `owner`, at once or in arrival order; one that waits longer than `waitMs` is refused
   * with 503 (issue #30, L2: eight accounts with two stalled readers each held every slot, and a
   * queued request waited without end).
   */
  async acquire(owner = "", waitMs = STREAM_WAIT_MS): Promise<() => void> {
    if (this.admissible(owner)) this.take(owner);
    // A waiter is counted in by `admitNext` before it runs.
    else
      await new Promise<void>((admit, refuse) => {
        const waiter = {
          owner,
          admit: () => {
            clearTimeout(timer);
            admit();
          },
        };
        const timer = setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          refuse(new AppError("SERVICE_UNAVAILABLE", STREAMS_BUSY));
        }, waitMs);
        timer.unref();
        this.waiting.push(waiter);
      });
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      const left = (this.byOwner.get(owner) ?? 1) - 1;
      if (left === 0) this.byOwner.delete(owner);
      else this.byOwner.set(owner, left);
      this.admitNext();
    };
  }

  private admissible(owner: string): boolean {
    return this.running < this.size && (this.byOwner.get(owner) ?? 0) < this.perOwner;
  }

  private admitNext(): void {
    const index = this.waiting.findIndex((w) => this.admissible(w.owner));
    if (index < 0) return;
    const [next] = this.waiting.splice(index, 1) as [{ owner: string; admit: () => void }];
    // Counted at once, so a second release before the waiter runs cannot admit one too many.
    this.take(next.owner);
    next.admit();
  }

  private take(owner: string): void {
    this.running++;
    this.byOwner.set(owner, (this.byOwner.get(owner) ?? 0) + 1);
  }
}

export interface StreamOptions {
  slots: StreamSlots;
  /** Whose stream it is (the per-owner bound). */
  owner: string;
  /** A client that takes nothing for this long is disconnected. */
  idleTimeoutMs: number;
}

/** How row chunks become the response body: its content type and its text, piece by piece. */
export interface StreamFormat {
  contentType: string;
  render: (chunks: AsyncIterable<readonly unknown[]>) => AsyncIterable<string>;
}

/** A JSON array, written in pieces of about PIECE_CHARS. */
const JSON_ARRAY: StreamFormat = {
  contentType: "application/json; charset=utf-8",
  async *render(chunks) {
    yield "[";
    let pending: string[] = [];
    let pendingLength = 0;
    let atStart = true;
    for await (const chunk of chunks) {
      for (const row of chunk) {
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
    }
    if (pending.length > 0) yield (atStart ? "" : ",") + pending.join(",");
    yield "]";
  },
};

/**
 * Sends a whole list chunk by chunk, at the pace the client reads (a chunk is read only when the
 * previous one has been taken), as a JSON array or another format (CSV, rest/csv.ts). The first
 * chunk is read before the status is sent, so a database that is down still gets its 503; a
 * failure after that can only cut the response short, which the client sees as an incomplete
 * body, never as a complete wrong one. A client that takes nothing for `idleTimeoutMs` is
 * disconnected and its slot freed.
 */
export async function streamWholeList(
  reply: FastifyReply,
  chunks: AsyncIterable<readonly unknown[]>,
  options: StreamOptions,
  format: StreamFormat = JSON_ARRAY,
): Promise<FastifyReply> {
  const release = await options.slots.acquire(options.owner);
  const iterator = chunks[Symbol.asyncIterator]();
  let first: IteratorResult<readonly unknown[]>;
  try {
    first = await iterator.next();
  } catch (error) {
    release();
    throw error;
  }
  let cleaned = false;
  let idle: NodeJS.Timeout | undefined;
  const cleanUp = async () => {
    if (cleaned) return;
    cleaned = true;
    clearTimeout(idle);
    try {
      await iterator.return?.();
    } finally {
      release();
    }
  };
  // Restarted whenever the client takes a piece; fires when it has taken nothing for too long.
  const stillReading = () => {
    clearTimeout(idle);
    idle = setTimeout(() => {
      reply.log.warn(
        { event: "stream_idle_timeout", idleTimeoutMs: options.idleTimeoutMs },
        "whole-list client stopped reading; disconnected",
      );
      stream.destroy();
      reply.raw.destroy();
    }, options.idleTimeoutMs);
    idle.unref();
  };
  async function* rows(): AsyncGenerator<readonly unknown[]> {
    let next = first;
    while (!next.done) {
      yield next.value;
      stillReading();
      next = await iterator.next();
    }
  }
  async function* body() {
    try {
      stillReading();
      for await (const piece of format.render(rows())) {
        stillReading();
        yield piece;
      }
    } finally {
      await cleanUp();
    }
  }
  const stream = Readable.from(body(), { objectMode: false });
  // A stream destroyed before it was first read never runs the generator's finally.
  stream.once("close", () => void cleanUp().catch(() => undefined));
  return reply.type(format.contentType).send(stream);
}
