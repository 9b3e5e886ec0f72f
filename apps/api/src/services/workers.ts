import { audit, classifyDbError, type Database, users, workers } from "@sitesafe/db";
import {
  type Actor,
  AppError,
  addDays,
  CREDENTIAL_EXPIRING_DAYS,
  canReadWorker,
  conflict,
  EMAIL_TAKEN,
  forbidden,
  MANAGER_DEFAULT_COMPANY,
  MANAGER_DEFAULT_POSITION,
  MANAGER_POSITIONS,
  type managerCreateSchema,
  notFound,
  USERNAME_TAKEN,
  type WorkerListQuery,
  type workerCreateSchema,
  type workerUpdateSchema,
} from "@sitesafe/domain";
import type { Kysely } from "kysely";
import type { z } from "zod";
import { hashPassword } from "../auth/passwords.js";
import { assertCan } from "../context.js";
import type { ServiceContext } from "./context.js";
import { companyToday } from "./credentials.js";

/**
 * Application rules of the workers area: who reads a worker, a login account with its profile and
 * assignments in one transaction, and who may change or remove whose account.
 */

/** A taken username or e-mail, however it was found (pre-check or the unique index), is a 409 with a clear message. */
function identityConflict(error: unknown): AppError | null {
  const info = classifyDbError(error);
  if (info?.kind !== "unique") return null;
  if (info.constraint === "users_username_key") return conflict(USERNAME_TAKEN);
  if (info.constraint === "users_email_key" || info.constraint === "workers_email_key") return conflict(EMAIL_TAKEN);
  return null;
}

async function assertProjectsExist(db: Kysely<Database>, projectIds: readonly number[]) {
  const missing = await workers.missingProjectIds(db, projectIds);
  if (missing.length > 0) {
    throw new AppError("BAD_REQUEST", "A selected project does not exist", [
      { path: "projectIds", message: "A selected project does not exist" },
    ]);
  }
}

interface NewWorkerAccount {
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  position: string;
  company: string | null;
  hardhatNumber: string | null;
  emergencyContact: string | null;
  projectIds: number[];
  accountRole: "worker" | "manager";
}

/**
 * The login account, the worker profile and the project assignments in ONE transaction: a taken
 * username or e-mail (caught by the unique indexes even under a race) rolls everything back.
 */
async function createWorkerWithAccount(ctx: { db: Kysely<Database>; actor: Actor }, input: NewWorkerAccount) {
  const taken = await users.takenIdentity(ctx.db, input.username, input.email);
  if (taken.username) throw conflict(USERNAME_TAKEN);
  if (taken.email) throw conflict(EMAIL_TAKEN);
  await assertProjectsExist(ctx.db, input.projectIds);
  const passwordHash = await hashPassword(input.password);
  let workerId: number;
  try {
    workerId = await ctx.db.transaction().execute(async (trx) => {
      const user = await users.insertUser(trx, {
        username: input.username,
        email: input.email,
        passwordHash,
        role: input.accountRole,
        firstName: input.firstName,
        lastName: input.lastName,
      });
      const id = await workers.insertWorkerProfile(trx, {
        userId: user.id,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone,
        role: input.position,
        company: input.company,
        hardhatNumber: input.hardhatNumber,
        emergencyContact: input.emergencyContact,
      });
      await workers.syncWorkerProjects(trx, id, input.projectIds);
      await audit.recordAudit(trx, {
        actor: ctx.actor,
        entity: "user",
        entityId: user.id,
        action: "created",
        details: { workerId: id, role: input.accountRole, position: input.position },
      });
      return id;
    });
  } catch (error) {
    throw identityConflict(error) ?? error;
  }
  const worker = await workers.findWorker(ctx.db, workerId);
  if (!worker) throw notFound("Worker");
  return worker;
}

/** Managers manage worker accounts; only an admin may change or remove an admin's or manager's. */
function assertMayChangeAccount(actor: Actor, accountRole: string | null, action: "edit" | "delete") {
  if (actor.role === "admin" || accountRole === null || accountRole === "worker") return;
  if (action === "edit" && accountRole === "manager") return;
  throw forbidden(`Only admins can ${action} ${accountRole} accounts`);
}

/** Staff only; `managersOnly` is the managers list (the manager positions). */
export function listedWorkers(ctx: ServiceContext, input: Partial<WorkerListQuery>) {
  assertCan(ctx.actor, "worker.list");
  return workers.workerList(
    ctx.db,
    {
      search: input.search,
      positions: input.managersOnly ? MANAGER_POSITIONS : input.positions,
      limit: input.limit,
      offset: input.offset,
      credentialsValidThrough: input.credentials === "attention" ? addDays(companyToday(ctx), CREDENTIAL_EXPIRING_DAYS) : undefined,
    },
    ctx.workerCompliance,
  );
}

/** Staff read any worker; a worker reads their own record. */
export async function readableWorker(ctx: ServiceContext, id: number) {
  if (!canReadWorker(ctx.actor, id)) throw forbidden();
  const worker = await workers.findWorker(ctx.db, id, ctx.workerCompliance);
  if (!worker) throw notFound("Worker");
  return worker;
}

/** 403 unless the actor may read the worker, then 404 for an unknown worker. */
async function assertReadableWorker(ctx: ServiceContext, id: number) {
  if (!canReadWorker(ctx.actor, id)) throw forbidden();
  if (!(await workers.findWorkerProfile(ctx.db, id))) throw notFound("Worker");
}

export async function workerProjects(ctx: ServiceContext, id: number) {
  await assertReadableWorker(ctx, id);
  return workers.listWorkerProjects(ctx.db, id, ctx.projectFigures);
}

/** The worker detail page's Training Modules tab: every module with this worker's record. */
export async function workerTrainingRecords(ctx: ServiceContext, id: number) {
  await assertReadableWorker(ctx, id);
  return workers.listWorkerTrainingRecords(ctx.db, id);
}

/** The worker detail page's Safety Videos tab. */
export async function workerVideoRecords(ctx: ServiceContext, id: number) {
  await assertReadableWorker(ctx, id);
  return workers.listWorkerVideoRecords(ctx.db, id);
}

/** A login account + profile + assignments. */
export function createWorker(ctx: ServiceContext, input: z.infer<typeof workerCreateSchema>) {
  assertCan(ctx.actor, "worker.create");
  return createWorkerWithAccount(ctx, {
    ...input,
    position: input.role,
    accountRole: "worker",
  });
}

/** The manager form: a manager account with the Safety Manager position. */
export function createManager(ctx: ServiceContext, input: z.infer<typeof managerCreateSchema>) {
  assertCan(ctx.actor, "manager.create");
  return createWorkerWithAccount(ctx, {
    ...input,
    position: MANAGER_DEFAULT_POSITION,
    company: input.company ?? MANAGER_DEFAULT_COMPANY,
    accountRole: "manager",
  });
}

/** Profile fields; projectIds, when sent, become the assignments. */
export async function updateWorker(ctx: ServiceContext, input: z.infer<typeof workerUpdateSchema>) {
  assertCan(ctx.actor, "worker.update");
  const { id, projectIds, ...fields } = input;
  const current = await workers.findWorkerProfile(ctx.db, id);
  if (!current) throw notFound("Worker");
  assertMayChangeAccount(ctx.actor, current.accountRole, "edit");
  if (projectIds) await assertProjectsExist(ctx.db, projectIds);
  const profile = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as workers.WorkerProfileUpdate;
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await workers.updateWorkerProfile(trx, id, profile);
      if (current.userId !== null) {
        const identity = Object.fromEntries(
          Object.entries({ firstName: profile.firstName, lastName: profile.lastName, email: profile.email }).filter(
            ([, v]) => v !== undefined,
          ),
        );
        await workers.updateAccountIdentity(trx, current.userId, identity);
      }
      if (projectIds) await workers.syncWorkerProjects(trx, id, projectIds);
    });
  } catch (error) {
    throw identityConflict(error) ?? error;
  }
  const worker = await workers.findWorker(ctx.db, id);
  if (!worker) throw notFound("Worker");
  return worker;
}

/**
 * A worker profile without its login would leave an account nobody manages, so this deletes the
 * login account and lets the foreign key (workers.user_id ON DELETE CASCADE) take the profile, its
 * training and video records and its assignments. A profile with no account is deleted directly.
 * Forms the worker filed stay, with the reference cleared.
 */
export async function deleteWorker(ctx: ServiceContext, id: number) {
  assertCan(ctx.actor, "worker.delete");
  const current = await workers.findWorkerProfile(ctx.db, id);
  if (!current) throw notFound("Worker");
  if (current.userId !== null && current.userId === ctx.actor.userId)
    throw new AppError("BAD_REQUEST", "You cannot delete your own account");
  assertMayChangeAccount(ctx.actor, current.accountRole, "delete");
  await ctx.db.transaction().execute(async (trx) => {
    if (current.userId !== null) {
      await audit.recordAudit(trx, {
        actor: ctx.actor,
        entity: "user",
        entityId: current.userId,
        action: "deleted",
        details: { workerId: current.id, name: `${current.firstName} ${current.lastName}`, via: "worker" },
      });
      await users.deleteUser(trx, current.userId);
    } else {
      await workers.deleteWorkerProfile(trx, current.id);
    }
  });
  ctx.log.info({ event: "worker_deleted", workerId: id, by: ctx.actor.userId }, "worker deleted");
  return { success: true };
}
