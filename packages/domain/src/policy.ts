import { type Actor, isStaff, MODULE_AUTHOR_POSITIONS, SIGN_ON_LEAD_POSITIONS } from "./roles.js";

/**
 * The permission table of docs/product.md as one function family. The API enforces it
 * on every procedure; the web app calls the same functions to show or hide controls.
 * Stateful records (permits, safety messages) also pass their state machine
 * (`decidePermitAction`, `decideCommentAction`).
 */
export type Action =
  // projects, assignments, safety plans
  | "project.list"
  | "project.create"
  | "project.update"
  | "project.delete"
  | "project.manageWorkers"
  | "safetyPlan.upload"
  | "safetyPlan.delete"
  // workers and managers
  | "worker.list"
  | "worker.create"
  | "worker.update"
  | "worker.delete"
  | "manager.create"
  // accounts
  | "user.manage"
  | "inviteToken.manage"
  | "inviteToken.page"
  | "password.change"
  // forms
  | "jha.update"
  | "jha.delete"
  | "incident.update"
  | "incident.delete"
  // training and videos
  | "trainingModule.create"
  | "video.manage"
  // safety messages
  | "comment.create"
  | "comment.viewAll"
  // crew sign-on (signOn.ts): hand the device round and let the crew sign on a record
  | "signOn.collect"
  // toolbox talks (talks.ts): give a talk on a project; add a topic to the library
  | "talk.create"
  | "talk.update"
  | "talkTopic.create"
  // reporting: briefing coverage per project and week
  | "signOn.coverage"
  // credentials (credentials.ts): add one to a worker, verify or reject it, the types, requirements and CSV import
  | "credential.create"
  | "credential.delete"
  | "credential.verify"
  | "credentialType.create"
  | "credentialRequirement.manage"
  | "credential.import"
  // inspections and corrective actions (inspections.ts, correctiveActions.ts)
  | "inspectionTemplate.manage"
  | "inspectionSchedule.manage"
  | "inspection.create"
  | "correctiveAction.create";

/** Facts about the record an action touches; only the ones the rule needs are read. */
export interface ResourceFacts {
  projectId?: number | null;
  /** Worker id that owns the record (reporter of an incident, owner of a training record). */
  ownerWorkerId?: number | null;
  /** The record's state, where the rule depends on it (a credential is the worker's to delete until verified). */
  status?: string | null;
}

export function can(actor: Actor | null, action: Action, resource: ResourceFacts = {}): boolean {
  if (!actor) return false;
  const staff = isStaff(actor);
  switch (action) {
    case "project.list":
    case "password.change":
      return true;
    case "project.create":
    case "project.update":
    case "project.delete":
    case "project.manageWorkers":
    case "safetyPlan.upload":
    case "safetyPlan.delete":
    case "worker.list":
    case "worker.create":
    case "worker.update":
    case "worker.delete":
    case "inviteToken.manage":
    case "video.manage":
    case "comment.viewAll":
    case "jha.update":
      return staff;
    case "manager.create":
    case "user.manage":
    case "inviteToken.page":
    case "jha.delete":
      return actor.role === "admin";
    case "incident.update":
    case "incident.delete":
      if (staff) return true;
      return (
        resource.ownerWorkerId != null && resource.ownerWorkerId === actor.workerId && canSeeProject(actor, resource.projectId ?? null)
      );
    case "trainingModule.create":
      return staff || (actor.position !== null && (MODULE_AUTHOR_POSITIONS as readonly string[]).includes(actor.position));
    case "comment.create":
      // Only workers send safety messages (docs/product.md).
      return actor.role === "worker";
    case "talkTopic.create":
    case "signOn.coverage":
    case "credentialType.create":
    case "credentialRequirement.manage":
    case "credential.import":
      return staff;
    case "credential.create":
      // Staff for anyone; a worker for themself only (their own card, from the phone camera);
      // without a worker, whether the user may add credentials at all (a worker profile).
      if (staff) return true;
      if (resource.ownerWorkerId === undefined) return actor.workerId !== null;
      return resource.ownerWorkerId !== null && resource.ownerWorkerId === actor.workerId;
    case "credential.delete":
      // Staff any; a worker their own while it is not verified (a mistake, a rejected card).
      if (staff) return true;
      if (resource.ownerWorkerId === undefined) return actor.workerId !== null;
      return resource.ownerWorkerId !== null && resource.ownerWorkerId === actor.workerId && resource.status !== "verified";
    case "credential.verify":
      // Staff, never on their own credential (a manager with a worker profile too); without a
      // credential, whether the role verifies at all.
      if (!staff) return false;
      return resource.ownerWorkerId === undefined || resource.ownerWorkerId === null || resource.ownerWorkerId !== actor.workerId;
    case "inspectionTemplate.manage":
    case "inspectionSchedule.manage":
      return staff;
    case "inspection.create":
    case "correctiveAction.create":
      // Staff, or a crew lead (Foreman, Superintendent, ...) on the project (issue #35); without a
      // project, whether the role may inspect or raise actions at all.
      if (staff) return true;
      if (actor.position === null || !(SIGN_ON_LEAD_POSITIONS as readonly string[]).includes(actor.position)) return false;
      return resource.projectId === undefined || canSeeProject(actor, resource.projectId);
    case "talk.create":
      // Staff, or a crew lead (Foreman, Superintendent, ...) on the talk's project; without a
      // project, whether the role may give talks at all.
      if (staff) return true;
      if (actor.position === null || !(SIGN_ON_LEAD_POSITIONS as readonly string[]).includes(actor.position)) return false;
      return resource.projectId === undefined || canSeeProject(actor, resource.projectId);
    case "talk.update":
    case "signOn.collect":
      // Staff, the record's submitter or requester (a talk's presenter), or a foreman of the
      // record's project (issue #34). Editing a given talk (its group photo) is the same rule as
      // collecting its attendance.
      if (staff) return true;
      if (!canSeeProject(actor, resource.projectId ?? null)) return false;
      return (
        (resource.ownerWorkerId != null && resource.ownerWorkerId === actor.workerId) ||
        (actor.position !== null && (SIGN_ON_LEAD_POSITIONS as readonly string[]).includes(actor.position))
      );
  }
}

/**
 * Workers see only the projects they are assigned to, and the forms, reports, permits and
 * messages of those projects (docs/api.md). Staff see every project.
 */
export function canSeeProject(actor: Actor | null, projectId: number | null): boolean {
  if (!actor) return false;
  if (isStaff(actor)) return true;
  return projectId !== null && actor.assignedProjectIds.includes(projectId);
}

/** Training and video progress: a worker reads and writes only their own; staff read anyone's. */
export function canReadWorkerProgress(actor: Actor | null, workerId: number): boolean {
  if (!actor) return false;
  return isStaff(actor) || actor.workerId === workerId;
}

export function canWriteWorkerProgress(actor: Actor | null, workerId: number): boolean {
  return actor !== null && actor.workerId === workerId;
}

/** A worker may read their own worker profile; staff read all. */
export function canReadWorker(actor: Actor | null, workerId: number): boolean {
  if (!actor) return false;
  return isStaff(actor) || actor.workerId === workerId;
}

/**
 * A worker's contact details (e-mail, phone, company, hard-hat number) are for staff and for that
 * worker themself. Co-workers on a project see each other's names on records (who requested a
 * permit, who filed a form), never how to reach them (issue #30).
 */
export function canSeeWorkerContact(actor: Actor | null, workerId: number | null): boolean {
  return workerId === null ? actor !== null && isStaff(actor) : canReadWorker(actor, workerId);
}

/** The fields of a permit answer that carry its requester's contact details. */
export const PERMIT_REQUESTER_CONTACT_FIELDS = ["requesterEmail", "requesterCompany", "requesterHardhatNumber"] as const;

/**
 * `record` as `actor` may see it: without the contact `fields` of the worker `workerId` unless
 * `canSeeWorkerContact`. The server shapes its answers with it; the web app, which shows only
 * names, hides the same fields by the same rule.
 */
export function withWorkerContactFor<T extends object, K extends keyof T>(
  actor: Actor | null,
  workerId: number | null,
  record: T,
  fields: readonly K[],
): Omit<T, K> & Partial<Pick<T, K>> {
  if (canSeeWorkerContact(actor, workerId)) return record;
  const shown = { ...record };
  for (const field of fields) delete shown[field];
  return shown;
}

/** Private JHA comments are seen by admins, managers and their author only. */
export function canSeeJhaComment(actor: Actor | null, comment: { visibility: "private" | "public"; userId: number | null }): boolean {
  if (!actor) return false;
  if (comment.visibility === "public") return true;
  return isStaff(actor) || comment.userId === actor.userId;
}

export function canEditJhaComment(actor: Actor | null, comment: { userId: number | null }): boolean {
  return actor !== null && comment.userId === actor.userId;
}

export function canDeleteJhaComment(actor: Actor | null, comment: { userId: number | null }): boolean {
  return actor !== null && (actor.role === "admin" || comment.userId === actor.userId);
}

/**
 * Whose safety messages the actor's lists show: undefined for everyone's (staff), else only the
 * actor's own (by user id). The server filters the messages list with it.
 */
export function readableMessageAuthor(actor: Actor): number | undefined {
  return can(actor, "comment.viewAll") ? undefined : actor.userId;
}

/** OSHA recordkeeping (osha.ts): only admins and managers keep the records, which hold medical details of other people. */
export function canKeepOshaRecords(actor: Actor | null): boolean {
  return actor !== null && isStaff(actor);
}
