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
import * as service from "../services/credentials.js";
import { once } from "../services/idempotency.js";
import { actionProcedure, authedProcedure, roleProcedure, router, staffProcedure } from "../trpc.js";

const CANNOT_ADD = "Only admins, managers and workers with a worker profile can add credentials";
const CANNOT_VERIFY = "Only admins and managers can verify credentials";
const CANNOT_DELETE = "Only admins, managers and workers with a worker profile can delete credentials";

/** Procedures of credentials (issue #36): each its input schema, its permission, one call to services/credentials.ts. */
export const credentialsRouter = router({
  /** The types, English and Spanish names: everyone signed in (the worker's form lists them). */
  types: authedProcedure.query(({ ctx }) => service.types(ctx)),

  createType: actionProcedure("credentialType.create")
    .input(credentialTypeSchema)
    .mutation(once(({ ctx, input }) => service.createType(ctx, input))),

  /** A worker's credentials: staff, or the worker themself. */
  ofWorker: authedProcedure.input(workerCredentialsQuerySchema).query(({ ctx, input }) => service.workerCredentials(ctx, input.workerId)),

  byId: authedProcedure.input(byIdSchema).query(({ ctx, input }) => service.byId(ctx, input.id)),

  /** Staff for anyone; a worker for themself (whose the profile is, the service checks). */
  create: roleProcedure((actor) => can(actor, "credential.create"), CANNOT_ADD)
    .input(credentialSchema)
    .mutation(once(({ ctx, input }) => service.create(ctx, input))),

  verify: roleProcedure((actor) => can(actor, "credential.verify"), CANNOT_VERIFY)
    .input(byIdSchema)
    .mutation(({ ctx, input }) => service.decide(ctx, input.id, { status: "verified" })),

  reject: roleProcedure((actor) => can(actor, "credential.verify"), CANNOT_VERIFY)
    .input(credentialRejectSchema)
    .mutation(({ ctx, input }) => service.decide(ctx, input.id, { status: "rejected", reason: input.reason })),

  delete: roleProcedure((actor) => can(actor, "credential.delete"), CANNOT_DELETE)
    .input(byIdSchema)
    .mutation(async ({ ctx, input }) => {
      await service.remove(ctx, input.id);
      return { success: true };
    }),

  /** Which types positions and projects require: staff (the worker sees theirs in their compliance). */
  requirements: staffProcedure
    .input(credentialRequirementsQuerySchema.optional())
    .query(({ ctx, input }) => service.requirements(ctx, input ?? {})),

  createRequirement: actionProcedure("credentialRequirement.manage")
    .input(credentialRequirementSchema)
    .mutation(once(({ ctx, input }) => service.createRequirement(ctx, input))),

  deleteRequirement: actionProcedure("credentialRequirement.manage")
    .input(byIdSchema)
    .mutation(async ({ ctx, input }) => {
      await service.removeRequirement(ctx, input.id);
      return { success: true };
    }),

  /** How a worker stands on what is required of them: staff, or the worker themself. */
  workerCompliance: authedProcedure
    .input(workerCredentialsQuerySchema)
    .query(({ ctx, input }) => service.workerCompliance(ctx, input.workerId)),

  /**
   * A project's crew on its requirements: staff only, checked before the input. Each row names a
   * worker's missing and expiring cards, and a worker reads only their own (docs/product.md).
   */
  projectCompliance: staffProcedure.input(projectCredentialQuerySchema).query(({ ctx, input }) => service.projectCompliance(ctx, input.id)),

  /** The permit form's warning: does the worker picked as fire watch hold a valid fire-watch credential? */
  fireWatchCheck: authedProcedure
    .input(fireWatchCheckSchema)
    .query(({ ctx, input }) => service.fireWatchCheck(ctx, input.id, input.workerId)),

  import: actionProcedure("credential.import")
    .input(credentialImportSchema)
    .mutation(once(({ ctx, input }) => service.importCsv(ctx, input.csv))),
});
