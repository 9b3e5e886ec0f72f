import { byIdSchema, can, keepLocationSchema, PHOTO_NO_FILE, photoRecordSchema } from "@sitesafe/domain";
import { z } from "zod";
import * as out from "../openapi/schemas.js";
import { del, get, post } from "../rest/meta.js";
import { answeredBefore, once } from "../services/idempotency.js";
import * as service from "../services/photos.js";
import { adminProcedure, authedProcedure, roleProcedure, router } from "../trpc.js";

/** Staged inspection photos: whoever may record inspections at all (the project is checked when the inspection is created). */
const inspectorProcedure = roleProcedure(
  (actor) => can(actor, "inspection.create"),
  "Only admins, managers and crew leads can add inspection photos",
);

const uploadSchema = z.object({
  fileName: z.string().max(1000),
  data: z.custom<Uint8Array>((v) => v instanceof Uint8Array, PHOTO_NO_FILE),
  keepLocation: keepLocationSchema,
});

/**
 * Procedures of the photos area. `upload`, `file` and `thumbnail` carry bytes and are meant for
 * the REST adapter (rest/uploads.ts, rest/files.ts), which reads multipart uploads and streams the bytes out.
 */
export const photosRouter = router({
  list: authedProcedure
    .meta({
      rest: [
        get("/api/incident-reports/:id/photos", { pathOnly: true, set: { kind: "incident" } }),
        get("/api/jha-forms/:id/photos", { pathOnly: true, set: { kind: "jha" } }),
        get("/api/toolbox-talks/:id/photos", { pathOnly: true, set: { kind: "talk" } }),
        get("/api/credentials/:id/photos", { pathOnly: true, set: { kind: "credential" } }),
        get("/api/corrective-actions/:id/photos", { pathOnly: true, set: { kind: "correctiveAction" } }),
      ],
      output: out.list(out.photo),
    })
    .input(photoRecordSchema)
    .query(({ ctx, input }) => service.recordPhotos(ctx.db, ctx.actor, input)),

  /** Refuses an upload before its body is read (no record, not the actor's, already 10 photos). */
  checkUpload: authedProcedure
    .input(photoRecordSchema)
    .query(async ({ ctx, input }) => service.assertMayAttach(ctx.db, ctx.actor, input, { retry: await answeredBefore(ctx) })),

  upload: authedProcedure
    .meta({
      rest: [
        post("/api/incident-reports/:id/photos", { upload: "photo", set: { kind: "incident" } }),
        post("/api/jha-forms/:id/photos", { upload: "photo", set: { kind: "jha" } }),
        post("/api/toolbox-talks/:id/photos", { upload: "photo", set: { kind: "talk" } }),
        post("/api/credentials/:id/photos", { upload: "photo", set: { kind: "credential" } }),
        post("/api/corrective-actions/:id/photos", { upload: "photo", set: { kind: "correctiveAction" } }),
      ],
      output: out.photo,
    })
    .input(uploadSchema.extend({ record: photoRecordSchema }))
    .mutation(once(({ ctx, input }) => service.addPhoto(ctx.db, ctx.actor, input.record, input))),

  /** Refuses a staged inspection photo before its body is read (the role; the user's cap of staged photos). */
  checkStage: inspectorProcedure.query(async ({ ctx }) => service.assertMayStage(ctx.db, ctx.actor, { retry: await answeredBefore(ctx) })),

  /** A photo of an inspection item, before the inspection exists (docs/decisions/0124-staged-inspection-photos.md). */
  stage: inspectorProcedure
    .meta({ rest: post("/api/inspection-photos", { upload: "stagedPhoto" }), output: out.photo })
    .input(uploadSchema)
    .mutation(once(({ ctx, input }) => service.stagePhoto(ctx.db, ctx.actor, input))),

  file: authedProcedure
    .meta({ rest: get("/api/photos/:id", { send: "photo" }) })
    .input(byIdSchema)
    .query(({ ctx, input }) => service.photoFile(ctx.db, ctx.actor, input.id)),

  thumbnail: authedProcedure
    .meta({ rest: get("/api/photos/:id/thumbnail", { send: "thumbnail" }) })
    .input(byIdSchema)
    .query(({ ctx, input }) => service.photoThumbnail(ctx.db, ctx.actor, input.id)),

  delete: authedProcedure
    .meta({ rest: del("/api/photos/:id"), output: out.success })
    .input(byIdSchema)
    .mutation(async ({ ctx, input }) => {
      await service.removePhoto(ctx.db, ctx.actor, input.id);
      return { success: true };
    }),

  /** The storage photos take over the whole installation (admins). Per record: the list's sizes. */
  storage: adminProcedure
    .meta({ rest: get("/api/photos/storage"), output: out.photosStorage })
    .query(({ ctx }) => service.photoStorage(ctx.db)),
});
