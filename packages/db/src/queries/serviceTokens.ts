import type { Role } from "@sitesafe/domain";
import { type Kysely, sql } from "kysely";
import type { Database } from "../types.js";
import { type ActorFacts, actorColumns, actorFactsOf } from "./actors.js";

/** The columns an owner or an admin may see: never the hash. */
const visibleColumns = ["id", "userId", "name", "scope", "tokenPreview", "createdAt", "expiresAt", "lastUsedAt"] as const;

export interface ServiceTokenRow {
  id: number;
  userId: number;
  name: string;
  scope: "read" | "read-write";
  tokenPreview: string;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
}

export async function insertServiceToken(
  db: Kysely<Database>,
  token: { userId: number; name: string; tokenHash: string; tokenPreview: string; scope: "read" | "read-write"; expiresAt: Date | null },
): Promise<ServiceTokenRow> {
  return db.insertInto("serviceTokens").values(token).returning(visibleColumns).executeTakeFirstOrThrow();
}

/** Takes the owner's row lock, so two concurrent creates cannot both pass the per-user limit. */
export async function lockOwner(db: Kysely<Database>, userId: number): Promise<Role | undefined> {
  const row = await db.selectFrom("users").select("role").where("id", "=", userId).forUpdate().executeTakeFirst();
  return row?.role;
}

export async function countActiveTokens(db: Kysely<Database>, userId: number, now: Date = new Date()): Promise<number> {
  const row = await db
    .selectFrom("serviceTokens")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("userId", "=", userId)
    .where("revokedAt", "is", null)
    .where((eb) => eb.or([eb("expiresAt", "is", null), eb("expiresAt", ">", now)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A user's tokens that are not revoked (expired ones too, so the owner sees why one stopped), newest first. */
export async function listServiceTokens(db: Kysely<Database>, userId: number): Promise<ServiceTokenRow[]> {
  return db
    .selectFrom("serviceTokens")
    .select(visibleColumns)
    .where("userId", "=", userId)
    .where("revokedAt", "is", null)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .execute();
}

/** Revokes one token of `userId`; the revoked row, or undefined when there is no such live token. */
export async function revokeServiceToken(db: Kysely<Database>, id: number, userId: number): Promise<ServiceTokenRow | undefined> {
  return db
    .updateTable("serviceTokens")
    .set({ revokedAt: sql`now()` })
    .where("id", "=", id)
    .where("userId", "=", userId)
    .where("revokedAt", "is", null)
    .returning(visibleColumns)
    .executeTakeFirst();
}

export type ServiceTokenWithActor = {
  id: number;
  name: string;
  scope: "read" | "read-write";
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
} & ActorFacts;

/**
 * The token, its owner, the owner's worker profile and assigned projects, in one round trip, read
 * fresh on every request: never remembered, so a revocation, a demotion or an unassignment is
 * seen by the very next request.
 */
export async function findServiceTokenWithActor(db: Kysely<Database>, tokenHash: string): Promise<ServiceTokenWithActor | undefined> {
  const row = await db
    .selectFrom("serviceTokens as t")
    .innerJoin("users as u", "u.id", "t.userId")
    .leftJoin("workers as w", "w.userId", "u.id")
    .select(["t.id", "t.name", "t.scope", "t.expiresAt", "t.revokedAt", "t.lastUsedAt", ...actorColumns])
    .where("t.tokenHash", "=", tokenHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const { id, name, scope, expiresAt, revokedAt, lastUsedAt } = row;
  return { id, name, scope, expiresAt, revokedAt, lastUsedAt, ...actorFactsOf(row) };
}

/** Records a use; at most once a minute per token, so reads do not each become a write. */
export async function touchServiceToken(db: Kysely<Database>, id: number): Promise<void> {
  await db
    .updateTable("serviceTokens")
    .set({ lastUsedAt: sql`now()` })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("lastUsedAt", "is", null), eb("lastUsedAt", "<", sql<Date>`now() - interval '1 minute'`)]))
    .execute();
}
