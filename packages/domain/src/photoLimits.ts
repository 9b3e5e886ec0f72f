/**
 * How many photos a record may hold, and the messages when it is full. No schemas here: the web
 * app's Outbox reads these on every screen, and a module of zod schemas costs its first screen
 * the time to build them all (issue #37). The photo schemas are in photos.ts.
 */
export const PHOTOS_PER_RECORD = 10;
export const PHOTO_LIMIT_REACHED = `A record can have at most ${PHOTOS_PER_RECORD} photos. Delete one before adding another.`;
/** An inspection item's photos (docs/decisions/0124-staged-inspection-photos.md); the other bounds are in inspections.ts. */
export const INSPECTION_ITEM_PHOTOS = 5;
export const INSPECTION_ITEM_PHOTO_LIMIT_REACHED = `An inspection item can have at most ${INSPECTION_ITEM_PHOTOS} photos.`;

/**
 * `credential`: a worker's card, front and back. `correctiveAction`: evidence of the fix, which a
 * high-priority action needs to be marked fixed or closed. `inspectionItem`: what an inspector saw
 * at one item of an inspection; uploaded first as a staged photo (attached to nothing, its
 * uploader's only) and attached to the item's answer when the signed inspection is created
 * (docs/decisions/0124-staged-inspection-photos.md).
 */
export const PHOTO_RECORD_KINDS = ["incident", "jha", "talk", "credential", "correctiveAction", "inspectionItem"] as const;
export type PhotoRecordKind = (typeof PHOTO_RECORD_KINDS)[number];

/** A toolbox talk has one group photo (the crew that attended); other records up to PHOTOS_PER_RECORD. */
export const TALK_PHOTOS = 1;
export const TALK_PHOTO_LIMIT_REACHED = "A toolbox talk has one group photo. Delete it before adding another.";

/** A credential's card (issue #36): its front and its back. */
export const CREDENTIAL_PHOTOS = 2;
export const CREDENTIAL_PHOTO_LIMIT_REACHED =
  "A credential has two photos, the front and the back of the card. Delete one before adding another.";

/** How many photos a record of this kind may hold. */
export function photoLimit(kind: PhotoRecordKind): number {
  return kind === "talk"
    ? TALK_PHOTOS
    : kind === "credential"
      ? CREDENTIAL_PHOTOS
      : kind === "inspectionItem"
        ? INSPECTION_ITEM_PHOTOS
        : PHOTOS_PER_RECORD;
}

/** The message of a full record of this kind. */
export function photoLimitMessage(kind: PhotoRecordKind): string {
  return kind === "talk"
    ? TALK_PHOTO_LIMIT_REACHED
    : kind === "credential"
      ? CREDENTIAL_PHOTO_LIMIT_REACHED
      : kind === "inspectionItem"
        ? INSPECTION_ITEM_PHOTO_LIMIT_REACHED
        : PHOTO_LIMIT_REACHED;
}
