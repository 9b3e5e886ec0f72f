import { AppError } from "@sitesafe/domain";

/**
 * A number of bytes shared by requests that hold large amounts of memory (photo uploads, photo
 * decodes): a request takes its share before the work and gives it back when done; when the budget
 * is spent, requests wait in order (an upload's body stays in the network buffers, the sender
 * slowed by TCP) and give up with a 503 after `waitMs`. So 20 uploads of 10 MB hold at most
 * `capacity` bytes, not 200 MB.
 *
 * `perOwner` bounds what one owner (a user) holds at once, so one user cannot take the whole
 * budget: an owner at that bound waits without holding up the other owners behind it.
 */
export class ByteBudget {
  private available: number;
  private readonly byOwner = new Map<string, number>();
  private readonly waiting: { bytes: number; owner: string; grant: () => void }[] = [];

  constructor(
    readonly capacity: number,
    readonly perOwner = capacity,
  ) {
    this.available = capacity;
  }

  /** Resolves with a release function once `bytes` (capped at the capacity and at `perOwner`) are free. */
  async take(bytes: number, waitMs: number, busyMessage: string, owner = ""): Promise<() => void> {
    const share = Math.min(Math.max(bytes, 1), this.capacity, this.perOwner);
    return new Promise((resolve, reject) => {
      const waiter = {
        bytes: share,
        owner,
        grant: () => {
          clearTimeout(timer);
          resolve(this.releaser(share, owner));
        },
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        reject(new AppError("SERVICE_UNAVAILABLE", busyMessage));
        this.grantWaiting();
      }, waitMs);
      this.waiting.push(waiter);
      this.grantWaiting();
    });
  }

  get inUse(): number {
    return this.capacity - this.available;
  }

  /** What `owner` holds now. */
  heldBy(owner: string): number {
    return this.byOwner.get(owner) ?? 0;
  }

  private releaser(share: number, owner: string): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.available += share;
      const left = this.heldBy(owner) - share;
      if (left > 0) this.byOwner.set(owner, left);
      else this.byOwner.delete(owner);
      this.grantWaiting();
    };
  }

  /**
   * Grants waiters in arrival order. One whose owner is at `perOwner` is passed over (it does not
   * block others); one that does not fit the free bytes stops the round, so a large share is not
   * overtaken forever by small ones.
   */
  private grantWaiting(): void {
    for (let i = 0; i < this.waiting.length; ) {
      const next = this.waiting[i] as (typeof this.waiting)[number];
      if (this.heldBy(next.owner) + next.bytes > this.perOwner) {
        i++;
        continue;
      }
      if (this.available < next.bytes) return;
      this.waiting.splice(i, 1);
      this.available -= next.bytes;
      this.byOwner.set(next.owner, this.heldBy(next.owner) + next.bytes);
      next.grant();
    }
  }
}
