import { z } from "zod";
import type { Language } from "./language.js";
import { searchParam } from "./paging.js";
import type { Role } from "./roles.js";

/** A user as every answer shows it: never a password or its hash. */
export interface PublicUser {
  id: number;
  username: string;
  email: string;
  role: Role;
  firstName: string | null;
  lastName: string | null;
  createdAt: Date;
  /** The language the user chose: the server answers in it, the web app shows it. null: never
   * chosen, so each request's Accept-Language (the browser's) decides. */
  language: Language | null;
}

export const idParam = z.coerce
  .number({ error: "Id must be a number" })
  .int("Id must be a whole number")
  .positive("Id must be positive")
  .max(2_147_483_647, "Id is out of range");

export const byIdSchema = z.object({ id: idParam });

/** Role badge colours: admin red, manager blue, worker green, other grey. */
export function roleColor(role: string): string {
  return role === "admin" ? "red" : role === "manager" ? "blue" : role === "worker" ? "green" : "gray";
}

/** GET /api/users: everything unless a limit is given; the search matches username, e-mail, names and role. */
export const userListSchema = z.object({
  search: searchParam,
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).max(10_000_000).optional(),
});
