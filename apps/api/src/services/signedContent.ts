import { createHash } from "node:crypto";

/**
 * The version a crew signature names (docs/decisions/0118-crew-sign-on.md): the SHA-256 of a
 * record's briefed content (`jhaSignedContent`, `permitSignedContent`, `talkSignedContent` in
 * packages/domain). Its own module so that services/signOn.ts and services/talks.ts both use it
 * without importing each other in a circle.
 */
export function contentVersion(content: string): string {
  return createHash("sha256").update(content).digest("hex");
}
