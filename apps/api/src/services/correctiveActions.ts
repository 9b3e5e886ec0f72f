import { audit, correctiveActions, type Database, notifications, photos, projects } from "@sitesafe/db";
import {
  ACTION_CLOSED_EDIT,
  type ActionListQuery,
  type ActionTransition,
  type Actor,
  actionTransitions,
  badRequest,
  type CorrectiveActionAction,
  canSeeAction,
  conflict,
  type createActionSchema,
  decideActionTransition,
  dueDateFor,
  forbidden,
  isOverdue,
  isStaff,
  notFound,
  type rejectActionSchema,
  type submitActionSchema,
  type updateActionSchema,
} from "@sitesafe/domain";
import type { Kysely } from "kysely";
import type { z } from "zod";
import { assertCan } from "../context.js";
import type { Delivery, QueueDefinition } from "../jobs/queue.js";
import type { ServiceContext } from "./context.js";
import { INVALID_PROJECT } from "./forms.js";
import { INVALID_OWNER } from "./inspections.js";
import { notify } from "./notifications.js";

/**
 * Corrective actions (issue #35; docs/product.md "Corrective actions"): who sees them (their
 * project's people and their owner), who raises them, and every transition of the state machine
 * (packages/domain/src/correctiveActions.ts) as one conditional UPDATE with its audit row in one
 * transaction, like permits.
 */

export const ACTION_CHANGED = "The action changed meanwhile; reload it";
export const NOT_YOUR_ACTION = "You can only view corrective actions of your projects or assigned to you";

async function visibleFacts(db: Kysely<Database>, actor: Actor, id: number, lock = false) {
  const facts = await correctiveActions.findActionFacts(db, id, lock);
  if (!facts) throw notFound("Corrective action");
  if (!canSeeAction(actor, facts)) throw forbidden(NOT_YOUR_ACTION);
  return facts;
}

function assertDecision(actor: Actor, action: CorrectiveActionAction, facts: Parameters<typeof decideActionTransition>[2]) {
  const decision = decideActionTransition(actor, action, facts);
  if (decision.allowed) return;
  throw decision.reason === "role" ? forbidden(decision.message) : conflict(decision.message);
}

/**
 * Before the input is read (issue #30, L4): the action exists (404), the caller sees it (403) and
 * the role may take this step on it at all (403). A refusal of the state (409) waits for the input.
 */
export async function assertMayAct(ctx: ServiceContext, id: number, step: CorrectiveActionAction) {
  const facts = await visibleFacts(ctx.db, ctx.actor, id);
  const decision = decideActionTransition(ctx.actor, step, facts);
  if (!decision.allowed && decision.reason === "role") throw forbidden(decision.message);
}

/** The detail answer: the action, whether it is overdue now, and its history. */
export async function actionDetail(db: Kysely<Database>, id: number, now: Date) {
  const action = await correctiveActions.findAction(db, id);
  if (!action) throw notFound("Corrective action");
  const history = await audit.auditHistory(db, "correctiveAction", id);
  // What the inspector found: the failed item's photos, seen by whoever sees the action (its owner
  // too, on a project they are not assigned to; canSeePhotoRecord).
  const foundPhotos = action.inspectionAnswerId === null ? [] : await photos.answerPhotos(db, action.inspectionAnswerId);
  return {
    ...action,
    foundPhotos,
    overdue: isOverdue(action, now),
    history: history.map((h) => ({
      id: h.id,
      action: h.action,
      fromState: h.fromState,
      toState: h.toState,
      actorUserId: h.actorUserId,
      actorName: h.actorName,
      details: h.details,
      createdAt: h.createdAt,
    })),
  };
}

export async function visibleAction(ctx: ServiceContext, id: number) {
  await visibleFacts(ctx.db, ctx.actor, id);
  return actionDetail(ctx.db, id, ctx.now());
}

/** Staff: every action. A worker: their projects' actions and the ones they own (in SQL). */
export function visibleActions(ctx: ServiceContext, input: Partial<ActionListQuery>) {
  const staff = isStaff(ctx.actor);
  return correctiveActions.actionList(ctx.db, {
    projectIds: staff ? undefined : ctx.actor.assignedProjectIds,
    ownerOrProjectsUserId: staff ? undefined : ctx.actor.userId,
    projectId: input.projectId,
    status: input.status,
    ownerUserId: input.mine ? ctx.actor.userId : undefined,
    overdueAt: input.overdue ? ctx.now() : undefined,
    incidentReportId: input.incidentReportId,
    jhaFormId: input.jhaFormId,
    search: input.search,
    limit: input.limit,
    offset: input.offset,
  });
}

/** A list row carries whether it is overdue now (the server's clock). */
export function withOverdue<T extends { status: correctiveActions.CorrectiveAction["status"]; dueAt: Date }>(
  ctx: ServiceContext,
  rows: T[],
) {
  const now = ctx.now();
  return rows.map((row) => ({ ...row, overdue: isOverdue(row, now) }));
}

/** Who may own an action on the project (the raise dialog's picker): whoever may raise one there. */
export async function actionOwners(ctx: ServiceContext, projectId: number) {
  assertCan(ctx.actor, "correctiveAction.create", { projectId });
  if (!(await projects.projectExists(ctx.db, projectId))) throw notFound("Project");
  return correctiveActions.actionOwners(ctx.db, projectId);
}

/** Raised by hand, or from an incident report or JHA form of the same project. */
export async function createAction(ctx: ServiceContext, input: z.output<typeof createActionSchema>) {
  assertCan(ctx.actor, "correctiveAction.create", { projectId: input.projectId });
  if (!(await projects.projectExists(ctx.db, input.projectId)))
    throw badRequest(INVALID_PROJECT, [{ path: "projectId", message: INVALID_PROJECT }]);
  if (input.incidentReportId != null && input.jhaFormId != null)
    throw badRequest("Raise an action from an incident report or a JHA form, not both", [
      { path: "jhaFormId", message: "Raise an action from an incident report or a JHA form, not both" },
    ]);
  if (input.incidentReportId != null) {
    const incident = await correctiveActions.sourceProject(ctx.db, "incident", input.incidentReportId);
    if (incident !== input.projectId)
      throw badRequest("Please select a valid incident report", [
        { path: "incidentReportId", message: "Please select a valid incident report" },
      ]);
  }
  if (input.jhaFormId != null) {
    const form = await correctiveActions.sourceProject(ctx.db, "jha", input.jhaFormId);
    if (form !== input.projectId)
      throw badRequest("Please select a valid JHA form", [{ path: "jhaFormId", message: "Please select a valid JHA form" }]);
  }
  if (!(await correctiveActions.mayOwn(ctx.db, input.ownerUserId, input.projectId)))
    throw badRequest(INVALID_OWNER, [{ path: "ownerUserId", message: INVALID_OWNER }]);
  const now = ctx.now();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const [id] = await correctiveActions.insertActions(trx, [
      {
        projectId: input.projectId,
        source: input.incidentReportId != null ? "incident" : input.jhaFormId != null ? "jha" : "manual",
        incidentReportId: input.incidentReportId ?? null,
        jhaFormId: input.jhaFormId ?? null,
        description: input.description,
        priority: input.priority,
        ownerUserId: input.ownerUserId,
        raisedBy: ctx.actor.userId,
        dueAt: input.dueAt ?? dueDateFor(input.priority, now),
        createdAt: now,
        updatedAt: now,
      },
    ]);
    if (id === undefined) throw notFound("Corrective action");
    await audit.recordAudit(trx, { actor: ctx.actor, entity: "correctiveAction", entityId: id, action: "raised", to: "open", at: now });
    return id;
  });
  return actionDetail(ctx.db, id, now);
}

export async function updateAction(ctx: ServiceContext, input: z.output<typeof updateActionSchema>) {
  const facts = await visibleFacts(ctx.db, ctx.actor, input.id);
  assertDecision(ctx.actor, "edit", facts);
  if (!(await correctiveActions.mayOwn(ctx.db, input.ownerUserId, facts.projectId)))
    throw badRequest(INVALID_OWNER, [{ path: "ownerUserId", message: INVALID_OWNER }]);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const locked = await visibleFacts(trx, ctx.actor, input.id, true);
    assertDecision(ctx.actor, "edit", locked);
    if (!(await correctiveActions.updateAction(trx, input.id, input, now))) throw conflict(ACTION_CLOSED_EDIT);
    await audit.recordAudit(trx, {
      actor: ctx.actor,
      entity: "correctiveAction",
      entityId: input.id,
      action: "updated",
      from: locked.status,
      to: locked.status,
      details: { priority: input.priority, ownerUserId: input.ownerUserId, dueAt: input.dueAt.toISOString() },
      at: now,
    });
  });
  return actionDetail(ctx.db, input.id, now);
}

/**
 * start, submit, verify, reject: the state machine first (403/409), then under the action's row
 * lock the same decision again (the evidence photos counted now), one conditional UPDATE and the
 * audit row in one transaction. Losing a race is a 409 naming the state the action is in now.
 */
async function transition(
  ctx: ServiceContext,
  id: number,
  action: ActionTransition,
  stamp: correctiveActions.ActionStamp,
  details: Record<string, unknown> | null,
) {
  const facts = await visibleFacts(ctx.db, ctx.actor, id);
  assertDecision(ctx.actor, action, facts);
  const { from, to } = actionTransitions[action];
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const locked = await visibleFacts(trx, ctx.actor, id, true);
    assertDecision(ctx.actor, action, locked);
    if (!(await correctiveActions.transitionAction(trx, id, from, stamp, now))) {
      throw conflict(ACTION_CHANGED);
    }
    await audit.recordAudit(trx, {
      actor: ctx.actor,
      entity: "correctiveAction",
      entityId: id,
      action: to,
      from: locked.status,
      to,
      details,
      at: now,
    });
  });
  return actionDetail(ctx.db, id, now);
}

export const startAction = (ctx: ServiceContext, id: number) => transition(ctx, id, "start", { to: "in_progress" }, null);

export const submitAction = (ctx: ServiceContext, input: z.output<typeof submitActionSchema>) =>
  transition(
    ctx,
    input.id,
    "submit",
    { to: "awaiting_verification", evidenceNote: input.evidenceNote },
    input.evidenceNote ? { evidenceNote: input.evidenceNote } : null,
  );

export const verifyAction = (ctx: ServiceContext, id: number) =>
  transition(ctx, id, "verify", { to: "closed", userId: ctx.actor.userId }, null);

export const rejectAction = (ctx: ServiceContext, input: z.output<typeof rejectActionSchema>) =>
  transition(ctx, input.id, "reject", { to: "open", userId: ctx.actor.userId, reason: input.reason }, { reason: input.reason });

/** The daily job that reminds owners of overdue actions (docs/notifications.md). */
export const ACTION_OVERDUE_QUEUE: QueueDefinition = { name: "action-overdue", retryLimit: 3, retryDelay: 60, expireInSeconds: 900 };
/** Every day at 06:30 in the digest's time zone. */
export const ACTION_OVERDUE_CRON = "30 6 * * *";
/** Actions claimed per transaction. */
const REMIND_BATCH = 200;

/**
 * Tells the owner of every action that is past due and not closed, once per action: the claim marks
 * the action reminded in the same statement that picks it (`claimOverdue`), so a doubled or
 * retried job never tells twice; a new due date (an edit) clears the mark. Returns the users told.
 */
export async function remindOverdueActions(db: Kysely<Database>, delivery: Delivery | undefined, now: Date): Promise<number[]> {
  const told: number[] = [];
  for (;;) {
    const claimed = await db.transaction().execute(async (trx) => {
      const rows = await correctiveActions.claimOverdue(trx, now, REMIND_BATCH);
      for (const action of rows) {
        if (action.ownerUserId === null) continue;
        const sent = await notify(trx, {
          kind: "correctiveAction.overdue",
          entity: "correctiveAction",
          entityId: action.id,
          projectId: action.projectId,
          actionOwnerUserId: action.ownerUserId,
          params: { title: action.description.slice(0, 120), due: action.dueAt.toISOString().slice(0, 10) },
          recipients: await notifications.recipientsAmong(trx, [action.ownerUserId]),
          delivery,
          now,
        });
        told.push(...sent);
      }
      return rows.length;
    });
    if (claimed < REMIND_BATCH) return told;
  }
}
