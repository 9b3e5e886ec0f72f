import type { AddressInfo } from "node:net";
import { connect, type Socket } from "node:net";
import fastifyMultipart from "@fastify/multipart";
import type { PhotoSummary } from "@sitesafe/domain";
import Fastify, { type FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_WINDOW_MS, UPLOAD_STALLED, watchBody } from "../src/bodyTimeout.js";
import { ByteBudget } from "../src/byteBudget.js";
import { sendError } from "../src/errors.js";
import { PHOTO_UPLOAD_BUDGET, PHOTO_UPLOAD_PER_USER } from "../src/rest/photos.js";
import { createTestApp, ORIGIN, type TestApp, type TestUser } from "./helpers.js";
import { createFixture, type Fixture, multipartBody } from "./security/fixture.js";

/**
 * Upload slots are released when a client sends nothing (docs/security.md, "Round two: uploads";
 * issue #30, H3): a reservation only once the body has begun, a minimum rate while it is read
 * (bodyTimeout.ts), and a share per user as well as per process (byteBudget.ts). The probe's own
 * attack, against the built server, is in uploadAttacks.test.ts.
 */

const BOUNDARY = "----sitesafeIdle";
const PREAMBLE = Buffer.from(
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="site.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8`,
  "latin1",
);

/** A raw upload on its own socket: the headers of a `declared`-byte body, then only `first`. */
function rawUpload(port: number, path: string, cookie: string, declared: number, first?: Buffer) {
  const socket: Socket = connect(port, "127.0.0.1");
  let answer = "";
  socket.on("data", (chunk) => {
    answer += chunk.toString("latin1");
  });
  socket.on("error", () => {});
  const closed = new Promise<string>((resolve) => socket.on("close", () => resolve(answer)));
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: localhost:80\r\nOrigin: ${ORIGIN}\r\nCookie: ${cookie}\r\n` +
      `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${declared}\r\n\r\n`,
  );
  if (first) socket.write(first);
  return { socket, closed };
}

describe("the byte budget's share per owner", () => {
  it("one owner cannot take the whole budget; an owner at its share waits without holding up others", async () => {
    const budget = new ByteBudget(100, 50);
    const a1 = await budget.take(50, 1000, "busy", "a");
    let a2Granted = false;
    const a2 = budget.take(50, 1000, "busy", "a").then((release) => {
      a2Granted = true;
      return release;
    });
    // b arrives after a's second share and is served first: a's wait is a's alone.
    const b = await budget.take(50, 1000, "busy", "b");
    expect([budget.inUse, budget.heldBy("a"), budget.heldBy("b"), a2Granted]).toEqual([100, 50, 50, false]);
    b();
    expect(a2Granted).toBe(false);
    a1();
    (await a2)();
    expect([budget.inUse, a2Granted]).toEqual([0, true]);
  });

  it("gives up with a 503 and its message after the wait", async () => {
    const budget = new ByteBudget(10, 10);
    const held = await budget.take(10, 1000, "busy", "a");
    await expect(budget.take(1, 20, "Busy, try again", "b")).rejects.toMatchObject({
      code: "SERVICE_UNAVAILABLE",
      message: "Busy, try again",
    });
    held();
    expect(budget.inUse).toBe(0);
  });

  it("photo uploads: two full-size photos per server, one per user", () => {
    expect(PHOTO_UPLOAD_BUDGET).toBe(2 * PHOTO_UPLOAD_PER_USER);
  });
});

describe("the body timeout (its window shortened here)", () => {
  let app: FastifyInstance;
  let port: number;
  const limits = { windowMs: 300, minBytes: 4096 };

  beforeAll(async () => {
    app = Fastify();
    await app.register(fastifyMultipart);
    app.setErrorHandler((error, req, reply) => sendError(req, reply, error));
    app.post("/upload", async (req, reply) => {
      const body = watchBody(req, reply, limits);
      await body.started();
      const size = await body.during(
        (async () => {
          let n = 0;
          for await (const part of req.parts()) if (part.type === "file") for await (const chunk of part.file) n += chunk.length;
          return n;
        })(),
      );
      return { size };
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(() => app?.close());

  it("a client that sends headers and no body gets a 408 with the message, and its connection is closed", async () => {
    const started = Date.now();
    const answer = await rawUpload(port, "/upload", "", 10_545_760).closed;
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer.toLowerCase()).toContain("connection: close");
    expect(answer).toContain(JSON.stringify({ message: UPLOAD_STALLED }));
    expect(Date.now() - started).toBeLessThan(limits.windowMs * 10);
  });

  it("a client that starts its body and then stops gets a 408 too", async () => {
    const answer = await rawUpload(port, "/upload", "", 10_545_760, PREAMBLE).closed;
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("a body that keeps coming is read whole, however long it takes in all", async () => {
    const chunk = Buffer.alloc(limits.minBytes * 2, 0x41);
    const chunks = 8;
    const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`, "latin1");
    const upload = rawUpload(port, "/upload", "", PREAMBLE.length + chunks * chunk.length + tail.length, PREAMBLE);
    // A slow sender: a piece every half window, over four windows in all.
    for (let i = 0; i < chunks; i++) {
      await new Promise((r) => setTimeout(r, limits.windowMs / 2));
      upload.socket.write(chunk);
    }
    upload.socket.end(tail);
    const answer = await upload.closed;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain(JSON.stringify({ size: 2 + chunks * chunk.length }));
  });
});

describe("photo uploads and idle sockets, in the server", () => {
  let t: TestApp;
  let f: Fixture;
  let port: number;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    f = await createFixture(t);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await t?.close();
  });

  /** A photo of the size the web app sends (it re-encodes to about 1 MB): a few hundred KB of noise. */
  const photo = async () => {
    const data = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 40 } },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
    expect(data.length).toBeGreaterThan(200_000);
    return data;
  };

  async function timedUpload(as: TestUser, url: string) {
    const { payload, headers } = multipartBody({}, { name: "site.jpg", data: await photo(), type: "image/jpeg" });
    const started = Date.now();
    const res = await t.request({ method: "POST", url, payload, headers, as });
    return { res, ms: Date.now() - started };
  }

  it("one user's two started-then-silent uploads hold one share: another user's upload is served at once", async () => {
    // The admin may add photos to any record; each socket announces a full-size photo (the probe's figure).
    for (let i = 0; i < 2; i++) {
      const idle = rawUpload(port, `/api/jha-forms/${f.jhaFormId}/photos`, f.admin.cookie, 10_545_760, PREAMBLE);
      sockets.push(idle.socket);
    }
    // Both are past their checks and one holds its share (or waits for it) before the next upload.
    await new Promise((r) => setTimeout(r, 500));
    const { res, ms } = await timedUpload(f.manager, `/api/jha-forms/${f.jhaFormId}/photos`);
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as PhotoSummary).uploadedBy).toBe(f.manager.id);
    expect(ms).toBeLessThan(2000);
  });

  it("a safety plan upload that sends no body is cut off with a 408 after the window, like a photo upload", {
    timeout: 30_000,
  }, async () => {
    const started = Date.now();
    const idle = rawUpload(port, `/api/projects/${f.projectP}/safety-plan`, f.manager.cookie, 5_000_000);
    sockets.push(idle.socket);
    const answer = await idle.closed;
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain(JSON.stringify({ message: UPLOAD_STALLED }));
    expect(Date.now() - started).toBeGreaterThanOrEqual(BODY_WINDOW_MS - 1000);
  });
});
