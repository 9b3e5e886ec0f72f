import type { Actor } from "@sitesafe/domain";
import type { Kysely } from "kysely";
import type { Database } from "../types.js";
import { userDisplayName } from "./names.js";

/** Who, when, from, to: every state change of a safety record writes one (docs/product.md). */
export interface AuditInput {
  actor: Pick<Actor, "userId" | "viaToken"> | null;
  entity:
    | "permit"
    | "incident"
    | "comment"
    | "inviteToken"
    | "training"
    | "user"
    | "project"
    | "video"
    | "jha"
    | "establishment"
    | "serviceToken"
    | "talk"
    | "credential"
    | "credentialType"
    | "credentialRequirement"
    | "inspectionTemplate"
    | "inspection"
    | "inspectionSchedule"
    | "correctiveAction";
  entityId: number;
  action: string;
  from?: string | null;
  to?: string | null;
  details?: Record<string, unknown> | null;
  /** When it happened, from the server's clock (a job's injected time); unset: the database's now(). */
  at?: Date;
}

export async function recordAudit(db: Kysely<Database>, event: AuditInput): Promise<void> {
  // A write through a service token is the owner's, and says so: "Jane Doe via token payroll-sync".
  const via = event.actor?.viaToken ? ` via token ${event.actor.viaToken.name}` : "";
  const actorName = event.actor
    ? db
        .selectFrom("users")
        .select((eb) => eb.fn<string>("concat", [userDisplayName(), eb.cast<string>(eb.val(via), "text")]).as("name"))
        .where("id", "=", event.actor.userId)
    : null;
  await db
    .insertInto("auditEvents")
    .values({
      actorUserId: event.actor?.userId ?? null,
      actorName: actorName ?? null,
      entity: event.entity,
      entityId: event.entityId,
      action: event.action,
      fromState: event.from ?? null,
      toState: event.to ?? null,
      details: event.details ? JSON.stringify(event.details) : null,
      ...(event.at ? { createdAt: event.at } : {}),
    })
    .execute();
}

export interface AuditEntry {
  id: number;
  action: string;
  fromState: string | null;
  toState: string | null;
  actorUserId: number | null;
  actorName: string | null;
  details: unknown;
  createdAt: Date;
}

/** A record's history, oldest first. */
export async function auditHistory(db: Kysely<Database>, entity: AuditInput["entity"], entityId: number): Promise<AuditEntry[]> {
  const rows = await db
    .selectFrom("auditEvents")
    .select(["id", "action", "fromState", "toState", "actorUserId", "actorName", "details", "createdAt"])
    .where("entity", "=", entity)
    .where("entityId", "=", entityId)
    .orderBy("createdAt", "asc")
    .orderBy("id", "asc")
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}
