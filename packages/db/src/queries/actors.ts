import type { Language, Role } from "@sitesafe/domain";
import { sql } from "kysely";

/**
 * What makes a request's actor (the user, their worker profile and assigned projects), for a query
 * that joins `users as u` and left-joins `workers as w`: sessions and service tokens read the same.
 */
export const actorColumns = [
  "u.id as userId",
  "u.username",
  "u.email",
  "u.role",
  "u.firstName",
  "u.lastName",
  "u.createdAt",
  "u.language",
  "w.id as workerId",
  "w.role as position",
  sql<
    number[]
  >`coalesce((select array_agg(pw.project_id order by pw.project_id) from project_workers pw where pw.worker_id = w.id), '{}')`.as(
    "assignedProjectIds",
  ),
] as const;

export interface ActorFacts {
  user: {
    id: number;
    username: string;
    email: string;
    role: Role;
    firstName: string | null;
    lastName: string | null;
    createdAt: Date;
    language: Language | null;
  };
  workerId: number | null;
  position: string | null;
  assignedProjectIds: number[];
}

export function actorFactsOf(row: {
  userId: number;
  username: string;
  email: string;
  role: Role;
  firstName: string | null;
  lastName: string | null;
  createdAt: Date;
  language: Language | null;
  workerId: number | null;
  position: string | null;
  assignedProjectIds: number[] | null;
}): ActorFacts {
  return {
    user: {
      id: row.userId,
      username: row.username,
      email: row.email,
      role: row.role,
      firstName: row.firstName,
      lastName: row.lastName,
      createdAt: row.createdAt,
      language: row.language,
    },
    workerId: row.workerId ?? null,
    position: row.position ?? null,
    assignedProjectIds: (row.assignedProjectIds ?? []).map(Number),
  };
}
