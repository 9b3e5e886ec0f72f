import { createDecipheriv, createECDH, createPublicKey, type ECDH, hkdfSync, randomBytes, verify } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { HOT_WORK_PRECAUTIONS, PUSH_PAYLOAD_MAX_BYTES } from "@sitesafe/domain";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUSH_QUEUE, pushNotification, pushPayloadOf } from "../src/services/push.js";
import { createTestApp, type TestApp, type TestUser } from "./helpers.js";

/**
 * Web Push against a real peer: a local HTTP server stands in for the push service. Each device
 * has real P-256 keys and an auth secret, so the test decrypts what the server sent (RFC 8291) and
 * checks the VAPID signature (RFC 8292) with the key the server publishes.
 */

interface Received {
  path: string;
  method: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}
const received: Received[] = [];
/** What the push service answers next, by path (default 201). */
const answers = new Map<string, number>();
let pushServer: Server;
let base: string;
let t: TestApp;
let manager: TestUser;
let spanishManager: TestUser;
let welder: TestUser;
let projectA: number;
const silent = { info() {}, warn() {}, error() {} };
const config = { vapidSubject: "mailto:safety@example.com", pushAllowLocalHttp: true };

beforeAll(async () => {
  pushServer = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ path: req.url ?? "", method: req.method ?? "", headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = answers.get(req.url ?? "") ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => pushServer.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(pushServer.address() as AddressInfo).port}`;
  t = await createTestApp(config);
  manager = await t.createUser({ role: "manager", firstName: "Max", lastName: "Manager" });
  spanishManager = await t.createUser({ role: "manager", firstName: "Lucía", lastName: "Gerente" });
  await t.db.updateTable("users").set({ language: "es" }).where("id", "=", spanishManager.id).execute();
  welder = await t.createUser({ role: "worker", firstName: "Wendy", lastName: "Welder" });
  projectA = await t.createProject({ name: "Harbor Tower" });
  await t.assign(welder.workerId as number, projectA);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => pushServer?.close(() => resolve()));
});

interface Device {
  ecdh: ECDH;
  auth: Buffer;
  endpoint: string;
  body: { endpoint: string; keys: { p256dh: string; auth: string } };
}
function device(path: string): Device {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const endpoint = `${base}${path}`;
  return {
    ecdh,
    auth,
    endpoint,
    body: { endpoint, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") } },
  };
}

async function subscribe(as: TestUser, d: Device) {
  const res = await t.request({ method: "PUT", url: "/api/push/subscription", as, payload: d.body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** RFC 8291 / RFC 8188 aes128gcm: the plaintext the device would read. */
function decrypt(d: Device, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const idlen = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const secret = d.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), d.ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync("sha256", secret, d.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2); // the last record's delimiter
  return padded.subarray(0, end).toString("utf8");
}

/** Checks `Authorization: vapid t=<JWT>, k=<key>`: signed by `publicKey`, for the endpoint's origin. */
function checkVapid(header: string | undefined, publicKey: string, endpoint: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  expect(match, header).not.toBeNull();
  const [, jwt = "", k = ""] = match as RegExpExecArray;
  expect(k).toBe(publicKey);
  const [head = "", claims = "", signature = ""] = jwt.split(".");
  expect(JSON.parse(Buffer.from(head, "base64url").toString())).toMatchObject({ alg: "ES256", typ: "JWT" });
  const payload = JSON.parse(Buffer.from(claims, "base64url").toString());
  expect(payload.aud).toBe(new URL(endpoint).origin);
  expect(payload.sub).toBe("mailto:safety@example.com");
  expect(payload.exp * 1000).toBeGreaterThan(Date.now());
  const point = Buffer.from(publicKey, "base64url");
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33, 65).toString("base64url") },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  expect(signed).toBe(true);
}

async function pushJobs(): Promise<{ notificationId: number; subscriptionId: number }[]> {
  const rows = await sql<{ data: { notificationId: number; subscriptionId: number } }>`
    select data from pgboss.job where name = ${PUSH_QUEUE.name} order by created_on, id`.execute(t.db);
  return rows.rows.map((r) => r.data);
}
async function clearPushJobs() {
  await sql`delete from pgboss.job where name = ${PUSH_QUEUE.name}`.execute(t.db);
}
const subscriptionsOf = async (user: TestUser) =>
  t.db.selectFrom("pushSubscriptions").where("userId", "=", user.id).select(["id", "endpoint"]).orderBy("id").execute();

let permitN = 0;
async function requestPermit(): Promise<number> {
  permitN++;
  const res = await t.request({
    method: "POST",
    url: "/api/hot-work-permits",
    as: welder,
    payload: {
      projectId: projectA,
      title: `Weld roof handrails ${permitN}`,
      location: "Roof",
      workDescription: "Welding handrail posts to the roof beams.",
      startDate: "2026-03-02T08:00:00.000Z",
      endDate: "2026-03-02T16:00:00.000Z",
      precautions: [...HOT_WORK_PRECAUTIONS],
      equipmentUsed: ["Welding equipment"],
      fireWatchRequired: false,
      requestedBy: welder.workerId,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}
const put = (url: string, as: TestUser, payload: object = {}) => t.request({ method: "PUT", url, as, payload });

describe("subscribing a device", () => {
  it("everyone signed in reads the same VAPID public key, made on the first start and kept in the database", async () => {
    const a = await t.request({ method: "GET", url: "/api/push/vapid-public-key", as: manager });
    const b = await t.request({ method: "GET", url: "/api/push/vapid-public-key", as: welder });
    expect(a.statusCode, a.body).toBe(200);
    expect(b.json()).toEqual(a.json());
    expect(Buffer.from(a.json().publicKey, "base64url")).toHaveLength(65);
    const stored = await t.db.selectFrom("pushVapidKeys").select("publicKey").execute();
    expect(stored).toEqual([{ publicKey: a.json().publicKey }]);
    expect((await t.request({ method: "GET", url: "/api/push/vapid-public-key" })).statusCode).toBe(401);
  });

  it("refuses what is not a subscription with a clear 400 and stores nothing", async () => {
    const good = device("/push/x").body;
    const cases: [object, string][] = [
      [{ ...good, endpoint: "https://push.example.com/".padEnd(1100, "a") }, "Endpoint is too long"],
      [{ ...good, endpoint: "ftp://push.example.com/a" }, "Endpoint must be an https address"],
      [{ ...good, endpoint: "not a url" }, "Endpoint must be an https address"],
      // Plain http only to this machine (tests), and never to an address typed as an IP number.
      [{ ...good, endpoint: "http://push.example.com/a" }, "Endpoint must be an https address"],
      [{ ...good, endpoint: "https://10.0.0.5/a" }, "Endpoint must be an https address"],
      // The endpoint is the user's to choose: only the browsers' push services (PUSH_SERVICE_HOSTS).
      [{ ...good, endpoint: "https://push.example.com/a" }, "Endpoint must be a known push service"],
      [{ ...good, endpoint: "https://metadata.internal/latest" }, "Endpoint must be a known push service"],
      [{ ...good, endpoint: "https://fcm.googleapis.com.evil.example/a" }, "Endpoint must be a known push service"],
      [{ ...good, endpoint: "https://evilpush.apple.com/a" }, "Endpoint must be a known push service"],
      [{ ...good, keys: { ...good.keys, p256dh: "short" } }, "p256dh is not a valid key"],
      [{ ...good, keys: { ...good.keys, auth: "a".repeat(100) } }, "auth is not a valid key"],
      [{ ...good, keys: { ...good.keys, auth: "!!!!!!!!!!!!!!!!!!!!!!" } }, "auth is not a valid key"],
      [{ endpoint: good.endpoint }, "Keys are required"],
    ];
    for (const [payload, message] of cases) {
      const res = await t.request({ method: "PUT", url: "/api/push/subscription", as: welder, payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await subscriptionsOf(welder)).toEqual([]);
    const anonymous = await t.request({ method: "PUT", url: "/api/push/subscription", payload: good });
    expect(anonymous.statusCode).toBe(401);
  });

  it("takes the endpoints of the browsers' push services", async () => {
    const user = await t.createUser({ role: "worker" });
    const keys = device("/push/any").body.keys;
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/abc123",
      "https://updates.push.services.mozilla.com/wpush/v2/abc",
      "https://web.push.apple.com/QGm2abc",
      "https://wns2-by3p.notify.windows.com/w/?token=abc",
    ]) {
      const res = await put("/api/push/subscription", user, { endpoint, keys });
      expect(res.statusCode, `${endpoint}: ${res.body}`).toBe(200);
    }
    expect(await subscriptionsOf(user)).toHaveLength(4);
  });

  it("keeps at most ten devices a user, dropping the oldest; the same endpoint again is one device", async () => {
    const user = await t.createUser({ role: "worker" });
    const first = device("/push/first");
    expect(await subscribe(user, first)).toEqual({ subscribed: true, devices: 1 });
    expect(await subscribe(user, first)).toEqual({ subscribed: true, devices: 1 });
    for (let n = 0; n < 10; n++) await subscribe(user, device(`/push/many-${n}`));
    const kept = await subscriptionsOf(user);
    expect(kept).toHaveLength(10);
    expect(kept.map((s) => s.endpoint)).not.toContain(first.endpoint);
  });

  it("another account's device moves only with its own keys: the endpoint alone is 409 and changes nothing", async () => {
    const d = device("/push/shared-tablet");
    await subscribe(welder, d);
    const stored = await t.db.selectFrom("pushSubscriptions").where("endpoint", "=", d.endpoint).selectAll().executeTakeFirstOrThrow();
    // Someone who learned the endpoint, with keys of their own: refused, the device stays the welder's.
    const forged = device("/push/shared-tablet");
    const res = await t.request({ method: "PUT", url: "/api/push/subscription", as: manager, payload: forged.body });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe("This device is registered to another account");
    expect(await t.db.selectFrom("pushSubscriptions").where("endpoint", "=", d.endpoint).selectAll().executeTakeFirstOrThrow()).toEqual(
      stored,
    );
    // In Spanish for a Spanish reader.
    const es = await t.request({
      method: "PUT",
      url: "/api/push/subscription",
      as: manager,
      payload: forged.body,
      headers: { "accept-language": "es" },
    });
    expect(es.json().message).toBe("Este dispositivo está registrado a otra cuenta");
    // The same browser signed in as the manager re-sends its subscription, keys and all: it moves.
    expect(await subscribe(manager, d)).toMatchObject({ subscribed: true });
    expect((await subscriptionsOf(manager)).map((s) => s.endpoint)).toContain(d.endpoint);
    expect((await subscriptionsOf(welder)).map((s) => s.endpoint)).not.toContain(d.endpoint);
    // Its own owner may renew its keys.
    const renewed = device("/push/shared-tablet");
    expect(await subscribe(manager, renewed)).toMatchObject({ subscribed: true });
    const after = await t.db.selectFrom("pushSubscriptions").where("endpoint", "=", d.endpoint).select("auth").executeTakeFirstOrThrow();
    expect(after.auth).toBe(renewed.body.keys.auth);
    await t.request({ method: "POST", url: "/api/push/unsubscribe", as: manager, payload: { endpoint: d.endpoint } });
  });

  it("unsubscribes only the caller's own device: anyone else's endpoint is 404 and stays", async () => {
    const d = device("/push/mine");
    await subscribe(welder, d);
    const other = await t.request({ method: "POST", url: "/api/push/unsubscribe", as: manager, payload: { endpoint: d.endpoint } });
    expect(other.statusCode).toBe(404);
    expect((await subscriptionsOf(welder)).map((s) => s.endpoint)).toContain(d.endpoint);
    const own = await t.request({ method: "POST", url: "/api/push/unsubscribe", as: welder, payload: { endpoint: d.endpoint } });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toEqual({ subscribed: false, devices: 0 });
    expect(await subscriptionsOf(welder)).toEqual([]);
  });
});

describe("sending through a push service", () => {
  it("a permit request reaches each manager's device: encrypted, VAPID-signed, in their language", async () => {
    await clearPushJobs();
    const english = device("/push/max");
    const spanish = device("/push/lucia");
    await subscribe(manager, english);
    await subscribe(spanishManager, spanish);
    const id = await requestPermit();
    const jobs = await pushJobs();
    expect(jobs).toHaveLength(2);
    const publicKey = (await t.request({ method: "GET", url: "/api/push/vapid-public-key", as: manager })).json().publicKey;
    received.length = 0;
    for (const job of jobs) expect(await pushNotification(t.db, config, silent, job)).toBe("sent");
    expect(received).toHaveLength(2);
    for (const [d, language, text] of [
      [english, "en", `Wendy Welder requested the hot work permit “Weld roof handrails ${permitN}”; it awaits approval`],
      [spanish, "es", `Wendy Welder solicitó el permiso de trabajo en caliente “Weld roof handrails ${permitN}”; espera aprobación`],
    ] as const) {
      const req = received.find((r) => r.path === new URL(d.endpoint).pathname);
      expect(req?.method).toBe("POST");
      expect(req?.headers["content-encoding"]).toBe("aes128gcm");
      expect(Number(req?.headers.ttl)).toBeGreaterThan(0);
      checkVapid(req?.headers.authorization, publicKey, d.endpoint);
      expect(req?.body.length).toBeLessThan(4096);
      const payload = JSON.parse(decrypt(d, req?.body as Buffer));
      expect(payload).toEqual({
        title: "SiteSafe",
        body: text,
        url: `/forms/hot-work-permits/${id}`,
        lang: language,
        tag: expect.stringMatching(/^notification-\d+$/),
        urgent: false,
      });
    }
  });

  it("the payload stays under its bound however long the record's title", () => {
    const long = pushPayloadOf({
      id: 1,
      kind: "permit.requested",
      entity: "permit",
      entityId: 7,
      params: { title: "Ñ".repeat(5000), by: "Wendy Welder" },
      urgent: true,
      language: "es",
    });
    expect(Buffer.byteLength(JSON.stringify(long))).toBeLessThanOrEqual(PUSH_PAYLOAD_MAX_BYTES);
    expect(long).toMatchObject({ title: "URGENTE: SiteSafe", url: "/forms/hot-work-permits/7", lang: "es", urgent: true });
    expect(long.body.startsWith("Wendy Welder solicitó")).toBe(true);
    expect(long.body.endsWith("…")).toBe(true);
  });

  it("a device the push service says is gone (410, then 404) is deleted; a 500 is thrown for the queue to retry", async () => {
    const job = (await pushJobs())[0] as { notificationId: number; subscriptionId: number };
    const sub = await t.db
      .selectFrom("pushSubscriptions")
      .where("id", "=", job.subscriptionId)
      .select("endpoint")
      .executeTakeFirstOrThrow();
    const path = new URL(sub.endpoint).pathname;
    answers.set(path, 500);
    await expect(pushNotification(t.db, config, silent, job)).rejects.toThrow("push service answered 500");
    expect(await t.db.selectFrom("pushSubscriptions").where("id", "=", job.subscriptionId).select("id").execute()).toHaveLength(1);
    expect(PUSH_QUEUE.retryLimit).toBeGreaterThan(0);

    answers.set(path, 410);
    expect(await pushNotification(t.db, config, silent, job)).toBe("gone");
    expect(await t.db.selectFrom("pushSubscriptions").where("id", "=", job.subscriptionId).select("id").execute()).toEqual([]);
    // A later try of a job for the deleted device sends nothing.
    const before = received.length;
    expect(await pushNotification(t.db, config, silent, job)).toBe("skipped");
    expect(received.length).toBe(before);

    const other = (await pushJobs())[1] as { notificationId: number; subscriptionId: number };
    const otherSub = await t.db
      .selectFrom("pushSubscriptions")
      .where("id", "=", other.subscriptionId)
      .select("endpoint")
      .executeTakeFirstOrThrow();
    answers.set(new URL(otherSub.endpoint).pathname, 404);
    expect(await pushNotification(t.db, config, silent, other)).toBe("gone");
    expect(await t.db.selectFrom("pushSubscriptions").where("id", "=", other.subscriptionId).select("id").execute()).toEqual([]);
  });

  it("a worker moved off the project gets no push about it, though it was queued before the move", async () => {
    const d = device("/push/wendy");
    await subscribe(welder, d);
    const id = await requestPermit();
    await clearPushJobs();
    expect((await put(`/api/hot-work-permits/${id}/approve`, manager)).statusCode).toBe(200);
    const jobs = await pushJobs();
    const mine = await subscriptionsOf(welder);
    const forWelder = jobs.filter((j) => mine.some((s) => s.id === j.subscriptionId));
    expect(forWelder).toHaveLength(1);
    await t.db
      .deleteFrom("projectWorkers")
      .where("workerId", "=", welder.workerId as number)
      .execute();
    const before = received.length;
    expect(await pushNotification(t.db, config, silent, forWelder[0] as { notificationId: number; subscriptionId: number })).toBe(
      "skipped",
    );
    expect(received.length).toBe(before);
    await t.assign(welder.workerId as number, projectA);
  });

  it("a user who switched push off for a kind gets none of it; e-mail stays their own choice; required kinds cannot be switched off", async () => {
    const off = await put("/api/notification-preferences", welder, { kind: "permit.approved", push: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toContainEqual({ kind: "permit.approved", email: true, push: false, required: false });
    const id = await requestPermit();
    await clearPushJobs();
    expect((await put(`/api/hot-work-permits/${id}/approve`, manager)).statusCode).toBe(200);
    const mine = await subscriptionsOf(welder);
    expect(mine).toHaveLength(1);
    expect((await pushJobs()).filter((j) => mine.some((s) => s.id === j.subscriptionId))).toEqual([]);
    // The bell still has it.
    const notes = (await t.request({ method: "GET", url: "/api/notifications", as: welder })).json();
    expect(notes.some((n: { kind: string; entityId: number }) => n.kind === "permit.approved" && n.entityId === id)).toBe(true);

    const required = await put("/api/notification-preferences", manager, { kind: "fireWatch.overdue", push: false });
    expect(required.statusCode).toBe(400);
    expect(required.json().message).toBe("This notification is required for your role and cannot be switched off");
    const neither = await put("/api/notification-preferences", manager, { kind: "jha.commented" });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().message).toBe("Choose e-mail or push");
  });
});

describe("through the server's own job worker", () => {
  let q: TestApp;
  afterAll(() => q?.close());

  it("a push service's 500 leaves the job to retry, and the retry delivers it", async () => {
    q = await createTestApp({ ...config, runJobs: true, jobPollingSeconds: 1 });
    const boss = await q.createUser({ role: "manager", firstName: "Queue", lastName: "Manager" });
    const worker = await q.createUser({ role: "worker", firstName: "Quinn", lastName: "Worker" });
    const project = await q.createProject({ name: "Queue Yard" });
    await q.assign(worker.workerId as number, project);
    const d = device("/push/queue-manager");
    answers.set("/push/queue-manager", 500);
    expect((await q.request({ method: "PUT", url: "/api/push/subscription", as: boss, payload: d.body })).statusCode).toBe(200);
    const res = await q.request({
      method: "POST",
      url: "/api/incident-reports",
      as: worker,
      // Severe: urgent, so it goes by push without any choice made.
      payload: {
        projectId: project,
        title: "Slipped on wet deck",
        description: "Slipped on the wet deck",
        severity: "severe",
        date: "2026-03-02",
        location: "Deck 1",
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const job = async () =>
      (
        await sql<{ state: string }>`
          select state from pgboss.job where name = ${PUSH_QUEUE.name} order by created_on desc limit 1`.execute(q.db)
      ).rows[0];
    const toQueue = () => received.filter((r) => r.path === "/push/queue-manager");
    const deadline = Date.now() + 30_000;
    while (!((await job())?.state === "retry" && toQueue().length === 1)) {
      if (Date.now() > deadline) throw new Error(`no retry: ${JSON.stringify(await job())}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    // Failed once, waiting for its retry (not failed for good, not completed).
    expect((await job())?.state).toBe("retry");
    // The push service is back; the retry's backoff is made due now rather than waited for.
    answers.set("/push/queue-manager", 201);
    await sql`update pgboss.job set start_after = now() where name = ${PUSH_QUEUE.name} and state = 'retry'`.execute(q.db);
    while ((await job())?.state !== "completed") {
      if (Date.now() > deadline + 30_000) throw new Error(`not delivered: ${JSON.stringify(await job())}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(toQueue()).toHaveLength(2);
    expect(JSON.parse(decrypt(d, toQueue()[1]?.body as Buffer))).toMatchObject({ body: expect.stringContaining("Slipped on wet deck") });
    expect(await q.db.selectFrom("pushSubscriptions").where("userId", "=", boss.id).select("id").execute()).toHaveLength(1);
  }, 90_000);
});
