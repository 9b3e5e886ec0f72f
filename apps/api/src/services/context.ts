import type { Actor, PublicUser } from "@sitesafe/domain";
import type { Context } from "../context.js";

/**
 * What a service function receives from a procedure behind `authedProcedure` (trpc.ts): the
 * request's context with someone signed in. Services take it, or only the `db` and `actor` they
 * need, and never import a router.
 */
export type ServiceContext = Context & { actor: Actor; user: PublicUser };
