/** The three account roles of the product (docs/product.md). */
export const roles = ["admin", "manager", "worker"] as const;
export type Role = (typeof roles)[number];

/**
 * Who is asking. Built once per request on the server from the session, and on the web app from
 * the signed-in user, so both sides evaluate the same policy on the same facts.
 */
export interface Actor {
  userId: number;
  role: Role;
  /** The worker profile of this user (workers.user_id), if any. Managers may have one too. */
  workerId: number | null;
  /** The worker profile's job role ("position"), e.g. "Safety Manager". */
  position: string | null;
  /** Projects the worker profile is assigned to. Staff see every project regardless. */
  assignedProjectIds: readonly number[];
  /** Set when the request came with a service token: audit rows say "via token <name>". */
  viaToken?: { id: number; name: string } | undefined;
}

/** Admins and managers: the "staff" column of the permission table. */
export function isStaff(actor: Pick<Actor, "role">): boolean {
  return actor.role === "admin" || actor.role === "manager";
}

/** The projects whose records the actor may read: undefined for staff (every project), else their assigned ones. */
export function readableProjectIds(actor: Pick<Actor, "role" | "assignedProjectIds">): readonly number[] | undefined {
  return isStaff(actor) ? undefined : actor.assignedProjectIds;
}

/** Worker-profile positions shown on the managers list (docs/product.md). */
export const MANAGER_POSITIONS = ["Safety Manager", "Safety Administrator", "manager"] as const;

/** Worker-profile positions allowed to add training modules (docs/product.md). */
export const MODULE_AUTHOR_POSITIONS = ["Safety Administrator", "Safety Manager"] as const;

/** Worker-profile positions that lead a crew: they collect the crew's sign-on on any record of their projects (issue #34). */
export const SIGN_ON_LEAD_POSITIONS = ["Foreman", "Superintendent", "Safety Manager", "Safety Administrator"] as const;

/** The position and company forced by the manager form. */
export const MANAGER_DEFAULT_POSITION = "Safety Manager";
export const MANAGER_DEFAULT_COMPANY = "SiteSafe Construction";

export function roleLabel(role: string): string {
  return role.charAt(0).toUpperCase() + role.slice(1);
}
