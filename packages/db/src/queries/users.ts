import type { Language, PublicUser } from "@sitesafe/domain";
import { type Kysely, sql } from "kysely";
import { keyset, type ListSource, listSource } from "../listSource.js";
import type { Database, NewUser } from "../types.js";
import { containsPattern } from "./search.js";

const publicColumns = ["id", "username", "email", "role", "firstName", "lastName", "createdAt", "language"] as const;

export async function findUserForLogin(db: Kysely<Database>, username: string) {
  return db
    .selectFrom("users")
    .select([...publicColumns, "passwordHash"])
    .where(sql<string>`lower(username)`, "=", username.toLowerCase())
    .executeTakeFirst();
}

export async function findUserById(db: Kysely<Database>, id: number): Promise<PublicUser | undefined> {
  return db.selectFrom("users").select(publicColumns).where("id", "=", id).executeTakeFirst();
}

export async function findPasswordHash(db: Kysely<Database>, id: number): Promise<string | undefined> {
  const row = await db.selectFrom("users").select("passwordHash").where("id", "=", id).executeTakeFirst();
  return row?.passwordHash;
}

export interface ListUsersOptions {
  search?: string | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
}

/** Newest first; the search matches username, email, names and role, case-insensitively. */
export async function listUsers(db: Kysely<Database>, options: ListUsersOptions = {}): Promise<PublicUser[]> {
  return userList(db, options).rows();
}

/** The list, to read whole, page by page or streamed (listSource.ts). */
export function userList(db: Kysely<Database>, options: ListUsersOptions = {}): ListSource<PublicUser> {
  let query = db.selectFrom("users").select(publicColumns).orderBy("createdAt", "desc").orderBy("id", "desc");
  const q = options.search?.trim();
  if (q) {
    const pattern = containsPattern(q);
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(username)`, "like", pattern),
        eb(sql`lower(email)`, "like", pattern),
        eb(sql`lower(coalesce(first_name, ''))`, "like", pattern),
        eb(sql`lower(coalesce(last_name, ''))`, "like", pattern),
        eb(sql`lower(role)`, "like", pattern),
      ]),
    );
  }
  if (options.limit !== undefined) query = query.limit(options.limit).offset(options.offset ?? 0);
  return listSource(query, keyset("desc", ["createdAt", "timestamptz"], ["id", "integer"]));
}

export async function insertUser(db: Kysely<Database>, user: NewUser): Promise<PublicUser> {
  return db.insertInto("users").values(user).returning(publicColumns).executeTakeFirstOrThrow();
}

export async function updatePasswordHash(db: Kysely<Database>, id: number, passwordHash: string): Promise<boolean> {
  const result = await db.updateTable("users").set({ passwordHash }).where("id", "=", id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Locks a user's worker profile, then the user, in the order every other write takes them
 * (a record insert references the worker first, its audit event the user next). Deleting in the
 * opposite order deadlocks against a concurrent write by the same person.
 */
export async function lockUserForDelete(db: Kysely<Database>, id: number): Promise<void> {
  await db.selectFrom("workers").select("id").where("userId", "=", id).forUpdate().execute();
  await db.selectFrom("users").select("id").where("id", "=", id).forUpdate().execute();
}

/** Deletes the user; foreign keys remove their worker profile, training and video records and assignments. */
export async function deleteUser(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom("users").where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function adminExists(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom("users").select("id").where("role", "=", "admin").limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Which of username / e-mail already belongs to someone (users or worker profiles). */
export async function takenIdentity(db: Kysely<Database>, username: string, email: string): Promise<{ username: boolean; email: boolean }> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.exists(eb.selectFrom("users").select("id").where(sql<string>`lower(username)`, "=", username.toLowerCase())).as("username"),
      eb
        .or([
          eb.exists(eb.selectFrom("users").select("id").where(sql<string>`lower(email)`, "=", email.toLowerCase())),
          eb.exists(eb.selectFrom("workers").select("id").where(sql<string>`lower(email)`, "=", email.toLowerCase())),
        ])
        .as("email"),
    ])
    .executeTakeFirstOrThrow();
  return { username: Boolean(row.username), email: Boolean(row.email) };
}

/** The user's chosen language; answers the user as it now is. */
export async function setUserLanguage(db: Kysely<Database>, id: number, language: Language): Promise<PublicUser | undefined> {
  return db.updateTable("users").set({ language }).where("id", "=", id).returning(publicColumns).executeTakeFirst();
}
