import type { Kysely } from "kysely";
import type { Database } from "../types.js";

/** Queries for the workers area: each takes the database (or a transaction) first. */

export interface NewWorkerProfile {
  userId: number | null;
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | null;
  role: string;
  company?: string | null;
  hardhatNumber?: string | null;
  emergencyContact?: string | null;
}

export async function insertWorkerProfile(db: Kysely<Database>, worker: NewWorkerProfile): Promise<number> {
  const row = await db
    .insertInto("workers")
    .values({
      userId: worker.userId,
      firstName: worker.firstName,
      lastName: worker.lastName,
      email: worker.email,
      phone: worker.phone ?? null,
      role: worker.role,
      company: worker.company ?? null,
      hardhatNumber: worker.hardhatNumber ?? null,
      emergencyContact: worker.emergencyContact ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const profileColumns = [
  "id",
  "userId",
  "firstName",
  "lastName",
  "email",
  "phone",
  "role",
  "company",
  "hardhatNumber",
  "emergencyContact",
  "createdAt",
] as const;

export async function findWorkerByUserId(db: Kysely<Database>, userId: number) {
  return db.selectFrom("workers").select(profileColumns).where("userId", "=", userId).executeTakeFirst();
}
