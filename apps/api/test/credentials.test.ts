import {
  ASSIGNMENT_CREDENTIAL_BLOCKING,
  CREDENTIAL_EXPIRY_BEFORE_ISSUE,
  CREDENTIAL_IMPORT_HEADER,
  CREDENTIAL_IMPORT_TOO_MANY_ROWS,
  CREDENTIAL_NOT_SUBMITTED,
  CREDENTIAL_NOT_YOURS,
  CREDENTIAL_PHOTO_LIMIT_REACHED,
  CREDENTIAL_REJECT_REASON_REQUIRED,
  CREDENTIAL_TYPE_INVALID,
  CREDENTIAL_VERIFY_OWN,
  type Credential,
  type CredentialType,
  FIRE_WATCH_CREDENTIAL_BLOCKING,
  HOT_WORK_PRECAUTIONS,
  IMPORT_DUPLICATE,
  IMPORT_UNKNOWN_TYPE,
  IMPORT_UNKNOWN_WORKER,
} from "@sitesafe/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendCredentialReminders } from "../src/services/credentialReminders.js";
import { createTestApp, type TestApp, type TestUser } from "./helpers.js";
import { multipartBody, PHOTO_PNG } from "./security/fixture.js";

/**
 * Credentials that expire (issue #36): expiry on the day in the company's time zone (the clock
 * injected), who may verify, requirements feeding compliance on a hand-checked fixture, and the CSV
 * import's per-row report. Every role's answer on every route is in security/authorization.test.ts.
 */

// The company is in Chicago (UTC-6 in January). The clock is moved by the tests.
let clock = new Date("2026-01-10T18:00:00Z");
let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let welder: TestUser;
let carpenter: TestUser;
let other: TestUser;
let projectP: number;
let types: CredentialType[];
const typeId = (code: string) => {
  const type = types.find((x) => x.code === code);
  if (!type) throw new Error(`no type ${code}`);
  return type.id;
};

beforeAll(async () => {
  t = await createTestApp({ now: () => clock, digestTimeZone: "America/Chicago" });
  admin = await t.createUser({ role: "admin" });
  manager = await t.createUser({ role: "manager", withWorker: true, firstName: "Mona", lastName: "Manager" });
  welder = await t.createUser({ role: "worker", position: "Welder", firstName: "Wade", lastName: "Welder", email: "wade@example.com" });
  carpenter = await t.createUser({ role: "worker", firstName: "Cora", lastName: "Carpenter", email: "cora@example.com" });
  other = await t.createUser({ role: "worker", firstName: "Otto", lastName: "Other" });
  projectP = await t.createProject({ name: "Tower P" });
  await t.assign(welder.workerId as number, projectP);
  await t.assign(carpenter.workerId as number, projectP);
  types = (await t.request({ method: "GET", url: "/api/credential-types", as: welder })).json();
});
afterAll(() => t?.close());

const add = (as: TestUser, workerId: number, body: Record<string, unknown>) =>
  t.request({ method: "POST", url: `/api/workers/${workerId}/credentials`, payload: body, as });

describe("credential types", () => {
  it("are seeded in English and Spanish; staff add one, workers may not, a duplicate name is a 409", async () => {
    expect(types.find((x) => x.code === "fire_watch")).toMatchObject({ nameEn: "Fire watch", nameEs: "Vigilante de incendios" });
    expect(types.find((x) => x.code === "forklift")).toMatchObject({ validityMonths: 36 });
    expect(types.length).toBeGreaterThanOrEqual(10);
    const body = { nameEn: "Rigger qualified", nameEs: "Aparejador calificado", validityMonths: 60 };
    expect((await t.request({ method: "POST", url: "/api/credential-types", payload: body, as: welder })).statusCode).toBe(403);
    const created = await t.request({ method: "POST", url: "/api/credential-types", payload: body, as: manager });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ ...body, code: null });
    const again = await t.request({
      method: "POST",
      url: "/api/credential-types",
      payload: { ...body, nameEn: "rigger QUALIFIED" },
      as: admin,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("A credential type with this name already exists");
  });
});

describe("adding and verifying", () => {
  it("a worker adds their own card, submitted; not to someone else's profile; bad input gets the message", async () => {
    const mine = await add(welder, welder.workerId as number, {
      credentialTypeId: typeId("hot_work"),
      number: "HW-1",
      issuer: "Acme Safety",
      issueDate: "2025-06-01",
      expiryDate: "2026-06-01",
    });
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json()).toMatchObject({
      status: "submitted",
      state: "submitted",
      workerName: "Wade Welder",
      typeNameEs: "Trabajos en caliente",
    });

    const theirs = await add(welder, carpenter.workerId as number, { credentialTypeId: typeId("hot_work") });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().message).toBe(CREDENTIAL_NOT_YOURS);

    const backwards = await add(welder, welder.workerId as number, {
      credentialTypeId: typeId("hot_work"),
      issueDate: "2026-06-01",
      expiryDate: "2026-01-01",
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe(CREDENTIAL_EXPIRY_BEFORE_ISSUE);
    const badDate = await add(welder, welder.workerId as number, { credentialTypeId: typeId("hot_work"), expiryDate: "2026-02-30" });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().message).toBe("Please enter a valid date (YYYY-MM-DD)");
    const noType = await add(welder, welder.workerId as number, { credentialTypeId: 999_999 });
    expect(noType.statusCode).toBe(400);
    expect(noType.json().message).toBe(CREDENTIAL_TYPE_INVALID);
    const missing = await add(manager, 999_999, { credentialTypeId: typeId("hot_work") });
    expect(missing.statusCode).toBe(404);
  });

  it("only staff verify, never their own; a decided credential cannot be decided again; a rejection needs its reason", async () => {
    const submitted = (
      await add(welder, welder.workerId as number, { credentialTypeId: typeId("osha10"), number: "OSHA-10-77" })
    ).json() as Credential;

    const byOwner = await t.request({ method: "POST", url: `/api/credentials/${submitted.id}/verify`, as: welder });
    expect(byOwner.statusCode).toBe(403);
    const byCoworker = await t.request({ method: "POST", url: `/api/credentials/${submitted.id}/verify`, as: carpenter });
    expect(byCoworker.statusCode).toBe(403);
    expect(byCoworker.json().message).toBe("Only admins and managers can verify credentials");

    // A manager's own credential: added by them it stays submitted; they cannot verify it; an admin can.
    const managersOwn = (
      await add(manager, manager.workerId as number, { credentialTypeId: typeId("first_aid_cpr") })
    ).json() as Credential;
    expect(managersOwn.status).toBe("submitted");
    const selfVerify = await t.request({ method: "POST", url: `/api/credentials/${managersOwn.id}/verify`, as: manager });
    expect(selfVerify.statusCode).toBe(403);
    expect(selfVerify.json().message).toBe(CREDENTIAL_VERIFY_OWN);
    expect((await t.request({ method: "POST", url: `/api/credentials/${managersOwn.id}/verify`, as: admin })).json()).toMatchObject({
      status: "verified",
    });

    const verified = await t.request({ method: "POST", url: `/api/credentials/${submitted.id}/verify`, as: manager });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ status: "verified", state: "verified", verifiedByName: "Mona Manager" });
    const twice = await t.request({ method: "POST", url: `/api/credentials/${submitted.id}/reject`, payload: { reason: "x" }, as: admin });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(CREDENTIAL_NOT_SUBMITTED);

    const blurry = (await add(welder, welder.workerId as number, { credentialTypeId: typeId("osha30") })).json() as Credential;
    const noReason = await t.request({
      method: "POST",
      url: `/api/credentials/${blurry.id}/reject`,
      payload: { reason: " " },
      as: manager,
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(CREDENTIAL_REJECT_REASON_REQUIRED);
    const rejected = await t.request({
      method: "POST",
      url: `/api/credentials/${blurry.id}/reject`,
      payload: { reason: "Photo is unreadable" },
      as: manager,
    });
    expect(rejected.json()).toMatchObject({ status: "rejected", state: "rejected", rejectionReason: "Photo is unreadable" });

    // The audit trail has both decisions.
    const audit = await t.db
      .selectFrom("auditEvents")
      .select(["action", "entityId"])
      .where("entity", "=", "credential")
      .where("entityId", "in", [submitted.id, blurry.id])
      .where("action", "in", ["verified", "rejected"])
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(["rejected", "verified"]);
  });

  it("staff adding a card for a worker verify it at once; workers read only their own credentials", async () => {
    const added = await add(manager, carpenter.workerId as number, { credentialTypeId: typeId("forklift"), expiryDate: "2028-01-01" });
    expect(added.json()).toMatchObject({ status: "verified", verifiedByName: "Mona Manager" });
    expect((await t.request({ method: "GET", url: `/api/workers/${carpenter.workerId}/credentials`, as: carpenter })).statusCode).toBe(200);
    const peek = await t.request({ method: "GET", url: `/api/workers/${carpenter.workerId}/credentials`, as: welder });
    expect(peek.statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: `/api/credentials/${added.json().id}`, as: welder })).statusCode).toBe(403);
    // A worker removes their own unverified card, not a verified one.
    const del = await t.request({ method: "DELETE", url: `/api/credentials/${added.json().id}`, as: carpenter });
    expect(del.statusCode).toBe(403);
    expect(del.json().message).toBe("A verified credential can only be removed by staff");
  });
});

describe("the card's photos", () => {
  it("the holder photographs the front and back through the photo pipeline; a third is refused; co-workers cannot see them", async () => {
    const card = (await add(carpenter, carpenter.workerId as number, { credentialTypeId: typeId("aerial_lift") })).json() as Credential;
    const upload = (as: TestUser, name: string) => {
      const body = multipartBody({}, { name, data: PHOTO_PNG, type: "image/png" });
      return t.request({ method: "POST", url: `/api/credentials/${card.id}/photos`, payload: body.payload, headers: body.headers, as });
    };
    expect((await upload(welder, "front.png")).statusCode).toBe(403);
    const front = await upload(carpenter, "front.png");
    expect(front.statusCode, front.body).toBe(201);
    expect(front.json()).toMatchObject({ recordKind: "credential", recordId: card.id, contentType: "image/png" });
    expect((await upload(manager, "back.png")).statusCode).toBe(201);
    const third = await upload(carpenter, "again.png");
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe(CREDENTIAL_PHOTO_LIMIT_REACHED);
    const text = multipartBody({}, { name: "card.png", data: Buffer.from("not a photo"), type: "image/png" });
    expect(
      (
        await t.request({
          method: "POST",
          url: `/api/credentials/${card.id}/photos`,
          payload: text.payload,
          headers: text.headers,
          as: carpenter,
        })
      ).statusCode,
    ).toBe(409);

    expect(((await t.request({ method: "GET", url: `/api/credentials/${card.id}`, as: carpenter })).json() as Credential).photoCount).toBe(
      2,
    );
    const list = await t.request({ method: "GET", url: `/api/credentials/${card.id}/photos`, as: manager });
    expect(list.json()).toHaveLength(2);
    expect((await t.request({ method: "GET", url: `/api/credentials/${card.id}/photos`, as: welder })).statusCode).toBe(403);
    const photoId = front.json().id;
    expect((await t.request({ method: "GET", url: `/api/photos/${photoId}`, as: welder })).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: `/api/photos/${photoId}/thumbnail`, as: welder })).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: `/api/photos/${photoId}/thumbnail`, as: carpenter })).statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: `/api/photos/${photoId}`, as: manager })).statusCode).toBe(200);
  });
});

describe("expiry", () => {
  it("a credential is expired on its expiry day in the company's time zone, with no job run", async () => {
    const card = (
      await add(admin, other.workerId as number, { credentialTypeId: typeId("first_aid_cpr"), expiryDate: "2026-01-20" })
    ).json() as Credential;
    const stateAt = async (iso: string) => {
      clock = new Date(iso);
      return ((await t.request({ method: "GET", url: `/api/credentials/${card.id}`, as: other })).json() as Credential).state;
    };
    // 23:59 on the 19th in Chicago is already the 20th in UTC: still valid.
    expect(await stateAt("2026-01-20T05:59:00Z")).toBe("verified");
    // Midnight in Chicago on the 20th.
    expect(await stateAt("2026-01-20T06:00:00Z")).toBe("expired");
    expect(await stateAt("2026-03-01T12:00:00Z")).toBe("expired");
    clock = new Date("2026-01-10T18:00:00Z");
  });
});

describe("requirements and compliance", () => {
  it("position and project requirements feed a worker's and the project's compliance (hand-checked)", async () => {
    clock = new Date("2026-01-10T18:00:00Z"); // today 2026-01-10 in Chicago
    const req = (payload: Record<string, unknown>, as: TestUser = manager) =>
      t.request({ method: "POST", url: "/api/credential-requirements", payload, as });
    expect((await req({ credentialTypeId: typeId("hot_work"), position: "Welder" }, welder)).statusCode).toBe(403);
    const scope = await req({ credentialTypeId: typeId("hot_work"), position: "Welder", projectId: projectP });
    expect(scope.statusCode).toBe(400);
    expect(scope.json().message).toBe("Choose either a position or a project");
    expect((await req({ credentialTypeId: typeId("hot_work"), position: "welder" })).statusCode).toBe(201);
    expect((await req({ credentialTypeId: typeId("fire_watch"), projectId: projectP })).statusCode).toBe(201);
    expect((await req({ credentialTypeId: typeId("confined_space"), projectId: projectP })).statusCode).toBe(201);
    const dup = await req({ credentialTypeId: typeId("fire_watch"), projectId: projectP });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe("This credential type is already required there");

    // Welder: hot work (position) submitted earlier, still pending -> verify it now: met, expires 2026-06-01.
    const pending = (
      (await t.request({ method: "GET", url: `/api/workers/${welder.workerId}/credentials`, as: welder })).json() as Credential[]
    ).find((c) => c.credentialTypeId === typeId("hot_work"));
    await t.request({ method: "POST", url: `/api/credentials/${pending?.id}/verify`, as: manager });
    // Fire watch (project): verified, expires in 10 days -> expiring. Confined space: submitted -> pending.
    await add(manager, welder.workerId as number, { credentialTypeId: typeId("fire_watch"), expiryDate: "2026-01-20" });
    await add(welder, welder.workerId as number, { credentialTypeId: typeId("confined_space"), expiryDate: "2027-01-01" });
    // Carpenter: confined space expired yesterday -> missing; fire watch none -> missing. Forklift (not required) ignored.
    await add(manager, carpenter.workerId as number, { credentialTypeId: typeId("confined_space"), expiryDate: "2026-01-10" });

    const welderCompliance = (
      await t.request({ method: "GET", url: `/api/workers/${welder.workerId}/credential-compliance`, as: welder })
    ).json();
    expect(welderCompliance).toMatchObject({ required: 3, met: 2, expiringSoon: 1, percent: 66 });
    expect(
      Object.fromEntries(welderCompliance.items.map((i: { typeNameEn: string; standing: string }) => [i.typeNameEn, i.standing])),
    ).toEqual({
      "Confined space entry": "pending",
      "Fire watch": "expiring",
      "Hot work": "met",
    });
    const carpenterCompliance = (
      await t.request({ method: "GET", url: `/api/workers/${carpenter.workerId}/credential-compliance`, as: manager })
    ).json();
    expect(carpenterCompliance).toMatchObject({ required: 2, met: 0, expiringSoon: 0, percent: 0 });

    // A worker of the project may not read it: it names each co-worker's missing and expiring cards.
    expect((await t.request({ method: "GET", url: `/api/projects/${projectP}/credential-compliance`, as: carpenter })).statusCode).toBe(
      403,
    );
    const project = await t.request({ method: "GET", url: `/api/projects/${projectP}/credential-compliance`, as: manager });
    expect(project.statusCode, project.body).toBe(200);
    // 3 + 2 requirement slots, 2 met: 40 %.
    expect(project.json()).toMatchObject({ projectId: projectP, required: 5, met: 2, expiringSoon: 1, percent: 40 });
    expect(project.json().workers.map((w: { workerName: string; met: number }) => [w.workerName, w.met])).toEqual([
      ["Cora Carpenter", 0],
      ["Wade Welder", 2],
    ]);
    // Nor a worker of another project.
    expect((await t.request({ method: "GET", url: `/api/projects/${projectP}/credential-compliance`, as: other })).statusCode).toBe(403);

    // The workers list filtered to "missing or expiring within 30 days": the welder (one pending, one
    // expiring) and the carpenter (two missing); not Otto, of whom nothing is required.
    const attention = await t.request({ method: "GET", url: "/api/workers?credentials=attention", as: manager });
    expect(attention.statusCode, attention.body).toBe(200);
    const names = (attention.json() as { firstName: string }[]).map((w) => w.firstName);
    expect(names).toContain("Wade");
    expect(names).toContain("Cora");
    expect(names).not.toContain("Otto");
    const bad = await t.request({ method: "GET", url: "/api/workers?credentials=all", as: manager });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Credentials filter must be attention");
  });
});

describe("where credentials matter", () => {
  const permit = (fireWatchWorkerId: number | null, fireWatchBy: string | null = null) => ({
    projectId: projectP,
    title: "Weld the stair stringers",
    location: "Stair B",
    workDescription: "Weld new stringers to the landing beams",
    startDate: "2026-01-12T14:00:00Z",
    endDate: "2026-01-12T18:00:00Z",
    requestedBy: welder.workerId,
    precautions: [...HOT_WORK_PRECAUTIONS],
    equipmentUsed: ["Arc welder"],
    fireWatchRequired: true,
    fireWatchBy,
    fireWatchWorkerId,
  });

  it("a permit naming a fire watch without a valid credential warns at request and shows the gap at approval", async () => {
    clock = new Date("2026-01-10T18:00:00Z");
    // The permit form's check: the carpenter holds no fire-watch credential; the welder holds one until the 20th.
    const check = (workerId: number, as: TestUser = welder) =>
      t.request({ method: "GET", url: `/api/projects/${projectP}/fire-watch-check?workerId=${workerId}`, as });
    expect((await check(carpenter.workerId as number)).json()).toEqual({ workerId: carpenter.workerId, valid: false, blocking: false });
    expect((await check(welder.workerId as number)).json()).toEqual({ workerId: welder.workerId, valid: true, blocking: false });
    const offProject = await check(other.workerId as number);
    expect(offProject.statusCode).toBe(400);
    expect(offProject.json().message).toBe("The fire watch must be a worker of this project");
    expect((await check(carpenter.workerId as number, other)).statusCode).toBe(403);

    // A permit may not name as fire watch a worker of another project (and learn about their cards).
    const elsewhere = await t.request({
      method: "POST",
      url: "/api/hot-work-permits",
      payload: permit(other.workerId as number),
      as: welder,
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe("The fire watch must be a worker of this project");

    // A permit that names only a typed name keeps its answer as before: nothing to check.
    const typed = await t.request({ method: "POST", url: "/api/hot-work-permits", payload: permit(null, "Sam Smith"), as: welder });
    expect(typed.statusCode, typed.body).toBe(201);
    expect(typed.json()).toMatchObject({ fireWatchBy: "Sam Smith", fireWatchWorkerId: null, fireWatchCredentialValid: null });

    const res = await t.request({
      method: "POST",
      url: "/api/hot-work-permits",
      payload: permit(carpenter.workerId as number),
      as: welder,
    });
    expect(res.statusCode, res.body).toBe(201);
    // Picked without a typed name: the worker's name is the fire watch's name.
    expect(res.json()).toMatchObject({
      fireWatchBy: "Cora Carpenter",
      fireWatchWorkerId: carpenter.workerId,
      fireWatchCredentialValid: false,
    });
    const approved = await t.request({ method: "PUT", url: `/api/hot-work-permits/${res.json().id}/approve`, payload: {}, as: manager });
    expect(approved.statusCode, approved.body).toBe(200);
    const entry = approved.json().history.find((h: { action: string }) => h.action === "approved");
    expect(entry.details.acknowledgedGaps).toEqual({ missingPrecautions: [], fireWatchUnnamed: false, fireWatchUncredentialed: true });

    // With the welder (valid) as fire watch there is no gap.
    const ok = await t.request({ method: "POST", url: "/api/hot-work-permits", payload: permit(welder.workerId as number), as: welder });
    expect(ok.json().fireWatchCredentialValid).toBe(true);
    const okApproved = await t.request({ method: "PUT", url: `/api/hot-work-permits/${ok.json().id}/approve`, payload: {}, as: manager });
    expect(okApproved.json().history.find((h: { action: string }) => h.action === "approved").details).toBeNull();

    // Once the project marks the fire-watch credential blocking, approval is refused with the message.
    const reqs = (await t.request({ method: "GET", url: `/api/credential-requirements?projectId=${projectP}`, as: manager })).json();
    const fireWatchReq = reqs.find((r: { credentialTypeId: number }) => r.credentialTypeId === typeId("fire_watch"));
    await t.request({ method: "DELETE", url: `/api/credential-requirements/${fireWatchReq.id}`, as: manager });
    const blocking = await t.request({
      method: "POST",
      url: "/api/credential-requirements",
      payload: { credentialTypeId: typeId("fire_watch"), projectId: projectP, blocking: true },
      as: manager,
    });
    expect(blocking.statusCode).toBe(201);
    const blocked = await t.request({
      method: "POST",
      url: "/api/hot-work-permits",
      payload: permit(carpenter.workerId as number),
      as: welder,
    });
    expect(blocked.statusCode).toBe(201);
    const refused = await t.request({ method: "PUT", url: `/api/hot-work-permits/${blocked.json().id}/approve`, payload: {}, as: manager });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(FIRE_WATCH_CREDENTIAL_BLOCKING);
    expect((await t.request({ method: "GET", url: `/api/hot-work-permits/${blocked.json().id}`, as: manager })).json().status).toBe(
      "pending",
    );
    // Nor can staff swap an approved permit's fire watch for one without the credential afterwards.
    const edit = { ...permit(carpenter.workerId as number), fireWatchBy: null };
    const swapped = await t.request({ method: "PUT", url: `/api/hot-work-permits/${ok.json().id}`, payload: edit, as: manager });
    expect(swapped.statusCode).toBe(409);
    expect(swapped.json().message).toBe(FIRE_WATCH_CREDENTIAL_BLOCKING);
    expect((await t.request({ method: "GET", url: `/api/hot-work-permits/${ok.json().id}`, as: manager })).json()).toMatchObject({
      status: "approved",
      fireWatchWorkerId: welder.workerId,
    });

    // Assigning a worker to the project: the missing requirements come back as a warning, or a 409 when blocking.
    const newcomer = await t.createUser({ role: "worker", firstName: "Nia", lastName: "New" });
    const assign = (workerId: number) =>
      t.request({ method: "POST", url: `/api/projects/${projectP}/workers`, payload: { workerId }, as: manager });
    const refusedAssign = await assign(newcomer.workerId as number);
    expect(refusedAssign.statusCode).toBe(409);
    expect(refusedAssign.json().message).toBe(ASSIGNMENT_CREDENTIAL_BLOCKING);
    expect(
      await t.db
        .selectFrom("projectWorkers")
        .select("id")
        .where("workerId", "=", newcomer.workerId as number)
        .execute(),
    ).toEqual([]);
    await add(manager, newcomer.workerId as number, { credentialTypeId: typeId("fire_watch"), expiryDate: "2027-01-01" });
    const warned = await assign(newcomer.workerId as number);
    expect(warned.statusCode, warned.body).toBe(201);
    expect(warned.json().credentialWarnings).toEqual([
      {
        credentialTypeId: typeId("confined_space"),
        typeNameEn: "Confined space entry",
        typeNameEs: "Entrada a espacios confinados",
        standing: "missing",
      },
    ]);
  });
});

describe("reminders before expiry", () => {
  it("the worker and their project's managers are told 30 and 7 days before, once each, however often the daily job runs", async () => {
    const holder = await t.createUser({ role: "worker", firstName: "Rita", lastName: "Reminded" });
    const site = await t.createProject({ name: "Reminder site" });
    await t.assign(holder.workerId as number, site);
    const siteManager = await t.createUser({ role: "manager", withWorker: true, firstName: "Sid", lastName: "Sitemanager" });
    await t.assign(siteManager.workerId as number, site);
    await add(manager, holder.workerId as number, { credentialTypeId: typeId("forklift"), number: "FL-R", expiryDate: "2026-03-31" });
    const told = async (userId: number) =>
      (
        await t.db
          .selectFrom("notifications")
          .select(["kind", "params"])
          .where("userId", "=", userId)
          .where("kind", "=", "credential.expiring")
          .orderBy("id")
          .execute()
      ).map((n) => (n.params as { days: number }).days);

    // Chicago, 2026-03-01 at 06:00: 30 days before.
    const before30 = new Date("2026-03-01T12:00:00Z");
    await sendCredentialReminders(t.db, undefined, new Date("2026-02-28T12:00:00Z"), "America/Chicago"); // 31 days: nothing
    expect(await told(holder.id)).toEqual([]);
    await sendCredentialReminders(t.db, undefined, before30, "America/Chicago");
    await sendCredentialReminders(t.db, undefined, before30, "America/Chicago"); // the job again: nothing new
    expect(await told(holder.id)).toEqual([30]);
    expect(await told(siteManager.id)).toEqual([30]);
    // A manager of no project of the worker's is not told.
    expect(await told(manager.id)).toEqual([]);
    await sendCredentialReminders(t.db, undefined, new Date("2026-03-24T12:00:00Z"), "America/Chicago");
    await sendCredentialReminders(t.db, undefined, new Date("2026-03-24T13:00:00Z"), "America/Chicago");
    expect(await told(holder.id)).toEqual([30, 7]);
    expect(await told(siteManager.id)).toEqual([30, 7]);
    const [note] = await t.db
      .selectFrom("notifications")
      .select(["entity", "entityId", "params"])
      .where("userId", "=", holder.id)
      .execute();
    expect(note).toMatchObject({
      entity: "worker",
      entityId: holder.workerId,
      params: { type: "Forklift operator", date: "2026-03-31", days: 30 },
    });
    // A day the job did not run is caught up: a card expiring on 2026-04-20 whose 30-day day
    // (2026-03-21) passed without a run is reminded on the next run, with the days it really has left.
    const late = await t.createUser({ role: "worker", firstName: "Lee", lastName: "Late" });
    await t.assign(late.workerId as number, site);
    await add(manager, late.workerId as number, { credentialTypeId: typeId("forklift"), number: "FL-L", expiryDate: "2026-04-20" });
    await sendCredentialReminders(t.db, undefined, new Date("2026-03-24T12:00:00Z"), "America/Chicago");
    expect(await told(late.id)).toEqual([27]);
    await sendCredentialReminders(t.db, undefined, new Date("2026-03-25T12:00:00Z"), "America/Chicago"); // step 30 sent: nothing
    expect(await told(late.id)).toEqual([27]);
    await sendCredentialReminders(t.db, undefined, new Date("2026-04-15T12:00:00Z"), "America/Chicago"); // 5 days left: step 7
    expect(await told(late.id)).toEqual([27, 5]);
    // On and after the expiry day nothing more is sent (the card is expired, not expiring).
    await sendCredentialReminders(t.db, undefined, new Date("2026-04-20T12:00:00Z"), "America/Chicago");
    expect(await told(late.id)).toEqual([27, 5]);
    // The bell lists it for the worker.
    const bell = await t.request({ method: "GET", url: "/api/notifications", as: holder });
    expect(bell.json().items?.[0] ?? bell.json()[0]).toMatchObject({ kind: "credential.expiring", link: `/workers/${holder.workerId}` });
    // A worker's credentials are staff's and their own to read: a manager made a worker no longer
    // sees what was sent about another worker's card, in the list or the unread count.
    const bellOf = async (as: TestUser) =>
      ((await t.request({ method: "GET", url: "/api/notifications?limit=100", as })).json() as { kind: string; entityId: number }[]).filter(
        (n) => n.kind === "credential.expiring",
      );
    const seenBefore = await bellOf(siteManager);
    expect(seenBefore.map((n) => n.entityId)).toContain(holder.workerId);
    const unreadBefore = (await t.request({ method: "GET", url: "/api/notifications/unread-count", as: siteManager })).json().unread;
    await t.db.updateTable("users").set({ role: "worker" }).where("id", "=", siteManager.id).execute();
    expect(await bellOf(siteManager)).toEqual([]);
    const unreadAfter = (await t.request({ method: "GET", url: "/api/notifications/unread-count", as: siteManager })).json().unread;
    expect(unreadAfter).toBe(unreadBefore - seenBefore.length);
    expect((await bellOf(holder)).length).toBe(2);
    await t.db.updateTable("users").set({ role: "manager" }).where("id", "=", siteManager.id).execute();
  });
});

describe("CSV import", () => {
  it("imports the good rows and reports each refused row with why", async () => {
    const csv = [
      "Email,Type,Number,Issuer,IssueDate,ExpiryDate",
      "cora@example.com,Operador de montacargas,FL-9,Acme,2025-01-01,2028-01-01", // ok (Spanish name)
      "nobody@example.com,Forklift operator,FL-1,,,", // unknown worker
      "cora@example.com,Underwater welding,UW-1,,,", // unknown type
      "cora@example.com,first_aid_cpr,FA-1,,2026-05-01,2025-05-01", // dates backwards
      "cora@example.com,OSHA 10-Hour Construction,,,,2026-13-01", // bad date
      'wade@example.com,"OSHA 30-Hour Construction",O30-1,"OSHA Training Institute, Region 5",2024-02-02,', // ok, quoted comma
      "wade@example.com,OSHA 30-Hour Construction,O30-1,,,", // same card twice in the file
      "",
    ].join("\r\n");
    const worker = await t.request({ method: "POST", url: "/api/credentials/import", payload: { csv }, as: welder });
    expect(worker.statusCode).toBe(403);
    const res = await t.request({ method: "POST", url: "/api/credentials/import", payload: { csv }, as: manager });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      imported: 2,
      refused: [
        { line: 3, column: "email", message: IMPORT_UNKNOWN_WORKER },
        { line: 4, column: "type", message: IMPORT_UNKNOWN_TYPE },
        { line: 5, column: "expiryDate", message: CREDENTIAL_EXPIRY_BEFORE_ISSUE },
        { line: 6, column: "expiryDate", message: "Please enter a valid date (YYYY-MM-DD)" },
        { line: 8, column: null, message: IMPORT_DUPLICATE },
      ],
    });
    const wades = (
      await t.request({ method: "GET", url: `/api/workers/${welder.workerId}/credentials`, as: manager })
    ).json() as Credential[];
    expect(wades.find((c) => c.number === "O30-1")).toMatchObject({ issuer: "OSHA Training Institute, Region 5", status: "verified" });
    // Importing the same file again imports nothing new: every good row is already on the worker.
    const again = (await t.request({ method: "POST", url: "/api/credentials/import", payload: { csv }, as: manager })).json();
    expect(again.imported).toBe(0);
  });

  it("refuses a file without the columns, an empty one, and one too long, changing nothing", async () => {
    const before = await t.db
      .selectFrom("credentials")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    const header = await t.request({ method: "POST", url: "/api/credentials/import", payload: { csv: "who,what\na,b" }, as: manager });
    expect(header.statusCode).toBe(400);
    expect(header.json().message).toBe(CREDENTIAL_IMPORT_HEADER);
    const empty = await t.request({ method: "POST", url: "/api/credentials/import", payload: { csv: "email,type\n" }, as: manager });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("The CSV file has no rows to import");
    const rows = ["email,type", ...Array.from({ length: 1001 }, () => "a@b.c,x")].join("\n");
    const long = await t.request({ method: "POST", url: "/api/credentials/import", payload: { csv: rows }, as: manager });
    expect(long.statusCode).toBe(413);
    expect(long.json().message).toBe(CREDENTIAL_IMPORT_TOO_MANY_ROWS);
    const big = await t.request({ method: "POST", url: "/api/credentials/import", payload: { csv: "x".repeat(210 * 1024) }, as: manager });
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe("The CSV file is larger than 200 KB. Split it into smaller files.");
    const after = await t.db
      .selectFrom("credentials")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});
