import { byIdSchema, can, keepLocationSchema, PHOTO_NO_FILE, photoRecordSchema } from "@sitesafe/domain";
import { z } from "zod";
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
 * the REST adapter (rest/photos.ts), which reads multipart uploads and streams the bytes out.
 */
export const photosRouter = router({
  list: authedProcedure.input(photoRecordSchema).query(({ ctx, input }) => service.recordPhotos(ctx.db, ctx.actor, input)),

  /** Refuses an upload before its body is read (no record, not the actor's, already 10 photos). */
  checkUpload: authedProcedure
    .input(photoRecordSchema)
    .query(async ({ ctx, input }) => service.assertMayAttach(ctx.db, ctx.actor, input, { retry: await answeredBefore(ctx) })),

  upload: authedProcedure
    .input(uploadSchema.extend({ record: photoRecordSchema }))
    .mutation(once(({ ctx, input }) => service.addPhoto(ctx.db, ctx.actor, input.record, input))),

  /** Refuses a staged inspection photo before its body is read (the role; the user's cap of staged photos). */
  checkStage: inspectorProcedure.query(async ({ ctx }) => service.assertMayStage(ctx.db, ctx.actor, { retry: await answeredBefore(ctx) })),

  /** A photo of an inspection item, before the inspection exists (docs/decisions/0124-staged-inspection-photos.md). */
  stage: inspectorProcedure.input(uploadSchema).mutation(once(({ ctx, input }) => service.stagePhoto(ctx.db, ctx.actor, input))),

  file: authedProcedure.input(byIdSchema).query(({ ctx, input }) => service.photoFile(ctx.db, ctx.actor, input.id)),

  thumbnail: authedProcedure.input(byIdSchema).query(({ ctx, input }) => service.photoThumbnail(ctx.db, ctx.actor, input.id)),

  delete: authedProcedure.input(byIdSchema).mutation(async ({ ctx, input }) => {
    await service.removePhoto(ctx.db, ctx.actor, input.id);
    return { success: true };
  }),

  /** The storage photos take over the whole installation (admins). Per record: the list's sizes. */
  storage: adminProcedure.query(({ ctx }) => service.photoStorage(ctx.db)),
});
