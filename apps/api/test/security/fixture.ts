import { createHash, randomBytes, randomUUID } from "node:crypto";
import { HOT_WORK_PRECAUTIONS } from "@sitesafe/domain";
import { sql } from "kysely";
import { hashInviteToken } from "../../src/auth/sessions.js";
import type { TestApp, TestUser } from "../helpers.js";

/**
 * The seeded world the security tests run against, inserted straight into the database (no API
 * calls, so a broken route cannot break the fixture):
 *
 *   project P  <- worker W1 (assigned)         project Q <- worker W2 (assigned to Q only)
 *   on P: a JHA form (by W1) with a private comment by W1, an incident report (reported by W1),
 *         a pending and an approved hot work permit (requested by W1), a safety message by W1,
 *         a safety plan
 *   a training module with W1's record, a second module with no record, a video with W1's record,
 *   a second video with no record, an active manager invite token
 *
 * Every call builds a fresh, independent set (new users, projects and records), so a test that
 * deletes or changes something does not disturb the next one.
 */
export interface Fixture {
  admin: TestUser;
  manager: TestUser;
  /** Worker assigned to P; files every record of the fixture. */
  w1: TestUser & { workerId: number };
  /** Worker assigned to Q only. */
  w2: TestUser & { workerId: number };
  projectP: number;
  projectQ: number;
  jhaFormId: number;
  jhaCommentId: number;
  incidentId: number;
  /** Pending, requested by W1 on P. */
  permitId: number;
  /** Approved, requested by W1 on P (for close). */
  approvedPermitId: number;
  commentId: number;
  moduleId: number;
  /** A module W1 has no record for yet (for POST .../trainings). */
  freshModuleId: number;
  trainingRecordId: number;
  videoId: number;
  /** A video W1 has no record for yet (for POST .../videos). */
  freshVideoId: number;
  videoRecordId: number;
  inviteTokenId: number;
  /** An admin invite token (a manager may not list or delete it). */
  adminInviteTokenId: number;
  /** A service token of W1 (its secret is not kept). */
  w1ServiceTokenId: number;
  /** The full invite token (only its hash is stored). */
  inviteToken: string;
  safetyPlanId: number;
  /** A photo W1 added to the incident, and one to the JHA form. */
  photoId: number;
  jhaPhotoId: number;
  /** W1's signature on the JHA form (crew sign-on, issue #34). */
  signatureId: number;
  /** A toolbox talk on P that W1 presents. */
  talkId: number;
  /** A public sign-on link of the JHA form, valid for a day, made by W1 (its submitter). */
  linkId: number;
  linkToken: string;
  /** A notification addressed to W1 about the pending permit. */
  w1NotificationId: number;
  /** The endpoint of W1's Web Push device (made up: nothing is sent to it). */
  w1PushEndpoint: string;
  /** W1's forklift credential, submitted (not yet verified), and the seeded fire-watch type (issue #36). */
  credentialId: number;
  fireWatchTypeId: number;
  /** Project P requires the first aid / CPR type (not blocking). */
  credentialRequirementId: number;
  /** A staff-made inspection template (not built in, so editable), scheduled daily on P. */
  inspectionTemplateId: number;
  inspectionScheduleId: number;
  /** An inspection of P by the manager. */
  inspectionId: number;
  /** An open, low-priority corrective action on P raised by the manager, owned by W1. */
  actionId: number;
  actionPhotoId: number;
  /** A photo of the fixture inspection's failed item, and a staged photo of the manager's (attached to nothing). */
  inspectionPhotoId: number;
  stagedPhotoId: number;
  /** The same, awaiting verification (W1 marked it fixed). */
  awaitingActionId: number;
}

export const FIXTURE_PASSWORD = "Passw0rd!";

export const PDF_BYTES = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
  "latin1",
);

/** A 2x2 PNG, and a 2x2 JPEG as its thumbnail (photos, docs/decisions/0108-photos.md). */
export const PHOTO_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWM4Y2x8xtiYAUIBACPqBMlwUmUNAAAAAElFTkSuQmCC",
  "base64",
);
const THUMBNAIL_JPEG = Buffer.from(
  "/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCeAGpH/9k=",
  "base64",
);

const asWorker = (u: TestUser): TestUser & { workerId: number } => {
  if (u.workerId === null) throw new Error("fixture: worker without a worker profile");
  return u as TestUser & { workerId: number };
};

export async function createFixture(t: TestApp): Promise<Fixture> {
  const db = t.db;
  const admin = await t.createUser({ role: "admin", password: FIXTURE_PASSWORD });
  const manager = await t.createUser({ role: "manager", password: FIXTURE_PASSWORD });
  const w1 = asWorker(await t.createUser({ role: "worker", password: FIXTURE_PASSWORD, firstName: "Wanda" }));
  const w2 = asWorker(await t.createUser({ role: "worker", password: FIXTURE_PASSWORD, firstName: "Walter" }));
  const projectP = await t.createProject({ name: `P ${randomUUID().slice(0, 6)}` });
  const projectQ = await t.createProject({ name: `Q ${randomUUID().slice(0, 6)}` });
  await t.assign(w1.workerId, projectP);
  await t.assign(w2.workerId, projectQ);

  const jha = await db
    .insertInto("jhaForms")
    .values({
      projectId: projectP,
      title: "Roof work JHA",
      jobDescription: "Replace roof sheets",
      hazards: JSON.stringify([{ description: "Fall from height", riskLevel: "high" }]),
      controlMeasures: JSON.stringify([{ description: "Harness", responsibility: "Foreman" }]),
      submittedBy: w1.workerId,
    } as never)
    .returning("id")
    .executeTakeFirstOrThrow();

  const jhaComment = await db
    .insertInto("jhaComments")
    .values({ jhaFormId: jha.id, userId: w1.id, content: "Private note by W1", visibility: "private" })
    .returning("id")
    .executeTakeFirstOrThrow();

  const incident = await db
    .insertInto("incidentReports")
    .values({
      projectId: projectP,
      title: "Slipped on ladder",
      description: "Minor slip, no injury",
      severity: "minor",
      date: "2026-01-10",
      location: "Block A",
      reportedBy: w1.workerId,
      involvedWorkers: JSON.stringify([w1.workerId]),
      status: "open",
    } as never)
    .returning("id")
    .executeTakeFirstOrThrow();

  const permitValues = {
    projectId: projectP,
    title: "Weld railings",
    location: "Level 2",
    workDescription: "Weld the new stair railings",
    startDate: new Date("2026-02-01T08:00:00Z"),
    endDate: new Date("2026-02-01T16:00:00Z"),
    requestedBy: w1.workerId,
    precautions: JSON.stringify([HOT_WORK_PRECAUTIONS[0]]),
    equipmentUsed: JSON.stringify(["Welding equipment"]),
    fireWatchRequired: true,
    fireWatchBy: "Sam",
  };
  const permit = await db
    .insertInto("hotWorkPermits")
    .values({ ...permitValues, status: "pending" } as never)
    .returning("id")
    .executeTakeFirstOrThrow();
  const approvedPermit = await db
    .insertInto("hotWorkPermits")
    .values({ ...permitValues, status: "approved", approvedBy: manager.id, approvedAt: new Date() } as never)
    .returning("id")
    .executeTakeFirstOrThrow();

  const comment = await db
    .insertInto("safetyComments")
    .values({ userId: w1.id, projectId: projectP, title: "Loose scaffold", content: "Scaffold on level 3 is loose", status: "open" })
    .returning("id")
    .executeTakeFirstOrThrow();

  const content = JSON.stringify({
    sections: [{ title: "Intro", content: "Wear your hard hat" }],
    quiz: [{ question: "Wear a hat?", options: ["Yes", "No"], answer: 0 }],
  });
  const module = await db
    .insertInto("trainingModules")
    .values({ title: `Hard hats ${randomUUID().slice(0, 6)}`, description: "Basics", type: "site_safety", content, duration: 30 } as never)
    .returning("id")
    .executeTakeFirstOrThrow();
  const freshModule = await db
    .insertInto("trainingModules")
    .values({ title: `Ladders ${randomUUID().slice(0, 6)}`, description: "Basics", type: "site_safety", content, duration: 30 } as never)
    .returning("id")
    .executeTakeFirstOrThrow();
  const trainingRecord = await db
    .insertInto("workerTrainings")
    .values({ workerId: w1.workerId, moduleId: module.id, status: "in_progress", progress: 40, lastAccessedAt: new Date() })
    .returning("id")
    .executeTakeFirstOrThrow();

  const now = Date.now();
  const videoValues = {
    description: "Weekly toolbox talk",
    url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    duration: 300,
    publishedAt: new Date(now - 24 * 3600 * 1000),
    requiredWatchByDate: new Date(now + 6 * 24 * 3600 * 1000),
    tags: JSON.stringify(["ppe"]),
  };
  const video = await db
    .insertInto("safetyVideos")
    .values({ ...videoValues, title: "PPE basics" } as never)
    .returning("id")
    .executeTakeFirstOrThrow();
  const freshVideo = await db
    .insertInto("safetyVideos")
    .values({ ...videoValues, title: "Ladder safety" } as never)
    .returning("id")
    .executeTakeFirstOrThrow();
  const videoRecord = await db
    .insertInto("workerVideos")
    .values({ workerId: w1.workerId, videoId: video.id, status: "partially_watched", watchedPercentage: 50, lastWatchedAt: new Date() })
    .returning("id")
    .executeTakeFirstOrThrow();

  const inviteToken = `fixture-${randomUUID()}`;
  const token = await db
    .insertInto("inviteTokens")
    .values({
      tokenHash: hashInviteToken(inviteToken),
      tokenPreview: `${inviteToken.slice(0, 8)}...`,
      role: "manager",
      createdBy: admin.id,
      expiresAt: new Date(now + 7 * 24 * 3600 * 1000),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const serviceToken = await db
    .insertInto("serviceTokens")
    .values({
      userId: w1.id,
      name: "w1 sync",
      tokenHash: `fixture-${randomUUID()}`,
      tokenPreview: "sst_fixt...",
      scope: "read",
      expiresAt: new Date(now + 24 * 3600 * 1000),
    })
    .returning("id")
    .executeTakeFirstOrThrow();

  const adminToken = await db
    .insertInto("inviteTokens")
    .values({
      tokenHash: hashInviteToken(`${inviteToken}-admin`),
      tokenPreview: "fixture-...",
      role: "admin",
      createdBy: admin.id,
      expiresAt: new Date(now + 7 * 24 * 3600 * 1000),
    })
    .returning("id")
    .executeTakeFirstOrThrow();

  const plan = await db
    .insertInto("safetyPlans")
    .values({
      projectId: projectP,
      fileName: "plan.pdf",
      fileSize: PDF_BYTES.byteLength,
      fileType: "application/pdf",
      uploadedBy: manager.id,
      description: "Site safety plan",
      fileData: new Uint8Array(PDF_BYTES),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.updateTable("projects").set({ hasSafetyPlan: true }).where("id", "=", projectP).execute();

  const photoValues = {
    uploadedBy: w1.id,
    fileName: "site.png",
    contentType: "image/png",
    byteSize: PHOTO_PNG.byteLength,
    width: 2,
    height: 2,
    data: new Uint8Array(PHOTO_PNG),
    thumbnail: new Uint8Array(THUMBNAIL_JPEG),
    thumbnailSize: THUMBNAIL_JPEG.byteLength,
  };
  const photo = await db
    .insertInto("photos")
    .values({ ...photoValues, incidentReportId: incident.id })
    .returning("id")
    .executeTakeFirstOrThrow();
  const jhaPhoto = await db
    .insertInto("photos")
    .values({ ...photoValues, jhaFormId: jha.id })
    .returning("id")
    .executeTakeFirstOrThrow();

  const signature = await db
    .insertInto("crewSignatures")
    .values({
      jhaFormId: jha.id,
      projectId: projectP,
      workerId: w1.workerId,
      signerName: "Wanda W1",
      signerCompany: null,
      via: "own",
      recordVersion: "0".repeat(64),
      signaturePng: new Uint8Array(PHOTO_PNG),
      byteSize: PHOTO_PNG.byteLength,
    })
    .returning("id")
    .executeTakeFirstOrThrow();

  const talk = await db
    .insertInto("toolboxTalks")
    .values({
      projectId: projectP,
      title: "Ladder safety",
      content: "Three points of contact",
      language: "en",
      talkDate: "2026-02-02",
      presenterWorkerId: w1.workerId,
      presenterName: "Wanda W1",
      createdBy: manager.id,
    } as never)
    .returning("id")
    .executeTakeFirstOrThrow();

  const linkToken = randomBytes(24).toString("base64url");
  const link = await db
    .insertInto("signOnLinks")
    .values({
      jhaFormId: jha.id,
      projectId: projectP,
      tokenHash: createHash("sha256").update(linkToken).digest("hex"),
      tokenPreview: `${linkToken.slice(0, 4)}...`,
      expiresAt: new Date(now + 24 * 3600 * 1000),
      createdBy: w1.id,
    })
    .returning("id")
    .executeTakeFirstOrThrow();

  const w1Notification = await db
    .insertInto("notifications")
    .values({
      userId: w1.id,
      kind: "permit.approved",
      entity: "permit",
      entityId: permit.id,
      projectId: projectP,
      params: JSON.stringify({ title: "Fixture permit" }),
    })
    .returning("id")
    .executeTakeFirstOrThrow();

  const inspectionTemplate = await db
    .insertInto("inspectionTemplates")
    .values({ name: "Fixture scaffold check", language: "en", createdBy: manager.id })
    .returning("id")
    .executeTakeFirstOrThrow();
  const templateVersion = await db
    .insertInto("inspectionTemplateVersions")
    .values({ templateId: inspectionTemplate.id, version: 1, name: "Fixture scaffold check", content: JSON.stringify(INSPECTION_SECTIONS) })
    .returning("id")
    .executeTakeFirstOrThrow();
  const schedule = await db
    .insertInto("inspectionSchedules")
    .values({ projectId: projectP, templateId: inspectionTemplate.id, frequency: "daily", startsOn: "2026-01-05", createdBy: manager.id })
    .returning("id")
    .executeTakeFirstOrThrow();
  const inspection = await db
    .insertInto("inspections")
    .values({
      projectId: projectP,
      templateId: inspectionTemplate.id,
      templateVersionId: templateVersion.id,
      inspectorUserId: manager.id,
      inspectedAt: new Date("2026-01-06T09:00:00Z"),
      score: 50,
      passedCount: 1,
      failedCount: 1,
      naCount: 0,
      signature: "data:image/png;base64,iVBORw0KGgo=",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const answers = await db
    .insertInto("inspectionAnswers")
    .values([
      { inspectionId: inspection.id, itemKey: "planks", position: 0, value: JSON.stringify("pass"), outcome: "pass" },
      { inspectionId: inspection.id, itemKey: "guardrail", position: 1, value: JSON.stringify("fail"), outcome: "fail" },
    ])
    .returning("id")
    .execute();
  // The failed item's photo (attached when the inspection was created), and a staged photo of the manager's, attached to nothing.
  const inspectionPhoto = await db
    .insertInto("photos")
    .values({ ...photoValues, uploadedBy: manager.id, inspectionAnswerId: answers[1]?.id ?? 0 })
    .returning("id")
    .executeTakeFirstOrThrow();
  const stagedPhoto = await db
    .insertInto("photos")
    .values({ ...photoValues, uploadedBy: manager.id, staged: true })
    .returning("id")
    .executeTakeFirstOrThrow();
  const actionValues = {
    projectId: projectP,
    source: "manual" as const,
    description: "Refit the guardrail",
    priority: "low" as const,
    ownerUserId: w1.id,
    raisedBy: manager.id,
    dueAt: new Date(Date.now() + 30 * 86_400_000),
  };
  const action = await db.insertInto("correctiveActions").values(actionValues).returning("id").executeTakeFirstOrThrow();
  const awaitingAction = await db
    .insertInto("correctiveActions")
    .values({ ...actionValues, status: "awaiting_verification", submittedAt: new Date() })
    .returning("id")
    .executeTakeFirstOrThrow();
  // Evidence of the fix of the action W1 owns, uploaded by W1.
  const actionPhoto = await db
    .insertInto("photos")
    .values({ ...photoValues, correctiveActionId: action.id })
    .returning("id")
    .executeTakeFirstOrThrow();

  const w1PushEndpoint = `https://fcm.googleapis.com/fcm/send/w1-${w1.id}`;
  await db
    .insertInto("pushSubscriptions")
    .values({ userId: w1.id, endpoint: w1PushEndpoint, p256dh: "B".repeat(87), auth: "A".repeat(22) })
    .execute();

  const typeId = async (code: string) =>
    (await db.selectFrom("credentialTypes").select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
  const credential = await db
    .insertInto("credentials")
    .values({ workerId: w1.workerId, credentialTypeId: await typeId("forklift"), number: "FL-1", status: "submitted", submittedBy: w1.id })
    .returning("id")
    .executeTakeFirstOrThrow();
  const requirement = await db
    .insertInto("credentialRequirements")
    .values({ credentialTypeId: await typeId("first_aid_cpr"), projectId: projectP, createdBy: admin.id })
    .returning("id")
    .executeTakeFirstOrThrow();

  return {
    credentialId: credential.id,
    fireWatchTypeId: await typeId("fire_watch"),
    credentialRequirementId: requirement.id,
    inspectionTemplateId: inspectionTemplate.id,
    inspectionScheduleId: schedule.id,
    inspectionId: inspection.id,
    actionId: action.id,
    awaitingActionId: awaitingAction.id,
    actionPhotoId: actionPhoto.id,
    inspectionPhotoId: inspectionPhoto.id,
    stagedPhotoId: stagedPhoto.id,
    w1NotificationId: w1Notification.id,
    w1PushEndpoint,
    admin,
    manager,
    w1,
    w2,
    projectP,
    projectQ,
    jhaFormId: jha.id,
    jhaCommentId: jhaComment.id,
    incidentId: incident.id,
    permitId: permit.id,
    approvedPermitId: approvedPermit.id,
    commentId: comment.id,
    moduleId: module.id,
    freshModuleId: freshModule.id,
    trainingRecordId: trainingRecord.id,
    videoId: video.id,
    freshVideoId: freshVideo.id,
    videoRecordId: videoRecord.id,
    inviteTokenId: token.id,
    adminInviteTokenId: adminToken.id,
    w1ServiceTokenId: serviceToken.id,
    inviteToken,
    safetyPlanId: plan.id,
    photoId: photo.id,
    jhaPhotoId: jhaPhoto.id,
    signatureId: signature.id,
    talkId: talk.id,
    linkId: link.id,
    linkToken,
  };
}

/**
 * Tables whose rows change without a change of data: sliding session expiry, the audit trail,
 * failed-login counters (a failed login is meant to be counted), stored idempotent answers, and
 * the migration bookkeeping.
 */
const NOT_DATA = new Set(["sessions", "audit_events", "login_limits", "idempotency_keys", "kysely_migration", "kysely_migration_lock"]);

/**
 * Every application table, read from the database itself: a table a new migration adds is checked
 * without anyone listing it (the job queue's tables are in their own schema, pgboss).
 */
async function dataTables(t: TestApp): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(t.db);
  return rows.map((r) => r.name).filter((name) => !NOT_DATA.has(name));
}

/** Row counts of every table. */
export async function rowCounts(t: TestApp): Promise<Record<string, number>> {
  const tables = await dataTables(t);
  const counts = tables.map((table) => sql`select ${table}::text as name, count(*)::text as n from ${sql.table(table)}`);
  const { rows } = await sql<{ name: string; n: string }>`${sql.join(counts, sql` union all `)}`.execute(t.db);
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]));
}

/**
 * A digest of every row of every table, to prove a refused request changed nothing at all: per
 * table the row count and the sum of the rows' hashes (order does not matter, so nothing is
 * sorted), in one statement. A service token's last use is left out: every bearer request records
 * it, which is not a change of data.
 */
export async function tableDigest(t: TestApp): Promise<Record<string, string>> {
  const tables = await dataTables(t);
  const parts = tables.map((table) => {
    const row =
      table === "service_tokens"
        ? sql`concat_ws(',', x.id, x.user_id, x.name, x.token_hash, x.scope, x.expires_at, x.revoked_at)`
        : sql`x::text`;
    return sql`select ${table}::text as name, count(*) || ':' || coalesce(sum(hashtextextended(${row}, 0)), 0) as d from ${sql.table(table)} x`;
  });
  const { rows } = await sql<{ name: string; d: string }>`${sql.join(parts, sql` union all `)}`.execute(t.db);
  return Object.fromEntries(rows.map((r) => [r.name, r.d]));
}

export type ActorName = "anon" | "admin" | "manager" | "w1" | "w2";
export const ACTORS: readonly ActorName[] = ["anon", "admin", "manager", "w1", "w2"];

export function actorUser(f: Fixture, actor: ActorName): TestUser | null {
  return actor === "anon" ? null : f[actor];
}

/** A multipart/form-data body for fastify.inject: text fields and one file part. */
export function multipartBody(
  fields: Record<string, string>,
  file?: { field?: string; name: string; data: Buffer; type?: string },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----sitesafe${randomUUID().replaceAll("-", "")}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`, "utf8"));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? "file"}"; filename="${file.name.replace(/["\\]/g, (c) => `\\${c}`)}"\r\nContent-Type: ${file.type ?? "application/octet-stream"}\r\n\r\n`,
        "utf8",
      ),
      file.data,
      Buffer.from("\r\n", "utf8"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`, "utf8"));
  return { payload: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

// ---------------------------------------------------------------------------------------------
// Valid request bodies, shared by the authorization matrix and the fuzz tests.

const iso = (d: string) => new Date(d).toISOString();
export const uid = () => randomUUID().slice(0, 8);

export const projectBody = () => ({
  name: `New project ${uid()}`,
  location: "Riverside",
  status: "active",
  startDate: "2026-03-01",
  emergencyContactInfo: { "Emergency Services": "911" },
});
export const workerBody = () => {
  const u = uid();
  return {
    username: `new_${u}`,
    password: "secret12",
    firstName: "Nina",
    lastName: "New",
    email: `nina_${u}@example.com`,
    phone: "5551234567",
    role: "Carpenter",
    company: "Acme",
    hardhatNumber: `HH-${u}`,
    projectIds: [],
  };
};
/** A crew sign-on naming W1 (assigned to P): staff collect it, W1 signs for themself. */
export const signOnBody = (f: Fixture) => ({
  workerId: f.w1.workerId,
  signature: PHOTO_PNG.toString("base64"),
  recordVersion: "a".repeat(64),
  device: "test",
});
/** A crew member without an account, signed in by whoever collects the record's sign-on. */
export const guestSignOnBody = () => ({
  guestName: "Gus Guest",
  guestCompany: "Subs Inc",
  signature: PHOTO_PNG.toString("base64"),
  recordVersion: "a".repeat(64),
});
/** A public link of the JHA form, valid for eight hours. */
export const signOnLinkBody = (f: Fixture) => ({
  kind: "jha",
  id: f.jhaFormId,
  expiresAt: new Date(Date.now() + 8 * 3600 * 1000).toISOString(),
});
export const talkTopicBody = () => ({ language: "es", title: "Andamios", content: "Revise el andamio antes de subir" });
export const talkBody = (f: Fixture) => ({
  projectId: f.projectP,
  title: "Scaffold safety",
  content: "Inspect the scaffold before climbing",
  talkDate: "2026-02-09",
  presenterName: "Site lead",
});
/** The fixture template's content: two pass/fail items. */
export const INSPECTION_SECTIONS = [
  {
    title: "Platform",
    items: [
      { key: "planks", text: "Planks fully decked", type: "passFail", weight: 1 },
      { key: "guardrail", text: "Guardrail in place", type: "passFail", weight: 1, priority: "low" },
    ],
  },
];
export const inspectionTemplateBody = () => ({ name: `Template ${uid()}`, sections: INSPECTION_SECTIONS });
export const inspectionBody = (f: Fixture) => ({
  projectId: f.projectP,
  templateId: f.inspectionTemplateId,
  answers: [
    { itemKey: "planks", value: "pass" },
    { itemKey: "guardrail", value: "pass" },
  ],
  signature: "data:image/png;base64,iVBORw0KGgo=",
});
export const inspectionScheduleBody = (f: Fixture) => ({
  projectId: f.projectQ,
  templateId: f.inspectionTemplateId,
  frequency: "weekly",
  startsOn: "2026-01-05",
});
export const correctiveActionBody = (f: Fixture) => ({
  projectId: f.projectP,
  description: "Cover the floor opening",
  priority: "medium",
  ownerUserId: f.w1.id,
});
export const jhaBody = (f: Fixture) => ({
  projectId: f.projectP,
  title: "Excavation JHA",
  jobDescription: "Dig trench for drainage",
  hazards: [{ description: "Trench collapse", riskLevel: "high" }],
  controlMeasures: [{ description: "Shoring", responsibility: "Site lead" }],
  submittedBy: f.w1.workerId,
});
export const incidentBody = (f: Fixture) => ({
  title: "Dropped tool",
  description: "A spanner fell from level 2",
  severity: "near_miss",
  date: "2026-01-11",
  location: "Block B",
  projectId: f.projectP,
  reportedBy: f.w1.workerId,
  involvedWorkers: [f.w1.workerId],
  actionTaken: "Area cordoned",
  status: "open",
});
export const permitBody = (f: Fixture) => ({
  projectId: f.projectP,
  title: "Cut steel beams",
  location: "Level 3",
  workDescription: "Cut the old beams with a torch",
  startDate: iso("2026-03-02T08:00:00Z"),
  endDate: iso("2026-03-02T12:00:00Z"),
  requestedBy: f.w1.workerId,
  precautions: [HOT_WORK_PRECAUTIONS[0], HOT_WORK_PRECAUTIONS[1]],
  equipmentUsed: ["Cutting torch"],
  fireWatchRequired: true,
  fireWatchBy: "Sam",
});
export const credentialBody = (f: Fixture) => ({ credentialTypeId: f.fireWatchTypeId, number: `FW-${uid()}`, expiryDate: "2030-01-01" });
export const credentialTypeBody = () => ({ nameEn: `Type ${uid()}`, nameEs: `Tipo ${uid()}`, validityMonths: 12 });
export const credentialRequirementBody = (f: Fixture) => ({ credentialTypeId: f.fireWatchTypeId, position: `Welder ${uid()}` });
export const credentialImportBody = (f: Fixture) => ({ csv: `email,type,number\n${f.w1.email},fire_watch,FW-${uid()}\n` });
export const commentBody = (f: Fixture) => ({
  title: "Blocked exit",
  content: "The fire exit on level 2 is blocked by pallets",
  status: "open",
  userId: f.w1.id,
  projectId: f.projectP,
});
export const moduleBody = () => ({
  title: `Scaffolds ${uid()}`,
  description: "Scaffold inspection",
  type: "site_safety",
  duration: 30,
  content: {
    sections: [{ title: "Tags", content: "Check the scaffold tag" }],
    quiz: [{ question: "Green tag means?", options: ["Safe", "Unsafe"], answer: 0 }],
  },
});
export const videoBody = () => ({
  title: `Hot work ${uid()}`,
  description: "Hot work basics",
  url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
  duration: 240,
  tags: ["fire", "welding"],
  publishedAt: iso("2026-01-05T00:00:00Z"),
  thumbnail: "",
  requiredWatchByDate: iso("2026-01-12T00:00:00Z"),
});
