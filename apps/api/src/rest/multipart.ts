import { AppError } from "@sitesafe/domain";

/**
 * The error a client sees when reading a multipart upload failed: @fastify/multipart's limits as
 * 413/400 with the upload's own messages, an AppError as it is, anything else (a broken or
 * abandoned body) as a 400 to try again.
 */
export function multipartError(error: unknown, messages: { tooLarge: string; noFile: string; oneAtATime: string }): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return new AppError("PAYLOAD_TOO_LARGE", messages.tooLarge);
  if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") return new AppError("BAD_REQUEST", messages.oneAtATime);
  if (code === "FST_INVALID_MULTIPART_CONTENT_TYPE") return new AppError("BAD_REQUEST", messages.noFile);
  return new AppError("BAD_REQUEST", "The upload could not be read. Please try again.");
}
