import { audit, credentials, type Database, projects, workers } from "@sitesafe/db";
import {
  AppError,
  badRequest,
  CREDENTIAL_DELETE_VERIFIED,
  CREDENTIAL_IMPORT_COLUMNS,
  CREDENTIAL_IMPORT_EMPTY,
  CREDENTIAL_IMPORT_HEADER,
  CREDENTIAL_IMPORT_MAX_ROWS,
  CREDENTIAL_IMPORT_TOO_MANY_ROWS,
  CREDENTIAL_NOT_SUBMITTED,
  CREDENTIAL_NOT_YOURS,
  CREDENTIAL_REQUIREMENT_EXISTS,
  CREDENTIAL_TYPE_EXISTS,
  CREDENTIAL_TYPE_INVALID,
  CREDENTIAL_VERIFY_OWN,
  type Credential,
  type CredentialCompliance,
  type CredentialImportReport,
  type CredentialValues,
  can,
  canReadWorker,
  conflict,
  credentialCompliance,
  credentialCsvRows,
  type credentialRequirementSchema,
  credentialSchema,
  credentialState,
  type credentialTypeSchema,
  FIRE_WATCH_NOT_ON_PROJECT,
  forbidden,
  IMPORT_DUPLICATE,
  IMPORT_UNKNOWN_TYPE,
  IMPORT_UNKNOWN_WORKER,
  type ImportRefusal,
  isStaff,
  isValidCredential,
  notFound,
  type ProjectCredentialCompliance,
  todayIn,
} from "@sitesafe/domain";
import type { Kysely } from "kysely";
import type { z } from "zod";
import { assertCan } from "../context.js";
import type { ServiceContext } from "./context.js";
import { assertSeesProject, INVALID_PROJECT } from "./forms.js";

/**
 * Credentials that expire (issue #36; docs/product.md, "Credentials"): a worker's cards, their
 * verification by staff, the types staff extend, which types positions and projects require, how a
 * worker and a project stand on them, the CSV import, and the checks where a credential matters
 * (a permit's fire watch, an assignment). "Today" is the company's date: the server's clock
 * (`ctx.now`, injected by tests) in DIGEST_TIME_ZONE, the one company time zone of config.ts.
 */

const INVALID_ROW = "Invalid input";
export const NOT_YOUR_PROFILE = "You can only see your own credentials";

/** The company's time zone: DIGEST_TIME_ZONE (config.ts), the one the whole site keeps its days in. */
export function companyTimeZone(config: Pick<ServiceContext["config"], "digestTimeZone">): string {
  return config.digestTimeZone ?? "UTC";
}

/** Today in the company's time zone, from the injected clock. */
export function companyToday(ctx: Pick<ServiceContext, "config" | "now">): string {
  return todayIn(companyTimeZone(ctx.config), ctx.now());
}

function shaped(row: credentials.CredentialRow, today: string): Credential {
  return { ...row, state: credentialState(row, today) };
}

export function types(ctx: ServiceContext) {
  return credentials.listTypes(ctx.db);
}

export async function createType(ctx: ServiceContext, input: z.output<typeof credentialTypeSchema>) {
  assertCan(ctx.actor, "credentialType.create");
  if (await credentials.typeNamed(ctx.db, input.nameEn)) throw conflict(CREDENTIAL_TYPE_EXISTS);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const id = await credentials.insertType(trx, { ...input, createdBy: ctx.actor.userId });
    await audit.recordAudit(trx, {
      actor: ctx.actor,
      entity: "credentialType",
      entityId: id,
      action: "created",
      details: { nameEn: input.nameEn },
    });
    return id;
  });
  const created = await credentials.findType(ctx.db, id);
  if (!created) throw notFound("Credential type");
  return created;
}

async function assertWorker(db: Kysely<Database>, workerId: number) {
  if (!(await workers.workerExists(db, workerId))) throw notFound("Worker");
}

export async function workerCredentials(ctx: ServiceContext, workerId: number): Promise<Credential[]> {
  if (!canReadWorker(ctx.actor, workerId)) throw forbidden(NOT_YOUR_PROFILE);
  await assertWorker(ctx.db, workerId);
  const today = companyToday(ctx);
  return (await credentials.workerCredentials(ctx.db, workerId)).map((row) => shaped(row, today));
}

/** A credential the actor may read: 404 when missing, 403 for another worker's (workers). */
async function readable(ctx: ServiceContext, id: number) {
  const row = await credentials.findCredential(ctx.db, id);
  if (!row) throw notFound("Credential");
  if (!canReadWorker(ctx.actor, row.workerId)) throw forbidden(NOT_YOUR_PROFILE);
  return row;
}

export async function byId(ctx: ServiceContext, id: number): Promise<Credential> {
  return shaped(await readable(ctx, id), companyToday(ctx));
}

/**
 * The row of a new credential: verified at once by whoever may verify it (staff, never their own:
 * `can("credential.verify")`), otherwise submitted for verification. One rule for a single add
 * and for each imported line.
 */
function newCredential(ctx: ServiceContext, c: CredentialValues, now: Date): credentials.CredentialWrite {
  const verifies = can(ctx.actor, "credential.verify", { ownerWorkerId: c.workerId });
  return {
    workerId: c.workerId,
    credentialTypeId: c.credentialTypeId,
    number: c.number,
    issuer: c.issuer,
    issueDate: c.issueDate,
    expiryDate: c.expiryDate,
    status: verifies ? "verified" : "submitted",
    submittedBy: ctx.actor.userId,
    verifiedBy: verifies ? ctx.actor.userId : null,
    verifiedAt: verifies ? now : null,
  };
}

/**
 * A new credential. A worker adds their own, submitted for verification; staff add for anyone, and
 * what staff add is verified by them at once, unless it is their own (nobody verifies their own).
 */
export async function create(ctx: ServiceContext, input: CredentialValues): Promise<Credential> {
  if (!can(ctx.actor, "credential.create", { ownerWorkerId: input.workerId })) throw forbidden(CREDENTIAL_NOT_YOURS);
  await assertWorker(ctx.db, input.workerId);
  if (!(await credentials.findType(ctx.db, input.credentialTypeId)))
    throw badRequest(CREDENTIAL_TYPE_INVALID, [{ path: "credentialTypeId", message: CREDENTIAL_TYPE_INVALID }]);
  const row = newCredential(ctx, input, ctx.now());
  const id = await ctx.db.transaction().execute(async (trx) => {
    const id = await credentials.insertCredential(trx, row);
    await audit.recordAudit(trx, {
      actor: ctx.actor,
      entity: "credential",
      entityId: id,
      action: "created",
      details: { workerId: input.workerId, credentialTypeId: input.credentialTypeId, status: row.status },
    });
    return id;
  });
  return byId(ctx, id);
}

/** Verify or reject a submitted credential: staff, never their own; the transition is conditional (a second decision is a 409). */
export async function decide(ctx: ServiceContext, id: number, decision: { status: "verified" } | { status: "rejected"; reason: string }) {
  const row = await readable(ctx, id);
  if (!can(ctx.actor, "credential.verify", { ownerWorkerId: row.workerId })) {
    throw forbidden(isStaff(ctx.actor) ? CREDENTIAL_VERIFY_OWN : undefined);
  }
  const at = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const changed = await credentials.decide(trx, id, { ...decision, verifiedBy: ctx.actor.userId, at });
    if (!changed) throw conflict(CREDENTIAL_NOT_SUBMITTED);
    await audit.recordAudit(trx, {
      actor: ctx.actor,
      entity: "credential",
      entityId: id,
      action: decision.status,
      details: decision.status === "rejected" ? { reason: decision.reason } : {},
    });
  });
  return byId(ctx, id);
}

/** Staff remove any credential; a worker their own while it is not verified (a mistake, a rejected card). */
export async function remove(ctx: ServiceContext, id: number): Promise<void> {
  const row = await readable(ctx, id);
  if (!can(ctx.actor, "credential.delete", { ownerWorkerId: row.workerId, status: row.status })) {
    throw forbidden(row.workerId !== ctx.actor.workerId ? NOT_YOUR_PROFILE : CREDENTIAL_DELETE_VERIFIED);
  }
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await credentials.deleteCredential(trx, id))) throw notFound("Credential");
    await audit.recordAudit(trx, {
      actor: ctx.actor,
      entity: "credential",
      entityId: id,
      action: "deleted",
      details: { workerId: row.workerId, credentialTypeId: row.credentialTypeId },
    });
  });
}

// ---- requirements

export function requirements(ctx: ServiceContext, filter: { projectId?: number | undefined; position?: string | undefined }) {
  return credentials.listRequirements(ctx.db, filter);
}

export async function createRequirement(ctx: ServiceContext, input: z.output<typeof credentialRequirementSchema>) {
  assertCan(ctx.actor, "credentialRequirement.manage");
  if (!(await credentials.findType(ctx.db, input.credentialTypeId)))
    throw badRequest(CREDENTIAL_TYPE_INVALID, [{ path: "credentialTypeId", message: CREDENTIAL_TYPE_INVALID }]);
  const projectId = input.projectId ?? null;
  if (projectId !== null && !(await ctx.db.selectFrom("projects").select("id").where("id", "=", projectId).executeTakeFirst()))
    throw badRequest(INVALID_PROJECT, [{ path: "projectId", message: INVALID_PROJECT }]);
  const existing = await credentials.listRequirements(ctx.db, projectId !== null ? { projectId } : { position: input.position ?? "" });
  if (existing.some((r) => r.credentialTypeId === input.credentialTypeId)) throw conflict(CREDENTIAL_REQUIREMENT_EXISTS);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const id = await credentials.insertRequirement(trx, {
      credentialTypeId: input.credentialTypeId,
      position: input.position,
      projectId,
      blocking: input.blocking,
      createdBy: ctx.actor.userId,
    });
    await audit.recordAudit(trx, {
      actor: ctx.actor,
      entity: "credentialRequirement",
      entityId: id,
      action: "created",
      details: { credentialTypeId: input.credentialTypeId, position: input.position, projectId, blocking: input.blocking },
    });
    return id;
  });
  const created = await credentials.findRequirement(ctx.db, id);
  if (!created) throw notFound("Credential requirement");
  return created;
}

export async function removeRequirement(ctx: ServiceContext, id: number): Promise<void> {
  assertCan(ctx.actor, "credentialRequirement.manage");
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await credentials.deleteRequirement(trx, id))) throw notFound("Credential requirement");
    await audit.recordAudit(trx, { actor: ctx.actor, entity: "credentialRequirement", entityId: id, action: "deleted", details: {} });
  });
}

// ---- compliance

/** How a worker stands on what their position and their projects require: staff, or the worker themself. */
export async function workerCompliance(ctx: ServiceContext, workerId: number): Promise<CredentialCompliance> {
  if (!canReadWorker(ctx.actor, workerId)) throw forbidden(NOT_YOUR_PROFILE);
  await assertWorker(ctx.db, workerId);
  const [required, held] = await Promise.all([credentials.requiredOf(ctx.db, [workerId]), credentials.heldBy(ctx.db, [workerId])]);
  return credentialCompliance(required, held, companyToday(ctx));
}

/**
 * A project's crew on the types required of them there: the project's requirements and each
 * worker's position's. Staff only (the router); three queries whatever the crew's size.
 */
export async function projectCompliance(ctx: ServiceContext, projectId: number): Promise<ProjectCredentialCompliance> {
  if (!(await projects.projectExists(ctx.db, projectId))) throw notFound("Project");
  const crew = await credentials.projectCrew(ctx.db, projectId);
  const ids = crew.map((w) => w.workerId);
  const [required, held] = await Promise.all([credentials.requiredOf(ctx.db, ids, projectId), credentials.heldBy(ctx.db, ids)]);
  const today = companyToday(ctx);
  const rows = crew.map((w) => ({
    ...w,
    ...credentialCompliance(
      required.filter((r) => r.workerId === w.workerId),
      held.filter((h) => h.workerId === w.workerId),
      today,
    ),
  }));
  const requiredSlots = rows.reduce((n, r) => n + r.required, 0);
  const met = rows.reduce((n, r) => n + r.met, 0);
  return {
    projectId,
    required: requiredSlots,
    met,
    expiringSoon: rows.reduce((n, r) => n + r.expiringSoon, 0),
    percent: requiredSlots === 0 ? 100 : Math.floor((met * 100) / requiredSlots),
    workers: rows,
  };
}

/**
 * What a worker lacks for a project they are being assigned to: each required type (the project's
 * and their position's) without a valid credential. The assignment warns with it; a blocking one
 * refuses the assignment (projects service).
 */
export async function assignmentGaps(db: Kysely<Database>, today: string, workerId: number, projectId: number) {
  const [required, held] = await Promise.all([
    credentials.requiredForAssignment(db, workerId, projectId),
    credentials.heldBy(db, [workerId]),
  ]);
  return credentialCompliance(required, held, today).items.filter((i) => i.standing !== "met" && i.standing !== "expiring");
}

/** Whether a worker holds a valid fire-watch credential today. */
export async function hasValidFireWatch(db: Kysely<Database>, today: string, workerId: number): Promise<boolean> {
  const [typeIds, held] = await Promise.all([credentials.fireWatchTypeIds(db), credentials.heldBy(db, [workerId])]);
  return held.some((h) => typeIds.includes(h.credentialTypeId) && isValidCredential(h, today));
}

/** Whether the project makes the fire-watch credential a blocking requirement. */
export async function blocksFireWatch(db: Kysely<Database>, projectId: number): Promise<boolean> {
  const typeIds = await credentials.fireWatchTypeIds(db);
  const reqs = await credentials.listRequirements(db, { projectId });
  return reqs.some((r) => r.blocking && typeIds.includes(r.credentialTypeId));
}

/**
 * The permit form's check of the worker picked as fire watch: whoever sees the project, about a
 * worker of that project (a yes or no, nothing else about their cards).
 */
export async function fireWatchCheck(ctx: ServiceContext, projectId: number, workerId: number) {
  assertSeesProject(ctx.actor, projectId);
  const onProject = await ctx.db
    .selectFrom("projectWorkers")
    .select("id")
    .where("projectId", "=", projectId)
    .where("workerId", "=", workerId)
    .executeTakeFirst();
  if (!onProject && !isStaff(ctx.actor))
    throw badRequest(FIRE_WATCH_NOT_ON_PROJECT, [{ path: "workerId", message: FIRE_WATCH_NOT_ON_PROJECT }]);
  await assertWorker(ctx.db, workerId);
  const [valid, blocking] = await Promise.all([hasValidFireWatch(ctx.db, companyToday(ctx), workerId), blocksFireWatch(ctx.db, projectId)]);
  return { workerId, valid, blocking };
}

// ---- CSV import

/**
 * Staff import credentials from CSV: a header naming the columns (any order, any case), then one
 * credential a row, the worker by e-mail and the type by its English or Spanish name (or code).
 * Each row is checked by the same schema as a form; refused rows are reported by line with why, the
 * others are imported (verified by the importer, as staff adding them by hand), all in one
 * transaction with one audit row.
 */
export async function importCsv(ctx: ServiceContext, csvText: string): Promise<CredentialImportReport> {
  assertCan(ctx.actor, "credential.import");
  const rows = credentialCsvRows(csvText);
  const [header, ...body] = rows;
  if (!header || body.length === 0) throw badRequest(CREDENTIAL_IMPORT_EMPTY);
  if (body.length > CREDENTIAL_IMPORT_MAX_ROWS) throw new AppError("PAYLOAD_TOO_LARGE", CREDENTIAL_IMPORT_TOO_MANY_ROWS);
  const names = header.map((h) => h.trim().toLowerCase());
  const column = Object.fromEntries(CREDENTIAL_IMPORT_COLUMNS.map((c) => [c, names.indexOf(c.toLowerCase())])) as Record<
    (typeof CREDENTIAL_IMPORT_COLUMNS)[number],
    number
  >;
  if (column.email < 0 || column.type < 0) throw badRequest(CREDENTIAL_IMPORT_HEADER);

  const emails = [...new Set(body.map((r) => (r[column.email] ?? "").trim().toLowerCase()).filter(Boolean))];
  const workerRows = emails.length
    ? await ctx.db
        .selectFrom("workers")
        .select(["id", "email"])
        .where((eb) => eb.fn("lower", ["email"]), "in", emails)
        .execute()
    : [];
  const workerByEmail = new Map<string, number[]>();
  for (const w of workerRows) workerByEmail.set(w.email.toLowerCase(), [...(workerByEmail.get(w.email.toLowerCase()) ?? []), w.id]);
  const typeList = await credentials.listTypes(ctx.db);
  const typeOf = (name: string) => {
    const key = name.trim().toLowerCase();
    return typeList.find((t) => t.nameEn.toLowerCase() === key || t.nameEs.toLowerCase() === key || t.code?.toLowerCase() === key);
  };
  const existing = await credentials.heldKeys(ctx.db, [...new Set(workerRows.map((w) => w.id))]);
  const seen = new Set(existing);

  const refused: ImportRefusal[] = [];
  const accepted: (CredentialValues & { line: number })[] = [];
  for (const [index, cells] of body.entries()) {
    const line = index + 2;
    const cell = (c: (typeof CREDENTIAL_IMPORT_COLUMNS)[number]) => (column[c] >= 0 ? (cells[column[c]] ?? "").trim() : "");
    const ids = workerByEmail.get(cell("email").toLowerCase());
    if (ids?.length !== 1) {
      refused.push({ line, column: "email", message: IMPORT_UNKNOWN_WORKER });
      continue;
    }
    const type = typeOf(cell("type"));
    if (!type) {
      refused.push({ line, column: "type", message: IMPORT_UNKNOWN_TYPE });
      continue;
    }
    const parsed = credentialSchema.safeParse({
      workerId: ids[0] as number,
      credentialTypeId: type.id,
      number: cell("number"),
      issuer: cell("issuer"),
      issueDate: cell("issueDate"),
      expiryDate: cell("expiryDate"),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      refused.push({ line, column: typeof issue?.path[0] === "string" ? issue.path[0] : null, message: issue?.message ?? INVALID_ROW });
      continue;
    }
    const key = credentials.heldKey(parsed.data);
    if (seen.has(key)) {
      refused.push({ line, column: null, message: IMPORT_DUPLICATE });
      continue;
    }
    seen.add(key);
    accepted.push({ ...parsed.data, line });
  }

  const now = ctx.now();
  if (accepted.length > 0) {
    await ctx.db.transaction().execute(async (trx) => {
      const ids = await credentials.insertCredentials(
        trx,
        accepted.map((c) => newCredential(ctx, c, now)),
      );
      await audit.recordAudit(trx, {
        actor: ctx.actor,
        entity: "credential",
        entityId: ids[0] ?? 0,
        action: "imported",
        details: { credentialIds: ids, refused: refused.length },
      });
    });
  }
  return { imported: accepted.length, refused };
}
