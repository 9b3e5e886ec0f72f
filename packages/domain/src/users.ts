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

/** Full name, or the username when either name is missing (user management card rule). */
export function displayName(user: { username: string; firstName?: string | null; lastName?: string | null }): string {
  if (user.firstName && user.lastName) return `${user.firstName} ${user.lastName}`;
  return user.username;
}

/** Avatar letter: first letter of the first name, else of the username, else U. */
export function avatarLetter(user: { username?: string | null; firstName?: string | null } | null): string {
  const source = user?.firstName || user?.username || "U";
  return source.charAt(0).toUpperCase();
}

export function initials(user: { username: string; firstName?: string | null; lastName?: string | null }): string {
  if (user.firstName && user.lastName) return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
  return user.username.slice(0, 2).toUpperCase();
}

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
