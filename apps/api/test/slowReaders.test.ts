import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STREAMS_BUSY } from "../src/lists.js";
import { createTestApp, type TestApp, type TestUser } from "./helpers.js";

// Finding 2 of the security review (docs/security.md): a whole list held its database connection (the embedded database's only
// one) until the client had read it all, so a client that stopped reading froze every other
// request, /api/health included; on PostgreSQL four stalled readers took every whole-list slot.
// Whole lists are now read in short keyset chunks with no connection held in between, at the pace
// the client reads, at most two at once per user, and a client that takes nothing for the idle
// timeout is disconnected (src/lists.ts). Run on both databases, over real sockets: back-pressure
// only exists on a real connection.

const IDLE_MS = 15_000;
const FORMS = 2_500; // with ~5 KB each, ~13 MB of JSON: far more than the sockets' buffers hold
const STALLED = 4;

let t: TestApp;
let base: string;
let port: number;
let reader: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp({ streamIdleTimeoutMs: IDLE_MS });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  port = typeof address === "object" && address ? address.port : 0;
  base = `http://127.0.0.1:${port}`;
  reader = await t.createUser({ role: "worker" });
  other = await t.createUser({ role: "manager" });
  const site = await t.createProject({ name: "Harbor Tower" });
  await t.assign(reader.workerId as number, site);
  const filler = "Check anchor points, harness lanyards and edge protection before work. ".repeat(70);
  const rows = Array.from({ length: FORMS }, (_, i) => ({
    projectId: site,
    title: `Lift plan ${i}`,
    jobDescription: filler,
    hazards: JSON.stringify([{ description: "Falls", riskLevel: "high" }]),
    controlMeasures: JSON.stringify([{ description: "Harness", responsibility: "Lead" }]),
    submittedBy: reader.workerId,
  }));
  for (let i = 0; i < rows.length; i += 250)
    await t.db
      .insertInto("jhaForms")
      .values(rows.slice(i, i + 250))
      .execute();
}, 120_000);

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await t.close();
});

const sockets: Socket[] = [];

/** Asks for the whole list over a raw connection and never reads the answer. */
function stalledReader(cookie: string): { socket: Socket; closed: Promise<string> } {
  const socket = connect(port, "127.0.0.1");
  sockets.push(socket);
  socket.pause();
  socket.write(`GET /api/jha-forms HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\nConnection: close\r\n\r\n`);
  let received = "";
  const closed = new Promise<string>((resolve) => {
    socket.on("data", (data) => {
      received += data.toString("latin1");
    });
    socket.once("close", () => resolve(received));
    socket.on("error", () => undefined);
  });
  return { socket, closed };
}

async function read(url: string, cookie?: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`${base}${url}`, { headers: cookie ? { cookie } : {}, signal: AbortSignal.timeout(60_000) });
  return { status: res.status, body: await res.text() };
}

describe("a client that stops reading a whole list", { timeout: 120_000 }, () => {
  it("blocks neither /api/health nor another user's page or whole list, then is disconnected after the idle timeout", async () => {
    const stalled = Array.from({ length: STALLED }, () => stalledReader(reader.cookie));
    const stalledAt = performance.now();
    // Long enough for the server to fill the sockets' buffers and stop at back-pressure.
    await new Promise((r) => setTimeout(r, 1_000));
    // Everything below must be answered while the stalled readers still hold their streams, that
    // is before the first idle timeout could have freed anything (no speed is asked of the machine;
    // on the previous code these waited for the stalled clients, which never read).
    const beforeAnyTimeout = () => performance.now() - stalledAt < IDLE_MS;

    const health = await read("/api/health");
    expect(health.status).toBe(200);
    expect(beforeAnyTimeout()).toBe(true);

    const page = await read("/api/jha-forms?limit=10", other.cookie);
    expect(page.status).toBe(200);
    expect(JSON.parse(page.body)).toHaveLength(10);
    expect(beforeAnyTimeout()).toBe(true);

    const whole = await read("/api/jha-forms", other.cookie);
    expect(whole.status).toBe(200);
    expect(JSON.parse(whole.body)).toHaveLength(FORMS);
    expect(beforeAnyTimeout()).toBe(true);

    // The stalled reader's own next whole list finds its two slots held by its stalled streams and
    // two more of its own queued ahead: it waits at most STREAM_WAIT_MS, then gets 503 with a
    // message (issue #30, L2: it used to wait without end).
    const busy = await read("/api/jha-forms", reader.cookie);
    expect(busy.status).toBe(503);
    expect(JSON.parse(busy.body)).toEqual({ message: STREAMS_BUSY });

    // The two stalled streams were closed by the server with their answers cut short; the two
    // queued behind them were refused with 503 once they had waited STREAM_WAIT_MS.
    const outcomes: string[] = [];
    // Read nothing until the idle timeout has passed for the running two (reading would let them finish).
    await new Promise((r) => setTimeout(r, Math.max(0, IDLE_MS + 2_000 - (performance.now() - stalledAt))));
    for (const { socket, closed } of stalled) {
      socket.resume();
      const received = await Promise.race([
        closed,
        new Promise<string>((_, reject) => setTimeout(() => reject(new Error("still open")), 2 * IDLE_MS)),
      ]);
      if (received.startsWith("HTTP/1.1 200")) expect(received.endsWith("\r\n0\r\n\r\n")).toBe(false);
      outcomes.push(received.slice(0, 12));
    }
    expect(outcomes.sort()).toEqual(["HTTP/1.1 200", "HTTP/1.1 200", "HTTP/1.1 503", "HTTP/1.1 503"]);
    // Once they are gone, the same reader is served in full.
    const again = await read("/api/jha-forms", reader.cookie);
    expect(again.status).toBe(200);
    expect(JSON.parse(again.body)).toHaveLength(FORMS);
  });
});
