import { byIdSchema, keepLocationSchema, PHOTO_NO_FILE, photoRecordSchema } from "@sitesafe/domain";
import { z } from "zod";
import { answeredBefore, once } from "../services/idempotency.js";
import * as service from "../services/photos.js";
import { adminProcedure, authedProcedure, router } from "../trpc.js";

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
    .input(
      z.object({
        record: photoRecordSchema,
        fileName: z.string().max(1000),
        data: z.custom<Uint8Array>((v) => v instanceof Uint8Array, PHOTO_NO_FILE),
        keepLocation: keepLocationSchema,
      }),
    )
    .mutation(once(({ ctx, input }) => service.addPhoto(ctx.db, ctx.actor, input.record, input))),

  file: authedProcedure.input(byIdSchema).query(({ ctx, input }) => service.photoFile(ctx.db, ctx.actor, input.id)),

  thumbnail: authedProcedure.input(byIdSchema).query(({ ctx, input }) => service.photoThumbnail(ctx.db, ctx.actor, input.id)),

  delete: authedProcedure.input(byIdSchema).mutation(async ({ ctx, input }) => {
    await service.removePhoto(ctx.db, ctx.actor, input.id);
    return { success: true };
  }),

  /** The storage photos take over the whole installation (admins). Per record: the list's sizes. */
  storage: adminProcedure.query(({ ctx }) => service.photoStorage(ctx.db)),
});
