import {
  ALREADY_SIGNED,
  type CrewSignature,
  LINK_EXPIRED,
  LINK_EXPIRY_PAST,
  LINK_EXPIRY_TOO_FAR,
  LINK_KINDS_ONLY,
  LINK_REVOKED,
  LINK_TOO_MANY,
  PERMIT_NOT_OPEN_FOR_SIGN_ON,
  SIGN_ON_LINK_PER_MINUTE,
  SIGN_ONLY_FOR_YOURSELF,
  SIGNATURE_BAD_SIZE,
  SIGNATURE_MAX_BYTES,
  SIGNATURE_NOT_PNG,
  SIGNATURE_REQUIRED,
  SIGNATURE_TOO_LARGE,
  SIGNER_COMPANY_REQUIRED,
  SIGNER_NOT_ON_PROJECT,
  type SignOnStatus,
} from "@sitesafe/domain";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestUser } from "./helpers.js";
import { createFixture, type Fixture, jhaBody, PHOTO_PNG, tableDigest } from "./security/fixture.js";

/**
 * Crew sign-on (issue #34) through the REST routes: who may sign for whom, "N of M assigned" and
 * who is missing, "signed an earlier version" after an edit, the signature's bytes bounded and
 * sniffed, one signature per worker and version, and an Idempotency-Key that signs once.
 */

let t: TestApp;
let f: Fixture;
/** A worker on P who did not file W1's records, and a foreman on P. */
let w3: TestUser;
let foreman: TestUser;

const signature = PHOTO_PNG.toString("base64");

beforeAll(async () => {
  t = await createTestApp();
  f = await createFixture(t);
  w3 = await t.createUser({ role: "worker", firstName: "Wes", lastName: "Three" });
  await t.assign(w3.workerId as number, f.projectP);
  foreman = await t.createUser({ role: "worker", firstName: "Fay", lastName: "Foreman" });
  await t.db
    .updateTable("workers")
    .set({ role: "Foreman" })
    .where("id", "=", foreman.workerId as number)
    .execute();
  await t.assign(foreman.workerId as number, f.projectP);
});
afterAll(() => t?.close());

const statusOf = async (url: string, as: TestUser) => {
  const res = await t.request({ method: "GET", url, as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SignOnStatus;
};

async function newJha(): Promise<number> {
  const res = await t.request({ method: "POST", url: "/api/jha-forms", payload: jhaBody(f), as: f.manager });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

describe("crew sign-on on a JHA form", () => {
  it("counts N of M assigned, lists who is missing, and marks signatures of an earlier version after an edit", async () => {
    const id = await newJha();
    const url = `/api/jha-forms/${id}/sign-on`;
    const before = await statusOf(url, f.manager);
    // P has W1, W3 and the foreman.
    expect(before.assignedCount).toBe(3);
    expect(before.signedCount).toBe(0);
    expect(before.missing.map((m) => m.workerId).sort()).toEqual([f.w1.workerId, w3.workerId, foreman.workerId].sort());
    expect(before.version).toMatch(/^[0-9a-f]{64}$/);

    // The foreman hands the phone round: W3, a crew member without an account, then signs himself.
    const v = before.version;
    const asForeman = (payload: object) =>
      t.request({ method: "POST", url, payload: { signature, recordVersion: v, ...payload }, as: foreman });
    const byW3 = await asForeman({ workerId: w3.workerId, device: "Foreman's phone" });
    expect(byW3.statusCode, byW3.body).toBe(201);
    expect(byW3.json()).toMatchObject({
      workerId: w3.workerId,
      name: "Wes Three",
      via: "device",
      current: true,
      device: "Foreman's phone",
    });
    const guest = await asForeman({ guestName: "Gus Guest", guestCompany: "Subs Inc" });
    expect(guest.statusCode, guest.body).toBe(201);
    expect(guest.json()).toMatchObject({ workerId: null, name: "Gus Guest", company: "Subs Inc", via: "device" });
    const self = await asForeman({});
    expect(self.statusCode, self.body).toBe(201);
    expect(self.json()).toMatchObject({ workerId: foreman.workerId, via: "own", collectedByName: null });

    const after = await statusOf(url, f.w1);
    expect(after.signedCount).toBe(2);
    expect(after.guestCount).toBe(1);
    expect(after.missing).toEqual([{ workerId: f.w1.workerId, name: expect.any(String) }]);
    expect(after.signatures.map((s) => s.name)).toEqual(["Wes Three", "Gus Guest", "Fay Foreman"]);
    expect(after.signatures.every((s) => s.current)).toBe(true);

    // An edit of the briefed content: every earlier signature is of an earlier version.
    const edit = await t.request({
      method: "PUT",
      url: `/api/jha-forms/${id}`,
      payload: { hazards: [{ description: "Trench collapse and falling spoil", riskLevel: "high" }] },
      as: f.manager,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const edited = await statusOf(url, f.manager);
    expect(edited.version).not.toBe(v);
    expect(edited.signedCount).toBe(0);
    expect(edited.guestCount).toBe(0);
    expect(edited.signatures.map((s) => s.current)).toEqual([false, false, false]);

    // W3 signs again, on their own phone, the new version.
    const again = await t.request({ method: "POST", url, payload: { signature, recordVersion: edited.version }, as: w3 });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ workerId: w3.workerId, via: "own", current: true });
    expect((await statusOf(url, f.manager)).signedCount).toBe(1);

    // The audit trail has a "signed" row per signature.
    const audits = await t.db.selectFrom("auditEvents").select("action").where("entity", "=", "jha").where("entityId", "=", id).execute();
    expect(audits.filter((a) => a.action === "signed")).toHaveLength(4);
  });

  it("refuses a second signature of one worker on one version (409), also when two arrive at once", async () => {
    const id = await newJha();
    const url = `/api/jha-forms/${id}/sign-on`;
    const { version } = await statusOf(url, f.manager);
    const payload = { workerId: w3.workerId, signature, recordVersion: version };
    const both = await Promise.all([1, 2].map(() => t.request({ method: "POST", url, payload, as: f.manager })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.statusCode === 409)?.json().message).toBe(ALREADY_SIGNED);
    expect((await statusOf(url, f.manager)).signatures).toHaveLength(1);
  });

  it("signs once for one Idempotency-Key (the Outbox's retry), and answers the same signature", async () => {
    const id = await newJha();
    const url = `/api/jha-forms/${id}/sign-on`;
    const { version } = await statusOf(url, f.manager);
    const send = () =>
      t.request({
        method: "POST",
        url,
        payload: { guestName: "Olga Offline", guestCompany: "Subs Inc", signature, recordVersion: version },
        headers: { "idempotency-key": "sign-on-once-1" },
        as: foreman,
      });
    const first = await send();
    const second = await send();
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode).toBe(201);
    expect((second.json() as CrewSignature).id).toBe((first.json() as CrewSignature).id);
    expect((await statusOf(url, f.manager)).signatures).toHaveLength(1);
  });

  it("keeps the version the signer read: a signature queued before an edit shows as an earlier version", async () => {
    const id = await newJha();
    const url = `/api/jha-forms/${id}/sign-on`;
    const { version } = await statusOf(url, f.manager);
    await t.request({ method: "PUT", url: `/api/jha-forms/${id}`, payload: { title: "Excavation JHA, revised" }, as: f.manager });
    const late = await t.request({ method: "POST", url, payload: { signature, recordVersion: version }, as: w3 });
    expect(late.statusCode, late.body).toBe(201);
    expect(late.json()).toMatchObject({ current: false, recordVersion: version });
  });
});

describe("who may sign for whom", () => {
  it("a worker who does not collect signs only for themself (403), and refuses without storing anything", async () => {
    const id = await newJha();
    const url = `/api/jha-forms/${id}/sign-on`;
    const { version } = await statusOf(url, w3);
    const before = await tableDigest(t);
    for (const payload of [
      { workerId: f.w1.workerId, signature, recordVersion: version },
      { guestName: "Gus Guest", guestCompany: "Subs Inc", signature, recordVersion: version },
    ]) {
      const res = await t.request({ method: "POST", url, payload, as: w3 });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe(SIGN_ONLY_FOR_YOURSELF);
    }
    expect(await tableDigest(t)).toEqual(before);
  });

  it("signatures are refused on records the signer cannot see: 403 for another project's record, 404 for none", async () => {
    const url = `/api/jha-forms/${f.jhaFormId}/sign-on`;
    for (const payload of [
      { signature, recordVersion: "a".repeat(64) },
      { signature: 7, recordVersion: "nonsense", workerId: "x" },
    ]) {
      const res = await t.request({ method: "POST", url, payload, as: f.w2 });
      expect(res.statusCode, res.body).toBe(403);
    }
    expect((await t.request({ method: "GET", url, as: f.w2 })).statusCode).toBe(403);
    const permit = await t.request({
      method: "POST",
      url: `/api/hot-work-permits/${f.approvedPermitId}/sign-on`,
      payload: { signature, recordVersion: "a".repeat(64) },
      as: f.w2,
    });
    expect(permit.statusCode).toBe(403);
    const image = await t.request({ method: "GET", url: `/api/sign-on-signatures/${f.signatureId}`, as: f.w2 });
    expect(image.statusCode).toBe(403);
    const missing = await t.request({
      method: "POST",
      url: "/api/jha-forms/999999/sign-on",
      payload: { signature, recordVersion: "a".repeat(64) },
      as: f.manager,
    });
    expect(missing.statusCode).toBe(404);
  });

  it("a collector names only workers assigned to the record's project", async () => {
    const id = await newJha();
    const res = await t.request({
      method: "POST",
      url: `/api/jha-forms/${id}/sign-on`,
      payload: { workerId: f.w2.workerId, signature, recordVersion: "b".repeat(64) },
      as: f.manager,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(SIGNER_NOT_ON_PROJECT);
  });

  it("a guest needs a company; a signature is required", async () => {
    const id = await newJha();
    const url = `/api/jha-forms/${id}/sign-on`;
    const noCompany = await t.request({
      method: "POST",
      url,
      payload: { guestName: "Gus", signature, recordVersion: "b".repeat(64) },
      as: foreman,
    });
    expect(noCompany.statusCode).toBe(400);
    expect(noCompany.json().message).toBe(SIGNER_COMPANY_REQUIRED);
    const noSignature = await t.request({ method: "POST", url, payload: { signature: "", recordVersion: "b".repeat(64) }, as: w3 });
    expect(noSignature.statusCode).toBe(400);
    expect(noSignature.json().message).toBe(SIGNATURE_REQUIRED);
  });
});

describe("signature payloads are bounded and sniffed", () => {
  let url: string;
  beforeAll(async () => {
    url = `/api/jha-forms/${await newJha()}/sign-on`;
  });
  const send = (sig: string) => t.request({ method: "POST", url, payload: { signature: sig, recordVersion: "c".repeat(64) }, as: w3 });

  it("a JPEG, SVG, text or a PNG-named non-PNG answers 415 with the message, and stores nothing", async () => {
    const jpeg = await sharp({ create: { width: 20, height: 10, channels: 3, background: "#000" } })
      .jpeg()
      .toBuffer();
    const before = await tableDigest(t);
    for (const sig of [
      jpeg.toString("base64"),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString("base64"),
      "not base64 at all!",
      `data:image/png;base64,${Buffer.from("hello, this is not a PNG image at all, just some text").toString("base64")}`,
    ]) {
      const res = await send(sig);
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json().message).toBe(SIGNATURE_NOT_PNG);
    }
    expect(await tableDigest(t)).toEqual(before);
  });

  it("more than 128 KB answers 413 (and the text length is refused before decoding: 400)", async () => {
    // A real PNG of random pixels, over the limit.
    const noise = Buffer.alloc(300 * 200 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251;
    const big = await sharp(noise, { raw: { width: 300, height: 200, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.byteLength).toBeGreaterThan(SIGNATURE_MAX_BYTES);
    const justOver = big.subarray(0, SIGNATURE_MAX_BYTES + 1).toString("base64");
    const res = await send(justOver);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().message).toBe(SIGNATURE_TOO_LARGE);
    const longer = await send(big.toString("base64"));
    expect(longer.statusCode).toBe(400);
    expect(longer.json().message).toBe(SIGNATURE_TOO_LARGE);
  });

  it("a PNG larger than 2000 x 1000 pixels is refused; a data URL of a real PNG is accepted and read back", async () => {
    const huge = await sharp({ create: { width: 4000, height: 100, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    const res = await send(huge.toString("base64"));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SIGNATURE_BAD_SIZE);

    const ok = await sharp({ create: { width: 600, height: 200, channels: 4, background: "#ffffff00" } })
      .png()
      .toBuffer();
    const signed = await send(`data:image/png;base64,${ok.toString("base64")}`);
    expect(signed.statusCode, signed.body).toBe(201);
    const image = await t.request({ method: "GET", url: `/api/sign-on-signatures/${signed.json().id}`, as: f.manager });
    expect(image.statusCode).toBe(200);
    expect(image.json().dataUrl).toBe(`data:image/png;base64,${ok.toString("base64")}`);
  });
});

describe("crew sign-on on a hot work permit", () => {
  it("takes signatures while pending or approved; a closed permit refuses with 409 and keeps its roster", async () => {
    const url = `/api/hot-work-permits/${f.approvedPermitId}/sign-on`;
    const { version, open } = await statusOf(url, f.w1);
    expect(open).toBe(true);
    const byRequester = await t.request({
      method: "POST",
      url,
      payload: { workerId: w3.workerId, signature, recordVersion: version },
      as: f.w1,
    });
    expect(byRequester.statusCode, byRequester.body).toBe(201);
    expect(byRequester.json()).toMatchObject({ via: "device", current: true });

    const close = await t.request({ method: "PUT", url: `/api/hot-work-permits/${f.approvedPermitId}/close`, payload: {}, as: f.w1 });
    expect(close.statusCode, close.body).toBe(200);
    const closed = await statusOf(url, f.manager);
    expect(closed.open).toBe(false);
    // Closing does not change what was signed: the roster stays current.
    expect(closed.signatures.map((s) => [s.name, s.current])).toEqual([["Wes Three", true]]);
    const late = await t.request({ method: "POST", url, payload: { signature, recordVersion: version }, as: foreman });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(PERMIT_NOT_OPEN_FOR_SIGN_ON);
  });
});

describe("a public sign-on link for people without the app", () => {
  const hour = 3600 * 1000;
  let jhaId: number;
  let otherJhaId: number;
  let token: string;
  let linkId: number;

  beforeAll(async () => {
    jhaId = await newJha();
    otherJhaId = await newJha();
    const created = await t.request({
      method: "POST",
      url: "/api/sign-on-links",
      payload: { kind: "jha", id: jhaId, expiresAt: new Date(Date.now() + 8 * hour).toISOString() },
      as: foreman,
    });
    expect(created.statusCode, created.body).toBe(201);
    token = created.json().token;
    linkId = created.json().id;
    expect(created.json()).toMatchObject({ state: "active", path: `/s/${token}`, kind: "jha", recordId: jhaId });
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  const view = (tok = token) => t.request({ method: "GET", url: `/api/public/sign-on/${tok}`, as: null });
  const signVia = async (name: string, extra: object = {}, tok = token) => {
    const { version } = (await view(tok)).json();
    return t.request({
      method: "POST",
      url: `/api/public/sign-on/${tok}`,
      payload: { guestName: name, guestCompany: "Walk-in Crew", signature, recordVersion: version ?? "a".repeat(64), ...extra },
      as: null,
    });
  };

  it("only whoever collects the record's sign-on makes links; the expiry is in the future and at most 7 days away", async () => {
    const body = (expiresAt: number, id = jhaId) => ({ kind: "jha", id, expiresAt: new Date(expiresAt).toISOString() });
    const asW3 = await t.request({ method: "POST", url: "/api/sign-on-links", payload: body(Date.now() + hour), as: w3 });
    expect(asW3.statusCode).toBe(403);
    const asW2 = await t.request({ method: "POST", url: "/api/sign-on-links", payload: body(Date.now() + hour), as: f.w2 });
    expect(asW2.statusCode).toBe(403);
    const past = await t.request({ method: "POST", url: "/api/sign-on-links", payload: body(Date.now() - 1000), as: foreman });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(LINK_EXPIRY_PAST);
    const far = await t.request({ method: "POST", url: "/api/sign-on-links", payload: body(Date.now() + 8 * 24 * hour), as: f.manager });
    expect(far.json().message).toBe(LINK_EXPIRY_TOO_FAR);
    const permit = await t.request({
      method: "POST",
      url: "/api/sign-on-links",
      payload: { kind: "permit", id: f.permitId, expiresAt: new Date(Date.now() + hour).toISOString() },
      as: f.manager,
    });
    expect(permit.statusCode).toBe(400);
    expect(permit.json().message).toBe(LINK_KINDS_ONLY);
  });

  it("opens a minimal page of that one record, signed out: the briefing and nothing else", async () => {
    const res = await view();
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(["controls", "date", "expiresAt", "hazards", "kind", "text", "title", "version"]);
    expect(res.json()).toMatchObject({
      kind: "jha",
      title: "Excavation JHA",
      hazards: [{ description: "Trench collapse", riskLevel: "high" }],
    });
    expect((await view("x".repeat(32))).statusCode).toBe(404);
    expect((await view("short")).statusCode).toBe(400);
  });

  it("signs only its own record, marked as made through the link, whatever the body names", async () => {
    const res = await signVia("Walter Walkin", { kind: "jha", id: otherJhaId, workerId: f.w1.workerId });
    expect(res.statusCode, res.body).toBe(201);
    const status = (await t.request({ method: "GET", url: `/api/jha-forms/${jhaId}/sign-on`, as: f.manager })).json() as SignOnStatus;
    expect(status.signatures.map((s) => [s.name, s.company, s.via, s.workerId, s.current])).toEqual([
      ["Walter Walkin", "Walk-in Crew", "link", null, true],
    ]);
    const other = (await t.request({ method: "GET", url: `/api/jha-forms/${otherJhaId}/sign-on`, as: f.manager })).json() as SignOnStatus;
    expect(other.signatures).toEqual([]);
    const row = await t.db
      .selectFrom("crewSignatures")
      .select(["signOnLinkId", "collectedBy"])
      .where("jhaFormId", "=", jhaId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ signOnLinkId: linkId, collectedBy: null });
    // A page on another origin cannot sign through it.
    const foreign = await t.request({
      method: "POST",
      url: `/api/public/sign-on/${token}`,
      headers: { origin: "https://evil.example" },
      payload: { guestName: "X", guestCompany: "Y", signature, recordVersion: "a".repeat(64) },
      as: null,
    });
    expect(foreign.statusCode).toBe(403);
  });

  it("is rate-limited: past 30 signatures in a minute through one link, 429", async () => {
    const second = await t.request({
      method: "POST",
      url: "/api/sign-on-links",
      payload: { kind: "jha", id: otherJhaId, expiresAt: new Date(Date.now() + hour).toISOString() },
      as: f.manager,
    });
    const tok = second.json().token as string;
    await t.db
      .insertInto("crewSignatures")
      .values(
        Array.from({ length: SIGN_ON_LINK_PER_MINUTE }, (_, i) => ({
          jhaFormId: otherJhaId,
          projectId: f.projectP,
          signerName: `Rush ${i}`,
          via: "link" as const,
          recordVersion: "d".repeat(64),
          signaturePng: new Uint8Array(PHOTO_PNG),
          byteSize: PHOTO_PNG.byteLength,
          signOnLinkId: second.json().id,
        })),
      )
      .execute();
    const res = await signVia("One too many", {}, tok);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(LINK_TOO_MANY);
    // A minute later (the rows' time moved back, nothing slept on) it takes signatures again.
    await t.db
      .updateTable("crewSignatures")
      .set({ signedAt: new Date(Date.now() - 61_000) })
      .where("signOnLinkId", "=", second.json().id)
      .execute();
    expect((await signVia("Next minute", {}, tok)).statusCode).toBe(201);
  });

  it("is refused after its expiry, and at once when revoked; the collector lists its state", async () => {
    const before = await t.request({ method: "GET", url: `/api/sign-on-links?kind=jha&id=${jhaId}`, as: foreman });
    expect(before.json().map((l: { state: string }) => l.state)).toEqual(["active"]);

    const revoked = await t.request({ method: "DELETE", url: `/api/sign-on-links/${linkId}`, as: foreman });
    expect(revoked.statusCode).toBe(204);
    expect((await view()).json().message).toBe(LINK_REVOKED);
    const late = await t.request({
      method: "POST",
      url: `/api/public/sign-on/${token}`,
      payload: { guestName: "Late", guestCompany: "X", signature, recordVersion: "a".repeat(64) },
      as: null,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(LINK_REVOKED);

    const third = await t.request({
      method: "POST",
      url: "/api/sign-on-links",
      payload: { kind: "jha", id: jhaId, expiresAt: new Date(Date.now() + hour).toISOString() },
      as: foreman,
    });
    await t.db
      .updateTable("signOnLinks")
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where("id", "=", third.json().id)
      .execute();
    const expired = await view(third.json().token);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toBe(LINK_EXPIRED);
    expect((await signVia("Too late", {}, third.json().token)).statusCode).toBe(409);
    const listed = await t.request({ method: "GET", url: `/api/sign-on-links?kind=jha&id=${jhaId}`, as: f.manager });
    expect(listed.json().map((l: { state: string }) => l.state)).toEqual(["expired", "revoked"]);
    expect(JSON.stringify(listed.json())).not.toContain(token);
  });
});

describe("briefing coverage per project and week (staff)", () => {
  it("counts, per day, the assigned workers who signed the current version of that day's JHA, and who attended no talk this month", async () => {
    const project = await t.createProject({ name: "Coverage site" });
    const people: TestUser[] = [];
    for (const firstName of ["Ada", "Bo", "Cy"]) {
      const user = await t.createUser({ role: "worker", firstName, lastName: "Crew" });
      await t.assign(user.workerId as number, project);
      people.push(user);
    }
    const [ada, bo, cy] = people as [TestUser, TestUser, TestUser];
    const jhaOn = async (title: string, at: string) => {
      const res = await t.request({
        method: "POST",
        url: "/api/jha-forms",
        payload: { ...jhaBody(f), projectId: project, title },
        as: f.manager,
      });
      const id = res.json().id as number;
      await t.db
        .updateTable("jhaForms")
        .set({ submittedAt: new Date(at) })
        .where("id", "=", id)
        .execute();
      return id;
    };
    const monday = await jhaOn("Monday JHA", "2026-03-02T07:00:00Z");
    const tuesday = await jhaOn("Tuesday JHA", "2026-03-03T07:00:00Z");
    const sign = async (id: number, payload: object, version?: string) => {
      const current = (await t.request({ method: "GET", url: `/api/jha-forms/${id}/sign-on`, as: f.manager })).json().version;
      const res = await t.request({
        method: "POST",
        url: `/api/jha-forms/${id}/sign-on`,
        payload: { signature, recordVersion: version ?? current, ...payload },
        as: f.manager,
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await sign(monday, { workerId: ada.workerId });
    await sign(monday, { workerId: bo.workerId });
    await sign(monday, { guestName: "Gus", guestCompany: "Subs" });
    // Tuesday: Ada signed a version that is no longer the form's; a guest is not an assigned worker.
    await sign(tuesday, { workerId: ada.workerId }, "e".repeat(64));
    await sign(tuesday, { guestName: "Gus", guestCompany: "Subs" });
    // A talk on Wednesday, attended by Ada only.
    const talk = await t.request({
      method: "POST",
      url: "/api/toolbox-talks",
      payload: { projectId: project, title: "Ladders", content: "Three points", talkDate: "2026-03-04", presenterName: "Lead" },
      as: f.manager,
    });
    const talkUrl = `/api/toolbox-talks/${talk.json().id}/sign-on`;
    const talkVersion = (await t.request({ method: "GET", url: talkUrl, as: f.manager })).json().version;
    await t.request({
      method: "POST",
      url: talkUrl,
      payload: { workerId: ada.workerId, signature, recordVersion: talkVersion },
      as: f.manager,
    });

    const res = await t.request({ method: "GET", url: `/api/sign-on/coverage?projectId=${project}&weekOf=2026-03-05`, as: f.admin });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({ weekStart: "2026-03-02", weekEnd: "2026-03-08", assignedCount: 3, talkCount: 1, month: "2026-03" });
    expect(report.days.map((d: { date: string; signedCount: number; jhas: unknown[] }) => [d.date, d.jhas.length, d.signedCount])).toEqual([
      ["2026-03-02", 1, 2],
      ["2026-03-03", 1, 0],
      ["2026-03-04", 0, 0],
      ["2026-03-05", 0, 0],
      ["2026-03-06", 0, 0],
      ["2026-03-07", 0, 0],
      ["2026-03-08", 0, 0],
    ]);
    expect(report.days[0].jhas).toEqual([{ id: monday, title: "Monday JHA", signedCount: 2 }]);
    expect(report.noTalkThisMonth.map((w: { workerId: number }) => w.workerId)).toEqual([bo.workerId, cy.workerId]);

    const csv = await t.request({
      method: "GET",
      url: `/api/sign-on/coverage?projectId=${project}&weekOf=2026-03-05&format=csv`,
      as: f.manager,
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\ufeff/, "")
      .trimEnd()
      .split("\r\n");
    // Who attended no talk this month is on every day's row, by name.
    const names = report.noTalkThisMonth.map((w: { name: string }) => w.name).join("; ");
    expect(names).not.toBe("");
    expect(lines.slice(0, 3)).toEqual([
      "projectId,date,jhaForms,assignedWorkers,signedWorkers,coveragePercent,month,noTalkThisMonth",
      `${project},2026-03-02,1,3,2,67,2026-03,${names}`,
      `${project},2026-03-03,1,3,0,0,2026-03,${names}`,
    ]);
    // Workers, the foreman included, do not see the report; a bad week is a 400 for staff.
    expect((await t.request({ method: "GET", url: `/api/sign-on/coverage?projectId=${project}`, as: foreman })).statusCode).toBe(403);
    const bad = await t.request({ method: "GET", url: `/api/sign-on/coverage?projectId=${project}&weekOf=2026-02-30`, as: f.manager });
    expect(bad.statusCode).toBe(400);
  });
});
