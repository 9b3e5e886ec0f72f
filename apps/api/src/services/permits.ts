import { audit, type Database, notifications, permits, projects, workers } from "@sitesafe/db";
import {
  type Actor,
  AppError,
  badRequest,
  canSeeProject,
  type closePermitSchema,
  conflict,
  decidePermitAction,
  displayName,
  FIRE_WATCH_CREDENTIAL_BLOCKING,
  FIRE_WATCH_NOT_ON_PROJECT,
  forbidden,
  type HotWorkPermitData,
  hasApprovalGaps,
  type hotWorkPermitSchema,
  isStaff,
  type ListPermitsInput,
  notFound,
  PERMIT_REQUESTER_CONTACT_FIELDS,
  type PermitAction,
  type PermitStatus,
  permitApprovalGaps,
  permitTransitions,
  type rejectPermitSchema,
  todayIn,
  type updateHotWorkPermitSchema,
  withWorkerContactFor,
} from "@sitesafe/domain";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { ServiceContext } from "./context.js";
import { blocksFireWatch, companyTimeZone, companyToday, hasValidFireWatch } from "./credentials.js";
import { fireWatchOf, permitPeople, startFireWatch } from "./fireWatches.js";
import { INVALID_WORKER } from "./forms.js";
import { notify } from "./notifications.js";

/**
 * Application rules of the permits area (docs/api.md, hot work permits): visibility, who requests,
 * the state machine's answers as 403/409, and every transition with its audit row in one transaction.
 */

const PERMIT = "Hot work permit";

/** The permit's facts, after the checks every action shares: it exists (404) and the caller sees its project (403). */
async function visiblePermitFacts(db: Kysely<Database>, actor: Actor, id: number) {
  const facts = await permits.findPermitFacts(db, id);
  if (!facts) throw notFound(PERMIT);
  if (!canSeeProject(actor, facts.projectId)) throw forbidden("You can only view permits for projects you're assigned to");
  return facts;
}

/** The state machine's answer as an error: 403 when the role may never do it, 409 when the state forbids it now. */
function assertPermitAction(
  actor: Actor,
  action: PermitAction,
  facts: { status: PermitStatus; projectId: number; requestedBy: number | null },
) {
  const decision = decidePermitAction(actor, action, facts);
  if (decision.allowed) return;
  throw decision.reason === "role" ? forbidden(decision.message) : conflict(decision.message);
}

/**
 * Who requested the permit: a worker always themself (their own profile, whatever was sent);
 * staff pick a worker profile that exists. The project must exist and be visible to the caller.
 */
async function checkedFormData(db: Kysely<Database>, actor: Actor, input: HotWorkPermitData): Promise<permits.PermitFormData> {
  let requestedBy = input.requestedBy;
  if (!isStaff(actor)) {
    if (actor.workerId === null) throw forbidden("Your account has no worker profile, so it cannot request permits");
    requestedBy = actor.workerId;
  } else if (!(await workers.workerExists(db, requestedBy))) {
    throw new AppError("BAD_REQUEST", "The selected requester does not exist", [
      { path: "requestedBy", message: "The selected requester does not exist" },
    ]);
  }
  if (!canSeeProject(actor, input.projectId)) throw forbidden("You can only request permits for projects you're assigned to");
  if (!(await projects.projectExists(db, input.projectId))) {
    throw new AppError("BAD_REQUEST", "Please select a valid project", [{ path: "projectId", message: "Please select a valid project" }]);
  }
  // The worker picked as fire watch must exist and work on the permit's project (the form offers the
  // project's crew; the server holds the same rule, so no permit names, or reports on the cards of,
  // anyone else); without a typed name, theirs is the name (docs/product.md, Credentials).
  let fireWatchBy = input.fireWatchBy;
  if (input.fireWatchWorkerId != null) {
    const picked = await db
      .selectFrom("workers as w")
      .leftJoin("projectWorkers as pw", (join) => join.onRef("pw.workerId", "=", "w.id").on("pw.projectId", "=", input.projectId))
      .select(["w.firstName", "w.lastName", "pw.id as assignment"])
      .where("w.id", "=", input.fireWatchWorkerId)
      .executeTakeFirst();
    if (!picked) throw badRequest(INVALID_WORKER, [{ path: "fireWatchWorkerId", message: INVALID_WORKER }]);
    if (picked.assignment === null)
      throw badRequest(FIRE_WATCH_NOT_ON_PROJECT, [{ path: "fireWatchWorkerId", message: FIRE_WATCH_NOT_ON_PROJECT }]);
    fireWatchBy ??= `${picked.firstName} ${picked.lastName}`;
  }
  return {
    projectId: input.projectId,
    title: input.title,
    location: input.location,
    workDescription: input.workDescription,
    startDate: input.startDate,
    endDate: input.endDate,
    requestedBy,
    precautions: input.precautions,
    equipmentUsed: input.equipmentUsed,
    fireWatchRequired: input.fireWatchRequired,
    fireWatchBy,
    fireWatchWorkerId: input.fireWatchWorkerId ?? null,
  };
}

/**
 * The detail answer: the permit, the names around it, and its history (who, what, when). The
 * requester's contact details only for staff and the requester (`withWorkerContactFor`, domain
 * policy): a co-worker sees the name.
 */
export async function permitDetail(db: Kysely<Database>, actor: Actor, id: number, now: Date, timeZone: string) {
  const permit = await permits.findPermitDetail(db, id);
  if (!permit) throw notFound(PERMIT);
  const history = await audit.auditHistory(db, "permit", id);
  const people = await permitPeople(db, permit);
  return {
    ...withWorkerContactFor(actor, permit.requestedBy, permit, PERMIT_REQUESTER_CONTACT_FIELDS),
    /** The post-work fire watch once the permit is closed (services/fireWatches.ts); null before. */
    fireWatch: await fireWatchOf(db, id, now),
    /** Whether the worker picked as fire watch holds a valid fire-watch credential today; null: nobody picked (issue #36). */
    fireWatchCredentialValid: await fireWatchCredentialValid(db, todayIn(timeZone, now), permit),
    /** Accounts of the requester and of the named fire watch: the web app shows the sign-off to them. */
    requesterUserId: people.requesterUserId,
    fireWatchUserId: people.fireWatchUserId,
    history: history.map((entry) => ({
      id: entry.id,
      action: entry.action,
      fromState: entry.fromState,
      toState: entry.toState,
      actorUserId: entry.actorUserId,
      actorName: entry.actorName,
      details: entry.details,
      createdAt: entry.createdAt,
    })),
  };
}

type Transition = keyof typeof permitTransitions;

/**
 * An approval records what the approver accepted without: the precautions not ticked and a fire
 * watch required with nobody named (the web app lists them in its confirmation first). REST
 * clients approve with an empty body as in the product; the gaps are recorded all the same.
 */
const approvalGapsDetails = (id: number, today: string) => async (trx: Kysely<Database>) => {
  const permit = await permits.findPermitDetail(trx, id);
  if (!permit) return null;
  const gaps = permitApprovalGaps({ ...permit, fireWatchCredentialValid: await fireWatchCredentialValid(trx, today, permit) });
  return hasApprovalGaps(gaps) ? { acknowledgedGaps: gaps } : null;
};

/**
 * approve, reject and close: policy first (403/409 from the state machine), then one conditional
 * UPDATE plus the audit event in one transaction. Losing a race to a concurrent call is a 409 that
 * names the state the permit is in now.
 */
async function transition(
  ctx: ServiceContext,
  id: number,
  action: Transition,
  stamp: permits.PermitTransitionStamp,
  details: Record<string, unknown> | null | ((trx: Kysely<Database>) => Promise<Record<string, unknown> | null>),
  after: (trx: Kysely<Database>) => Promise<void>,
) {
  const facts = await visiblePermitFacts(ctx.db, ctx.actor, id);
  assertPermitAction(ctx.actor, action, facts);
  const { from, to } = permitTransitions[action];
  await ctx.db.transaction().execute(async (trx) => {
    const moved = await permits.transitionPermit(trx, id, from, stamp);
    if (!moved) {
      const now = await permits.findPermitFacts(trx, id);
      if (!now) throw notFound(PERMIT);
      assertPermitAction(ctx.actor, action, now);
      throw conflict(`Cannot ${action} a permit that is ${now.status}; only ${from} permits can become ${to}`);
    }
    // Read after the conditional UPDATE, whose row lock keeps the permit as it is until commit.
    const recorded = typeof details === "function" ? await details(trx) : details;
    await audit.recordAudit(trx, { actor: ctx.actor, entity: "permit", entityId: id, action: to, from, to, details: recorded });
    await after(trx);
  });
  return permitDetail(ctx.db, ctx.actor, id, ctx.now(), companyTimeZone(ctx.config));
}

/** Approved or rejected: the requester and the named fire watch are told, in the same transaction. */
const tellRequester = (ctx: ServiceContext, id: number, kind: "permit.approved" | "permit.rejected") => async (trx: Kysely<Database>) => {
  const permit = await permits.findPermitDetail(trx, id);
  if (!permit) return;
  const people = await permitPeople(trx, permit);
  const ids = [people.requesterUserId, people.fireWatchUserId].filter((userId): userId is number => userId !== null);
  await notify(trx, {
    kind,
    entity: "permit",
    entityId: id,
    projectId: permit.projectId,
    params: { title: permit.title, by: displayName(ctx.user) },
    recipients: await notifications.recipientsAmong(trx, ids),
    except: ctx.actor.userId,
    delivery: ctx.delivery,
    now: ctx.now(),
  });
};

/** The permits the actor may read (a worker: their assigned projects', in SQL), filtered. */
export function visiblePermits(ctx: ServiceContext, input: ListPermitsInput) {
  return permits.permitList(ctx.db, { visibleProjectIds: isStaff(ctx.actor) ? null : ctx.actor.assignedProjectIds, ...input });
}

/** A permit's detail, once the caller may see it. */
export async function visiblePermit(ctx: ServiceContext, id: number) {
  await visiblePermitFacts(ctx.db, ctx.actor, id);
  return permitDetail(ctx.db, ctx.actor, id, ctx.now(), companyTimeZone(ctx.config));
}

export async function requestPermit(ctx: ServiceContext, input: z.infer<typeof hotWorkPermitSchema>) {
  const data = await checkedFormData(ctx.db, ctx.actor, input);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const newId = await permits.insertPermit(trx, data);
    await audit.recordAudit(trx, { actor: ctx.actor, entity: "permit", entityId: newId, action: "requested", to: "pending" });
    // Awaiting approval: staff decide permits (decidePermitAction), so every admin and manager is told.
    await notify(trx, {
      kind: "permit.requested",
      entity: "permit",
      entityId: newId,
      projectId: data.projectId,
      params: { title: data.title, by: displayName(ctx.user) },
      recipients: await notifications.staffRecipients(trx),
      except: ctx.actor.userId,
      delivery: ctx.delivery,
      now: ctx.now(),
    });
    return newId;
  });
  ctx.log.info({ event: "permit_requested", permitId: id, by: ctx.actor.userId }, "hot work permit requested");
  return permitDetail(ctx.db, ctx.actor, id, ctx.now(), companyTimeZone(ctx.config));
}

/** PUT: the full form again. The status stays; a worker's edit only lands while still pending. */
export async function updatePermit(ctx: ServiceContext, input: z.infer<typeof updateHotWorkPermitSchema>) {
  const { id, ...form } = input;
  const facts = await visiblePermitFacts(ctx.db, ctx.actor, id);
  assertPermitAction(ctx.actor, "edit", facts);
  const data = await checkedFormData(ctx.db, ctx.actor, form);
  // An approved permit edited by staff keeps the approval's rule: its fire watch may not become one
  // without a valid fire-watch credential on a project that blocks it.
  if (facts.status === "approved" && data.fireWatchWorkerId != null && data.fireWatchWorkerId !== facts.fireWatchWorkerId) {
    if (!(await hasValidFireWatch(ctx.db, companyToday(ctx), data.fireWatchWorkerId)) && (await blocksFireWatch(ctx.db, data.projectId)))
      throw conflict(FIRE_WATCH_CREDENTIAL_BLOCKING);
  }
  await ctx.db.transaction().execute(async (trx) => {
    const updated = await permits.updatePermitForm(trx, id, data, isStaff(ctx.actor) ? undefined : "pending");
    if (!updated) {
      const now = await permits.findPermitFacts(trx, id);
      if (!now) throw notFound(PERMIT);
      assertPermitAction(ctx.actor, "edit", now);
      throw conflict(`Cannot edit a ${now.status} permit; only pending permits can be edited`);
    }
    await audit.recordAudit(trx, {
      actor: ctx.actor,
      entity: "permit",
      entityId: id,
      action: "updated",
      from: facts.status,
      to: facts.status,
    });
  });
  return permitDetail(ctx.db, ctx.actor, id, ctx.now(), companyTimeZone(ctx.config));
}

/**
 * The picked fire watch's credential, today in the company's time zone (services/credentials.ts);
 * null when the permit needs no fire watch or nobody was picked (a typed name is not matched).
 */
async function fireWatchCredentialValid(
  db: Kysely<Database>,
  today: string,
  permit: { fireWatchRequired: boolean; fireWatchWorkerId: number | null },
): Promise<boolean | null> {
  if (!permit.fireWatchRequired || permit.fireWatchWorkerId === null) return null;
  return hasValidFireWatch(db, today, permit.fireWatchWorkerId);
}

/**
 * A fire watch without a valid credential is a gap the approver sees and accepts, unless the
 * permit's project makes the fire-watch credential a blocking requirement: then a 409.
 */
async function assertFireWatchAllowed(ctx: ServiceContext, id: number) {
  const permit = await permits.findPermitDetail(ctx.db, id);
  if (!permit) return;
  if ((await fireWatchCredentialValid(ctx.db, companyToday(ctx), permit)) !== false) return;
  if (await blocksFireWatch(ctx.db, permit.projectId)) throw conflict(FIRE_WATCH_CREDENTIAL_BLOCKING);
}

export async function approvePermit(ctx: ServiceContext, id: number) {
  await assertFireWatchAllowed(ctx, id);
  return transition(
    ctx,
    id,
    "approve",
    { to: "approved", userId: ctx.actor.userId },
    approvalGapsDetails(id, companyToday(ctx)),
    tellRequester(ctx, id, "permit.approved"),
  );
}

export function rejectPermit(ctx: ServiceContext, input: z.infer<typeof rejectPermitSchema>) {
  return transition(
    ctx,
    input.id,
    "reject",
    { to: "rejected", userId: ctx.actor.userId, rejectionReason: input.rejectionReason },
    { rejectionReason: input.rejectionReason },
    tellRequester(ctx, input.id, "permit.rejected"),
  );
}

export function closePermit(ctx: ServiceContext, input: z.infer<typeof closePermitSchema>) {
  return transition(
    ctx,
    input.id,
    "close",
    { to: "closed", userId: ctx.actor.userId, closingNotes: input.closingNotes },
    input.closingNotes ? { closingNotes: input.closingNotes } : null,
    // Hot work has ended: the post-work fire watch starts now (services/fireWatches.ts).
    (trx) => startFireWatch(trx, ctx.delivery, ctx.actor, input.id, ctx.now()),
  );
}

export async function deletePermit(ctx: ServiceContext, id: number) {
  const facts = await visiblePermitFacts(ctx.db, ctx.actor, id);
  assertPermitAction(ctx.actor, "delete", facts);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await permits.deletePermit(trx, id))) throw notFound(PERMIT);
    // The event outlives the permit: the trail still says who deleted what.
    await audit.recordAudit(trx, { actor: ctx.actor, entity: "permit", entityId: id, action: "deleted", from: facts.status });
  });
  ctx.log.info({ event: "permit_deleted", permitId: id, by: ctx.actor.userId }, "hot work permit deleted");
  return { success: true };
}
