import {
  byIdSchema,
  can,
  credentialImportSchema,
  credentialRejectSchema,
  credentialRequirementSchema,
  credentialRequirementsQuerySchema,
  credentialSchema,
  credentialTypeSchema,
  fireWatchCheckSchema,
  projectCredentialQuerySchema,
  workerCredentialsQuerySchema,
} from "@sitesafe/domain";
import * as out from "../openapi/schemas.js";
import { del, get, post } from "../rest/meta.js";
import * as service from "../services/credentials.js";
import { once } from "../services/idempotency.js";
import { actionProcedure, authedProcedure, roleProcedure, router, staffProcedure } from "../trpc.js";

const CANNOT_ADD = "Only admins, managers and workers with a worker profile can add credentials";
const CANNOT_VERIFY = "Only admins and managers can verify credentials";
const CANNOT_DELETE = "Only admins, managers and workers with a worker profile can delete credentials";

/** Procedures of credentials (issue #36): each its input schema, its permission, one call to services/credentials.ts. */
export const credentialsRouter = router({
  /** The types, English and Spanish names: everyone signed in (the worker's form lists them). */
  types: authedProcedure
    .meta({ rest: get("/api/credential-types"), output: out.list(out.credentialType) })
    .query(({ ctx }) => service.types(ctx)),

  createType: actionProcedure("credentialType.create")
    .meta({ rest: post("/api/credential-types"), output: out.credentialType })
    .input(credentialTypeSchema)
    .mutation(once(({ ctx, input }) => service.createType(ctx, input))),

  /** A worker's credentials: staff, or the worker themself. */
  ofWorker: authedProcedure
    .meta({ rest: get("/api/workers/:workerId/credentials"), output: out.list(out.credential) })
    .input(workerCredentialsQuerySchema)
    .query(({ ctx, input }) => service.workerCredentials(ctx, input.workerId)),

  byId: authedProcedure
    .meta({ rest: get("/api/credentials/:id"), output: out.credential })
    .input(byIdSchema)
    .query(({ ctx, input }) => service.byId(ctx, input.id)),

  /** Staff for anyone; a worker for themself (whose the profile is, the service checks). */
  create: roleProcedure((actor) => can(actor, "credential.create"), CANNOT_ADD)
    .meta({ rest: post("/api/workers/:workerId/credentials"), output: out.credential })
    .input(credentialSchema)
    .mutation(once(({ ctx, input }) => service.create(ctx, input))),

  verify: roleProcedure((actor) => can(actor, "credential.verify"), CANNOT_VERIFY)
    .meta({ rest: post("/api/credentials/:id/verify", { status: 200 }), output: out.credential })
    .input(byIdSchema)
    .mutation(({ ctx, input }) => service.decide(ctx, input.id, { status: "verified" })),

  reject: roleProcedure((actor) => can(actor, "credential.verify"), CANNOT_VERIFY)
    .meta({ rest: post("/api/credentials/:id/reject", { status: 200 }), output: out.credential })
    .input(credentialRejectSchema)
    .mutation(({ ctx, input }) => service.decide(ctx, input.id, { status: "rejected", reason: input.reason })),

  delete: roleProcedure((actor) => can(actor, "credential.delete"), CANNOT_DELETE)
    .meta({ rest: del("/api/credentials/:id"), output: out.success })
    .input(byIdSchema)
    .mutation(async ({ ctx, input }) => {
      await service.remove(ctx, input.id);
      return { success: true };
    }),

  /** Which types positions and projects require: staff (the worker sees theirs in their compliance). */
  requirements: staffProcedure
    .meta({ rest: get("/api/credential-requirements"), output: out.list(out.credentialRequirement) })
    .input(credentialRequirementsQuerySchema.optional())
    .query(({ ctx, input }) => service.requirements(ctx, input ?? {})),

  createRequirement: actionProcedure("credentialRequirement.manage")
    .meta({ rest: post("/api/credential-requirements"), output: out.credentialRequirement })
    .input(credentialRequirementSchema)
    .mutation(once(({ ctx, input }) => service.createRequirement(ctx, input))),

  deleteRequirement: actionProcedure("credentialRequirement.manage")
    .meta({ rest: del("/api/credential-requirements/:id"), output: out.success })
    .input(byIdSchema)
    .mutation(async ({ ctx, input }) => {
      await service.removeRequirement(ctx, input.id);
      return { success: true };
    }),

  /** How a worker stands on what is required of them: staff, or the worker themself. */
  workerCompliance: authedProcedure
    .meta({ rest: get("/api/workers/:workerId/credential-compliance"), output: out.credentialCompliance })
    .input(workerCredentialsQuerySchema)
    .query(({ ctx, input }) => service.workerCompliance(ctx, input.workerId)),

  /**
   * A project's crew on its requirements: staff only, checked before the input. Each row names a
   * worker's missing and expiring cards, and a worker reads only their own (docs/product.md).
   */
  projectCompliance: staffProcedure
    .meta({ rest: get("/api/projects/:id/credential-compliance"), output: out.projectCredentialCompliance })
    .input(projectCredentialQuerySchema)
    .query(({ ctx, input }) => service.projectCompliance(ctx, input.id)),

  /** The permit form's warning: does the worker picked as fire watch hold a valid fire-watch credential? */
  fireWatchCheck: authedProcedure
    .meta({ rest: get("/api/projects/:id/fire-watch-check"), output: out.credentialsFireWatchCheck })
    .input(fireWatchCheckSchema)
    .query(({ ctx, input }) => service.fireWatchCheck(ctx, input.id, input.workerId)),

  import: actionProcedure("credential.import")
    .meta({ rest: post("/api/credentials/import", { status: 200 }), output: out.credentialImportReport })
    .input(credentialImportSchema)
    .mutation(once(({ ctx, input }) => service.importCsv(ctx, input.csv))),
});
