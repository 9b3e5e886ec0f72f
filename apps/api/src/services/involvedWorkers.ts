import { type Database, jha } from "@sitesafe/db";
import { type Actor, badRequest, isStaff, readableProjectIds } from "@sitesafe/domain";
import type { Kysely } from "kysely";

const INVOLVED_WORKER_MISSING = "One or more involved workers do not exist";
const INVOLVED_WORKER_OFF_PROJECT = "Involved workers must be workers on the report's project";

/**
 * Who an incident report may name as involved (docs/security.md, finding 5). Staff see every worker, so
 * they may name any who exists. A worker may name only workers assigned to the report's project:
 * an unknown id and the id of someone elsewhere get the same answer, so ids cannot be probed.
 * People the report already names stay, whoever named them: a worker's edit re-sends the list.
 */
export async function assertNameableWorkers(
  db: Kysely<Database>,
  actor: Actor,
  projectId: number,
  ids: readonly number[],
  alreadyNamed: readonly number[] = [],
): Promise<void> {
  if (isStaff(actor)) {
    if ((await jha.missingWorkerIds(db, ids)).length > 0) throw invalid(INVOLVED_WORKER_MISSING);
    return;
  }
  const added = ids.filter((id) => !alreadyNamed.includes(id));
  if ((await jha.workerIdsOffProject(db, projectId, added)).length > 0) throw invalid(INVOLVED_WORKER_OFF_PROJECT);
}

/** Whose names and positions a report shows the actor: staff everyone, a worker the people of their projects. */
export function involvedPeopleScope(actor: Actor): readonly number[] | undefined {
  return readableProjectIds(actor);
}

const invalid = (message: string) => badRequest(message, [{ path: "involvedWorkers", message }]);
