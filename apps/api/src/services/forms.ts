import { type Database, jha, projects } from "@sitesafe/db";
import { type Actor, badRequest, canSeeProject, forbidden, isStaff, readableProjectIds } from "@sitesafe/domain";
import type { Kysely } from "kysely";

/**
 * Rules every safety form shares (JHA forms, incident reports, hot work permits): who sees a
 * project's forms, which project a form may be filed into, who files it, and the form's choices.
 */

const NOT_ASSIGNED = "You can only access forms for projects you're assigned to";
const NO_WORKER_PROFILE = "A worker profile is required to file forms";
export const INVALID_PROJECT = "Please select a valid project";
export const INVALID_WORKER = "Please select a valid worker";

/** Workers see only their assigned projects' records (403 otherwise); staff see all. */
export function assertSeesProject(actor: Actor, projectId: number): void {
  if (!canSeeProject(actor, projectId)) throw forbidden(NOT_ASSIGNED);
}

/** The project a form is filed into must be visible to the actor and exist. */
export async function assertFilableProject(db: Kysely<Database>, actor: Actor, projectId: number): Promise<void> {
  assertSeesProject(actor, projectId);
  if (!(await projects.projectExists(db, projectId))) throw badRequest(INVALID_PROJECT, [{ path: "projectId", message: INVALID_PROJECT }]);
}

/**
 * Who filed a form: a worker always files as their own profile whatever the payload says (a product
 * rule: the submitter and reporter are locked for workers); staff name any existing worker, defaulting
 * to their own profile when they have one.
 */
export async function resolveFiler(
  db: Kysely<Database>,
  actor: Actor,
  requested: number | null | undefined,
  field: string,
): Promise<number | null> {
  if (!isStaff(actor)) {
    if (actor.workerId === null) throw forbidden(NO_WORKER_PROFILE);
    return actor.workerId;
  }
  const id = requested ?? actor.workerId;
  if (id === null) return null;
  await assertWorkersExist(db, [id], field, INVALID_WORKER);
  return id;
}

export async function assertWorkersExist(db: Kysely<Database>, ids: readonly number[], field: string, message: string): Promise<void> {
  if ((await jha.missingWorkerIds(db, ids)).length > 0) throw badRequest(message, [{ path: field, message }]);
}

/**
 * Choices for the JHA and incident forms: the projects the actor may file into and the workers
 * they may name (staff: everyone; workers: the people on their own projects).
 */
export async function formOptions(db: Kysely<Database>, actor: Actor) {
  const scope = readableProjectIds(actor);
  const [projectChoices, workers] = await Promise.all([projects.projectChoices(db, scope), jha.workerOptions(db, scope)]);
  return { projects: projectChoices, workers };
}
