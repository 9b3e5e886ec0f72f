import { AppError } from "@sitesafe/domain";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * The body timeout of uploads (docs/security.md, "Round two: uploads"): a client must keep sending.
 * Fastify sets no time limit on a request body, so a client that sends the headers of a 10 MB
 * upload and then nothing would hold whatever the server reserved for it for as long as its socket
 * stays open. Here every window must bring at least `minBytes`, or the request ends with a 408 and
 * its connection is closed (the handler's `finally` gives back what it held).
 *
 * The rate is measured on the socket (`bytesRead`), never by reading the stream, so watching does
 * not change how the body is consumed. 16 KB in 10 s is 1.6 KB/s: a phone on a poor 2G link still
 * passes; a socket that sends nothing does not.
 */
export const BODY_WINDOW_MS = 10_000;
const BODY_MIN_BYTES = 16 * 1024;
export const UPLOAD_STALLED = "The upload stalled. Please try again.";

export interface BodyLimits {
  windowMs: number;
  minBytes: number;
}

export interface BodyWatch {
  /**
   * Resolves once the client has begun sending the body, without reading any of it, so nothing
   * need be reserved for a body that is not coming; 408 when no byte comes within a window.
   */
  started(): Promise<void>;
  /** `reading` (the read of the body), cut off with a 408 when a window brings fewer than `minBytes`. */
  during<T>(reading: Promise<T>): Promise<T>;
}

export function watchBody(
  req: FastifyRequest,
  reply: FastifyReply,
  limits: BodyLimits = { windowMs: BODY_WINDOW_MS, minBytes: BODY_MIN_BYTES },
): BodyWatch {
  const raw = req.raw;
  const stalled = () => {
    // The rest of the body is never read: the connection cannot carry another request.
    if (!reply.sent) reply.header("connection", "close");
    return new AppError("TIMEOUT", UPLOAD_STALLED);
  };
  return {
    started() {
      if (raw.readableLength > 0 || raw.complete || raw.readableEnded) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const done = () => {
          clearTimeout(timer);
          raw.off("readable", onReadable);
          raw.off("close", onReadable);
        };
        const onReadable = () => {
          done();
          // A closed request fails where its body is read, with the upload's own message.
          resolve();
        };
        const timer = setTimeout(() => {
          done();
          reject(stalled());
        }, limits.windowMs);
        raw.on("readable", onReadable);
        raw.on("close", onReadable);
      });
    },
    async during<T>(reading: Promise<T>): Promise<T> {
      let timer: NodeJS.Timeout | undefined;
      const cutOff = new Promise<never>((_resolve, reject) => {
        let seen = raw.socket?.bytesRead ?? 0;
        timer = setInterval(() => {
          // The whole body has arrived: what is left is the server's own work.
          if (raw.complete) return clearInterval(timer);
          const now = raw.socket?.bytesRead ?? seen;
          if (now - seen < limits.minBytes) {
            clearInterval(timer);
            reject(stalled());
          }
          seen = now;
        }, limits.windowMs);
      });
      // The read that lost the race fails later, when the connection closes: nobody waits for it.
      reading.catch(() => {});
      try {
        return await Promise.race([reading, cutOff]);
      } finally {
        clearInterval(timer);
      }
    },
  };
}
