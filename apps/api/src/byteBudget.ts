import { AppError } from "@sitesafe/domain";

/**
 * A number of bytes shared by requests that hold large bodies in memory (photo uploads): a request
 * takes its share before reading and gives it back when done; when the budget is spent, requests
 * wait in order (their bodies stay in the network buffers, the senders slowed by TCP) and give up
 * with a 503 after `waitMs`. So 20 uploads of 10 MB hold at most `capacity` bytes, not 200 MB.
 */
export class ByteBudget {
  private available: number;
  private readonly waiting: { bytes: number; grant: () => void }[] = [];

  constructor(readonly capacity: number) {
    this.available = capacity;
  }

  /** Resolves with a release function once `bytes` (capped at the capacity) are free. */
  async take(bytes: number, waitMs: number, busyMessage: string): Promise<() => void> {
    const share = Math.min(Math.max(bytes, 1), this.capacity);
    if (this.waiting.length === 0 && this.available >= share) {
      this.available -= share;
      return this.releaser(share);
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        bytes: share,
        grant: () => {
          clearTimeout(timer);
          resolve(this.releaser(share));
        },
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        reject(new AppError("SERVICE_UNAVAILABLE", busyMessage));
        this.grantWaiting();
      }, waitMs);
      this.waiting.push(waiter);
    });
  }

  get inUse(): number {
    return this.capacity - this.available;
  }

  private releaser(share: number): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.available += share;
      this.grantWaiting();
    };
  }

  private grantWaiting(): void {
    while (this.waiting.length > 0 && this.available >= (this.waiting[0]?.bytes ?? 0)) {
      const next = this.waiting.shift();
      if (!next) break;
      this.available -= next.bytes;
      next.grant();
    }
  }
}
