import { type ListSource, ListTooLarge } from "@sitesafe/db";
import { AppError } from "@sitesafe/domain";
import type { FastifyReply } from "fastify";

/**
 * Memory for answers in flight, bounded in bytes (issue #30, H2; docs/security.md, "Round two:
 * requests"). One tRPC batch of 20 pages of maximum-size JHA forms built ~240 MB of answers at once
 * and took the server past its 256 MB heap; so did 20 sockets asking REST pages and never reading.
 * Now every list an answer carries (a page, or a list asked for over tRPC) is read through
 * `RequestAnswers.rows`:
 *
 * - one list takes at most `LIST_ANSWER_MAX_BYTES`: the database stops sending rows there
 *   (`ListSource.rowsWithin`), and the answer is a 413 asking for a smaller page;
 * - one request (a tRPC batch, a REST call) takes at most `REQUEST_ANSWER_MAX_BYTES` over all its
 *   lists: past it, 413;
 * - the whole process holds at most `ANSWERS_IN_FLIGHT_BYTES` of such answers until each
 *   response is written out, one user at most `ANSWERS_IN_FLIGHT_PER_USER`: a read that finds no
 *   room waits up to `ANSWER_WAIT_MS`, then gets 503 with a message, never an out-of-memory crash;
 * - a client that stops reading a response that holds a share is disconnected after the stream
 *   idle timeout (`STREAM_IDLE_TIMEOUT_MS`), as whole-list readers are (lists.ts), and its share
 *   freed.
 *
 * A read first takes the most it may need, then gives back what its rows did not use, so the
 * bound holds while the rows are on their way from the database, not only once they have arrived.
 * Whole lists streamed over REST are bounded apart: 16 streams, each one chunk of at most
 * `CHUNK_MAX_BYTES` (lists.ts).
 */
export const LIST_ANSWER_MAX_BYTES = 4 * 1024 * 1024;
export const REQUEST_ANSWER_MAX_BYTES = 8 * 1024 * 1024;
const ANSWERS_IN_FLIGHT_BYTES = 32 * 1024 * 1024;
const ANSWERS_IN_FLIGHT_PER_USER = 12 * 1024 * 1024;
const ANSWER_WAIT_MS = 2000;

/** The messages name the bounds above (written out, so each is one text to translate). */
export const LIST_TOO_LARGE = "The answer would be larger than 4 MB. Ask for fewer rows (a smaller limit).";
export const REQUEST_TOO_LARGE = "The answers to this request would be larger than 8 MB together. Ask for fewer or smaller pages at once.";
export const ANSWERS_BUSY = "The server is busy sending other large answers. Please try again shortly.";

/** A share of the budget: shrunk once the answer's size is known, released when its response is done. */
export interface Share {
  shrink(bytes: number): void;
  release(): void;
}

/** Bytes shared by the process, with a bound per owner; waiters are admitted in order as room frees. */
export class AnswerBudget {
  private used = 0;
  private readonly byOwner = new Map<string, number>();
  private readonly waiting: { owner: string; bytes: number; grant: () => void }[] = [];

  constructor(
    readonly capacity = ANSWERS_IN_FLIGHT_BYTES,
    readonly perOwner = ANSWERS_IN_FLIGHT_PER_USER,
  ) {}

  get inUse(): number {
    return this.used;
  }

  /** A share of `bytes` for `owner`, at once or within `waitMs`; else 503. */
  take(owner: string, bytes: number, waitMs = ANSWER_WAIT_MS): Promise<Share> {
    const want = Math.min(Math.max(bytes, 1), this.perOwner, this.capacity);
    return new Promise((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const waiter = {
        owner,
        bytes: want,
        grant: () => {
          clearTimeout(timer);
          resolve(this.grant(owner, want));
        },
      };
      this.waiting.push(waiter);
      this.admitWaiting();
      if (!this.waiting.includes(waiter)) return;
      timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        reject(new AppError("SERVICE_UNAVAILABLE", ANSWERS_BUSY));
        this.admitWaiting();
      }, waitMs);
      timer.unref();
    });
  }

  /**
   * Runs `read` when the owner's earlier reads are done: one user's lists are read from the
   * database one at a time, so however many requests one user sends, others wait behind at most
   * one of theirs (the embedded database has a single connection). One that waits longer than
   * `waitMs` is refused with 503.
   */
  async oneAtATime<T>(owner: string, read: () => Promise<T>, waitMs = ANSWER_WAIT_MS): Promise<T> {
    const before = this.readers.get(owner) ?? Promise.resolve();
    let done = () => {};
    const mine = new Promise<void>((resolve) => {
      done = resolve;
    });
    const chain = before.then(() => mine);
    this.readers.set(owner, chain);
    void chain.then(() => {
      if (this.readers.get(owner) === chain) this.readers.delete(owner);
    });
    try {
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new AppError("SERVICE_UNAVAILABLE", ANSWERS_BUSY)), waitMs);
        timer.unref();
      });
      try {
        await Promise.race([before, timedOut]);
      } finally {
        clearTimeout(timer);
      }
      return await read();
    } finally {
      done();
    }
  }

  private readonly readers = new Map<string, Promise<void>>();

  private fits(owner: string, bytes: number): boolean {
    return this.used + bytes <= this.capacity && (this.byOwner.get(owner) ?? 0) + bytes <= this.perOwner;
  }

  private grant(owner: string, bytes: number): Share {
    let held = bytes;
    this.add(owner, held);
    return {
      shrink: (to) => {
        const keep = Math.max(0, Math.min(held, to));
        this.add(owner, keep - held);
        held = keep;
        this.admitWaiting();
      },
      release: () => {
        this.add(owner, -held);
        held = 0;
        this.admitWaiting();
      },
    };
  }

  private add(owner: string, bytes: number): void {
    this.used += bytes;
    const left = (this.byOwner.get(owner) ?? 0) + bytes;
    if (left <= 0) this.byOwner.delete(owner);
    else this.byOwner.set(owner, left);
  }

  /** Admits waiters in order; one that does not fit (its owner's bound) lets others of other owners pass. */
  private admitWaiting(): void {
    for (let i = 0; i < this.waiting.length; ) {
      const next = this.waiting[i] as (typeof this.waiting)[number];
      if (this.fits(next.owner, next.bytes)) {
        this.waiting.splice(i, 1);
        next.grant();
      } else i++;
    }
  }
}

/** One request's answers: its shares of the process budget, its total, and the watch on its reader. */
export class RequestAnswers {
  private readonly shares: Share[] = [];
  private total = 0;
  private done = false;
  private watching = false;

  constructor(
    private readonly budget: AnswerBudget,
    private readonly owner: string,
    private readonly reply: FastifyReply | undefined,
    private readonly idleTimeoutMs: number,
  ) {
    reply?.raw.once("close", () => this.finish());
  }

  /**
   * The list's rows, within the bounds above. A request's lists are read one after another, so
   * each knows what the ones before it took of the request's bound.
   */
  rows<T>(source: ListSource<T>): Promise<T[]> {
    const read = this.queue.then(() => this.read(source));
    this.queue = read.catch(() => undefined);
    return read;
  }

  private queue: Promise<unknown> = Promise.resolve();

  private read<T>(source: ListSource<T>): Promise<T[]> {
    return this.budget.oneAtATime(this.owner, () => this.readWithin(source));
  }

  private async readWithin<T>(source: ListSource<T>): Promise<T[]> {
    const allowed = Math.min(LIST_ANSWER_MAX_BYTES, REQUEST_ANSWER_MAX_BYTES - this.total);
    if (allowed <= 0) throw new AppError("PAYLOAD_TOO_LARGE", REQUEST_TOO_LARGE);
    const share = await this.budget.take(this.owner, allowed);
    if (this.done) {
      share.release();
      throw new AppError("SERVICE_UNAVAILABLE", ANSWERS_BUSY);
    }
    this.shares.push(share);
    this.watchReader();
    try {
      const { rows, bytes } = await source.rowsWithin(allowed);
      share.shrink(bytes);
      this.total += bytes;
      return rows;
    } catch (error) {
      share.release();
      if (error instanceof ListTooLarge) {
        throw new AppError("PAYLOAD_TOO_LARGE", allowed < LIST_ANSWER_MAX_BYTES ? REQUEST_TOO_LARGE : LIST_TOO_LARGE);
      }
      throw error;
    }
  }

  private finish(): void {
    this.done = true;
    for (const share of this.shares) share.release();
    this.shares.length = 0;
  }

  /**
   * Disconnects a client that takes nothing of the response for `idleTimeoutMs` while bytes wait
   * for it: the bytes the socket still holds must shrink between two looks.
   */
  private watchReader(): void {
    const reply = this.reply;
    if (!reply || this.watching) return;
    this.watching = true;
    let waitingBefore = -1;
    const timer = setInterval(() => {
      const res = reply.raw;
      const waitingNow = res.socket?.writableLength ?? 0;
      if (res.writableFinished || waitingNow === 0) {
        waitingBefore = -1;
        return;
      }
      if (waitingNow >= waitingBefore && waitingBefore >= 0) {
        reply.log.warn(
          { event: "answer_idle_timeout", idleTimeoutMs: this.idleTimeoutMs },
          "client stopped reading an answer; disconnected",
        );
        res.destroy();
        return;
      }
      waitingBefore = waitingNow;
    }, this.idleTimeoutMs);
    timer.unref();
    reply.raw.once("close", () => clearInterval(timer));
  }
}
