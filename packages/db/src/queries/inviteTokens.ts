import { type InviteTokenRole, type InviteTokenStatus, inviteTokenStatus } from "@sitesafe/domain";
import type { Kysely } from "kysely";
import type { Database } from "../types.js";

export interface InviteTokenListing {
  id: number;
  role: InviteTokenRole;
  tokenPreview: string;
  status: InviteTokenStatus;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
  usedBy: number | null;
}

export async function insertInviteToken(
  db: Kysely<Database>,
  token: { tokenHash: string; tokenPreview: string; role: InviteTokenRole; expiresAt: Date; createdBy: number | null },
): Promise<InviteTokenListing> {
  const row = await db
    .insertInto("inviteTokens")
    .values(token)
    .returning(["id", "role", "tokenPreview", "createdAt", "expiresAt", "usedAt", "usedBy"])
    .executeTakeFirstOrThrow();
  return { ...row, status: inviteTokenStatus(row) };
}

/** The tokens of the given roles, newest first. */
export async function listInviteTokens(db: Kysely<Database>, roles: readonly InviteTokenRole[]): Promise<InviteTokenListing[]> {
  if (roles.length === 0) return [];
  const rows = await db
    .selectFrom("inviteTokens")
    .select(["id", "role", "tokenPreview", "createdAt", "expiresAt", "usedAt", "usedBy"])
    .where("role", "in", [...roles])
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .execute();
  const now = new Date();
  return rows.map((r) => ({ ...r, status: inviteTokenStatus(r, now) }));
}

export async function findInviteToken(db: Kysely<Database>, id: number) {
  return db
    .selectFrom("inviteTokens")
    .select(["id", "role", "tokenPreview", "createdAt", "expiresAt", "usedAt", "usedBy"])
    .where("id", "=", id)
    .executeTakeFirst();
}

export async function findInviteTokenByHash(db: Kysely<Database>, tokenHash: string) {
  return db.selectFrom("inviteTokens").select(["id", "role", "expiresAt", "usedAt"]).where("tokenHash", "=", tokenHash).executeTakeFirst();
}

/**
 * Consumes an active token for this role with one conditional UPDATE, so under concurrent
 * registrations exactly one caller gets the row back.
 */
export async function consumeInviteToken(
  db: Kysely<Database>,
  tokenHash: string,
  role: InviteTokenRole,
  userId: number,
): Promise<number | undefined> {
  const row = await db
    .updateTable("inviteTokens")
    .set({ usedAt: new Date(), usedBy: userId })
    .where("tokenHash", "=", tokenHash)
    .where("role", "=", role)
    .where("usedAt", "is", null)
    .where("expiresAt", ">", new Date())
    .returning("id")
    .executeTakeFirst();
  return row?.id;
}

export async function deleteInviteToken(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom("inviteTokens").where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
