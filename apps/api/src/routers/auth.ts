import { changePasswordSchema, loginSchema, registerSchema, setLanguageSchema } from "@sitesafe/domain";
import * as out from "../openapi/schemas.js";
import { get, post, put } from "../rest/meta.js";
import * as service from "../services/auth.js";
import { authedProcedure, publicProcedure, router, sessionProcedure } from "../trpc.js";

/** Procedures of signing in and out: each its input schema, its permission, one call to services/auth.ts. */
export const authRouter = router({
  /** GET /api/user: the signed-in user, 401 when there is none. */
  me: authedProcedure.meta({ rest: get("/api/user"), output: out.user }).query(({ ctx }) => ctx.user),

  /**
   * The web app's view of the session: the user and the facts the policy needs (worker profile,
   * position, assigned projects), or null when signed out. The web app shows or hides controls
   * with the same `can()` the server enforces.
   */
  session: publicProcedure.query(({ ctx }) => (ctx.user && ctx.actor ? { user: ctx.user, actor: ctx.actor } : null)),

  login: publicProcedure
    .meta({ rest: post("/api/login", { status: 200 }), output: out.user })
    .input(loginSchema)
    .mutation(({ ctx, input }) => service.login(ctx, input)),

  register: publicProcedure
    .meta({ rest: post("/api/register"), output: out.user })
    .input(registerSchema)
    .mutation(({ ctx, input }) => service.register(ctx, input)),

  logout: publicProcedure
    .meta({ rest: post("/api/logout", { status: 200 }), output: out.success })
    .mutation(({ ctx }) => service.logout(ctx)),

  /**
   * PUT /api/user/language: the signed-in user's language ('en' or 'es'). The answers to their
   * requests follow it from the next request on (language.ts).
   */
  setLanguage: authedProcedure
    .meta({ rest: put("/api/user/language"), output: out.user })
    .input(setLanguageSchema)
    .mutation(({ ctx, input }) => service.setLanguage(ctx, input)),

  changePassword: sessionProcedure
    .meta({ rest: post("/api/change-password", { status: 200 }), output: out.success })
    .input(changePasswordSchema)
    .mutation(({ ctx, input }) => service.changePassword(ctx, input)),
});
