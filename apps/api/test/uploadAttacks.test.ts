import { readFileSync } from "node:fs";
import { connect } from "node:net";
import { createDb, migrateToLatest } from "@sitesafe/db";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../src/auth/passwords.js";
import { BODY_WINDOW_MS, UPLOAD_STALLED } from "../src/bodyTimeout.js";
import { PHOTO_TOO_COSTLY } from "../src/services/photos.js";
import { assertBuilt, cleanUpSpawned, createDatabase, dataDirEnv, login, onPostgres, start, urlFor } from "./spawn.js";

/**
 * Issue #30's probe, its attacks on photo uploads replayed against the built server
 * (docs/security.md, "Round two: uploads"):
 * - H3: two sockets send the headers of a 10 MB upload and no body. They held both upload slots,
 *   and every other user's upload waited 60 s for a 503. Now nothing is reserved before a body
 *   begins, and a body that does not come is cut off with a 408 (bodyTimeout.ts).
 * - M1: concurrent uploads of a 400 KB PNG of 7000 x 7000 pixels at 16 bits per channel took the
 *   server from 172 MB to over 1 GB, and a login took 16.6 s. Now decodes are admitted by pixels
 *   (services/photos.ts): that PNG (294 MB decoded) is refused from its header, and heavy images
 *   that are admitted are decoded at most two at a time.
 */

const PASSWORD = "Upload123!";

/** A fresh database with two managers ("idler" and "crew"), a project and `forms` JHA forms. */
async function seeded(prefix: string, forms: number): Promise<{ env: Record<string, string>; jhaIds: number[] }> {
  const env: Record<string, string> = onPostgres ? { DATABASE_URL: urlFor(await createDatabase(prefix)) } : dataDirEnv();
  const handle = await createDb(onPostgres ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
  await migrateToLatest(handle.db);
  const passwordHash = await hashPassword(PASSWORD);
  for (const username of ["idler", "crew"]) {
    await handle.db
      .insertInto("users")
      .values({ username, email: `${username}@example.com`, passwordHash, role: "manager", firstName: username, lastName: "Test" })
      .execute();
  }
  const site = await handle.db
    .insertInto("projects")
    .values({ name: "Harbor Tower", location: "Pier 9", status: "active", startDate: "2026-01-05", emergencyContactInfo: "{}" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const jhaIds: number[] = [];
  for (let i = 0; i < forms; i++) {
    const jha = await handle.db
      .insertInto("jhaForms")
      .values({
        projectId: site.id,
        title: `Roof work ${i}`,
        jobDescription: "Replace roof sheets",
        hazards: JSON.stringify([{ description: "Fall from height", riskLevel: "high" }]),
        controlMeasures: JSON.stringify([{ description: "Harness", responsibility: "Foreman" }]),
      } as never)
      .returning("id")
      .executeTakeFirstOrThrow();
    jhaIds.push(jha.id);
  }
  await handle.close();
  return { env, jhaIds };
}

async function cookieOf(base: string, username: string): Promise<string> {
  const res = await login(base, username, PASSWORD);
  expect(res.status).toBe(200);
  return (res.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
}

function upload(base: string, cookie: string, jhaId: number, data: Buffer, name: string, type: string) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(data)], { type }), name);
  return fetch(`${base}/api/jha-forms/${jhaId}/photos`, { method: "POST", headers: { cookie, origin: base }, body: form });
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

describe("the probe's attacks on photo uploads, against the built server", { timeout: 300_000 }, () => {
  beforeAll(assertBuilt);
  afterAll(cleanUpSpawned);

  it("two idle uploads: another user's upload succeeds within 2 s, and the idle ones are cut off by the body timeout", async () => {
    const { env, jhaIds } = await seeded("sitesafe_idle_uploads", 1);
    const jhaId = jhaIds[0] as number;
    const server = await start(env);
    const [idler, crew] = [await cookieOf(server.base, "idler"), await cookieOf(server.base, "crew")];
    const { port, host } = new URL(server.base);

    // The probe's requests: the headers of a 10 MB upload, then nothing.
    const opened = Date.now();
    const idle = [0, 1].map(() => {
      const socket = connect(Number(port), "127.0.0.1");
      let answer = "";
      socket.on("data", (chunk) => {
        answer += chunk.toString("latin1");
      });
      socket.on("error", () => {});
      socket.write(
        `POST /api/jha-forms/${jhaId}/photos HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${server.base}\r\nCookie: ${idler}\r\n` +
          "Content-Type: multipart/form-data; boundary=----idle\r\nContent-Length: 10545760\r\n\r\n",
      );
      return {
        socket,
        closed: new Promise<{ answer: string; ms: number }>((r) => socket.on("close", () => r({ answer, ms: Date.now() - opened }))),
      };
    });
    // Ordering, not timing: the idle requests are through their checks before the next upload comes.
    await new Promise((r) => setTimeout(r, 1000));

    const photo = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 40 } },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
    const started = Date.now();
    const res = await upload(server.base, crew, jhaId, photo, "site.jpg", "image/jpeg");
    const ms = Date.now() - started;
    expect(res.status, await res.clone().text()).toBe(201);
    expect(ms, `the other user's upload took ${ms} ms`).toBeLessThan(2000);

    // The idle ones get a 408 and their connections are closed once a window passes without a byte.
    for (const { answer, ms: after } of await Promise.all(idle.map((i) => i.closed))) {
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(answer).toContain(JSON.stringify({ message: UPLOAD_STALLED }));
      expect(after).toBeGreaterThanOrEqual(BODY_WINDOW_MS - 1000);
      expect(after).toBeLessThan(BODY_WINDOW_MS + 10_000);
    }
    expect(server.child.exitCode).toBeNull();
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  });

  it("a flood of 16-bit 7000 x 7000 PNGs: refused from their headers, heavy images admitted two at a time, a login answers within 2 s, memory stays bounded", async () => {
    const FLOOD = 12;
    const ADMITTED = 4;
    const { env, jhaIds } = await seeded("sitesafe_decode_flood", 2);
    const server = await start(env);
    const pid = server.child.pid as number;
    const crew = await cookieOf(server.base, "crew");

    // The probe's file: 7000 x 7000 RGB at 16 bits per channel, ~400 KB compressed, 294 MB decoded.
    const huge = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: "#336699" } })
      .toColourspace("rgb16")
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(600_000);
    // Heavy but admitted: interlaced, so decoded whole (1600 x 1600 x 3 x 2 bytes, 15 MB).
    const heavy = await sharp({ create: { width: 1600, height: 1600, channels: 3, background: "#2f9e44" } })
      .toColourspace("rgb16")
      .png({ progressive: true })
      .toBuffer();

    // Warm up (sharp loaded, a photo stored), then the level the flood starts from.
    expect((await upload(server.base, crew, jhaIds[1] as number, heavy, "warm.png", "image/png")).status).toBe(201);
    await new Promise((r) => setTimeout(r, 500));
    const baseline = rssMb(pid);
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(pid));
    }, 25);
    try {
      const flood = [
        ...Array.from({ length: FLOOD }, () => upload(server.base, crew, jhaIds[0] as number, huge, "huge.png", "image/png")),
        ...Array.from({ length: ADMITTED }, () => upload(server.base, crew, jhaIds[1] as number, heavy, "heavy.png", "image/png")),
      ];
      await new Promise((r) => setTimeout(r, 300));
      const loginStarted = Date.now();
      const signIn = await login(server.base, "idler", PASSWORD);
      const loginMs = Date.now() - loginStarted;
      const results = await Promise.all(flood.map(async (r) => ({ status: (await r).status, body: await (await r).text() })));
      expect(signIn.status).toBe(200);
      expect(loginMs, `a login during the flood took ${loginMs} ms`).toBeLessThan(2000);
      for (const r of results.slice(0, FLOOD)) expect(r).toEqual({ status: 413, body: JSON.stringify({ message: PHOTO_TOO_COSTLY }) });
      expect(results.slice(FLOOD).map((r) => r.status)).toEqual(Array(ADMITTED).fill(201));
    } finally {
      clearInterval(sampler);
    }
    console.log(`decode flood: baseline ${baseline.toFixed(0)} MB, peak ${peak.toFixed(0)} MB`);
    if (onPostgres) expect(peak).toBeLessThan(300);
    // The embedded database lives in the process, its memory already in the baseline.
    else expect(peak - baseline).toBeLessThan(150);
    expect(server.child.exitCode).toBeNull();
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  });
});
