import { z } from "zod";
import { canSeeAction } from "./correctiveActions.js";
import { PHOTO_RECORD_KINDS, type PhotoRecordKind } from "./photoLimits.js";
import { can, canReadWorker, canSeeProject } from "./policy.js";
import { type Actor, isStaff } from "./roles.js";
import { idParam } from "./users.js";

/** Photos on incident reports and JHA forms, and a toolbox talk's group photo (docs/decisions/0108-photos.md). */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** What the browser shrinks a photo to before upload: the long edge, and the size it aims for. */
export const PHOTO_LONG_EDGE_PX = 2048;
export const PHOTO_TARGET_BYTES = 1024 * 1024;
/** The long edge of the thumbnails the server makes. */
export const PHOTO_THUMBNAIL_PX = 320;

export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp", "image/heic"] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

export const PHOTO_TYPE_NOT_ACCEPTED = "This file is not a photo we accept. Upload a JPEG, PNG, WebP or HEIC image.";
export const PHOTO_TOO_LARGE = "The photo is larger than 10 MB. Please choose a smaller photo.";
export const PHOTO_UNREADABLE = "The photo could not be read. It may be damaged; please take or choose it again.";
export const PHOTO_NO_FILE = "Choose a photo to upload";

export const photoRecordSchema = z.object({ kind: z.enum(PHOTO_RECORD_KINDS), id: idParam });
export type PhotoRecordRef = z.infer<typeof photoRecordSchema>;

/** "true"/"1"/"on" from a form field or query string; anything else (or nothing) is false. */
export const keepLocationSchema = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((v) => v === true || v === "true" || v === "1" || v === "on");

/** The record a photo hangs on, as the rules need it. */
export interface PhotoRecordFacts {
  /** The record's project; null for a credential, which belongs to a worker, not a project. */
  projectId: number | null;
  /** The worker who filed the record: an incident's reporter, a JHA's submitter, a talk's presenter, a credential's holder. */
  ownerWorkerId: number | null;
  /** The kind of record; a talk's group photo follows the talk's edit rule (`can("talk.update")`). */
  kind?: PhotoRecordKind;
  /** A corrective action's owner (a user, not a worker): who adds the evidence photos. */
  ownerUserId?: number | null;
  /** A corrective action's state: its evidence is fixed once the fix is up for verification or closed. */
  actionStatus?: string | null;
  /** A staged inspection photo (attached to nothing yet): the user who uploaded it, its only reader. */
  stagedBy?: number | null;
  /** An inspection item's photo: the owners of the actions its failure raised (they see what was found). */
  actionOwnerUserIds?: readonly number[];
}

/**
 * Who sees a record's photos: whoever sees its project; a credential's, staff and the worker who
 * holds it (canReadWorker), as the credential itself; a corrective action's, whoever sees the
 * action (its owner too, on a project they are not assigned to); a staged inspection photo, only its
 * uploader; an inspection item's, whoever sees the inspection's project and the owner of the action
 * its failure raised (on a project they may not be assigned to: they fix what the photo shows).
 */
export function canSeePhotoRecord(actor: Actor | null, record: PhotoRecordFacts): boolean {
  if (!actor) return false;
  if (record.stagedBy != null) return record.stagedBy === actor.userId;
  if (record.kind === "credential") return record.ownerWorkerId !== null && canReadWorker(actor, record.ownerWorkerId);
  if (record.kind === "correctiveAction")
    return record.projectId !== null && canSeeAction(actor, { projectId: record.projectId, ownerUserId: record.ownerUserId ?? null });
  if (record.kind === "inspectionItem" && record.actionOwnerUserIds?.includes(actor.userId)) return true;
  return canSeeProject(actor, record.projectId);
}

/**
 * A record is the actor's to add photos to when they are staff, or the worker who filed it on a
 * project they are assigned to. For incidents that is exactly `can("incident.update")`; a JHA is
 * otherwise edited by staff only, but its submitter still documents it with photos.
 */
export function canAttachPhoto(actor: Actor | null, record: PhotoRecordFacts): boolean {
  if (!actor) return false;
  // An inspection item's photos are attached only by the create of the signed inspection (staged first).
  if (record.kind === "inspectionItem") return false;
  // A credential's card: staff, or the worker who holds it.
  if (record.kind === "credential") return isStaff(actor) || (record.ownerWorkerId !== null && record.ownerWorkerId === actor.workerId);
  if (record.kind === "talk") return can(actor, "talk.update", record);
  // A corrective action's evidence: its owner or staff, until the action is closed.
  if (record.kind === "correctiveAction")
    return record.actionStatus !== "closed" && (isStaff(actor) || (record.ownerUserId != null && record.ownerUserId === actor.userId));
  if (isStaff(actor)) return true;
  return record.ownerWorkerId !== null && record.ownerWorkerId === actor.workerId && canSeeProject(actor, record.projectId);
}

/**
 * Staff delete any photo; others only one they uploaded, while the record is theirs to edit. A
 * talk's group photo is removed by whoever may edit the talk, whoever added it.
 */
export function canDeletePhoto(actor: Actor | null, record: PhotoRecordFacts, photo: { uploadedBy: number | null }): boolean {
  if (!actor) return false;
  // A staged photo is its uploader's to drop; once attached it is part of the signed inspection and stays.
  if (record.kind === "inspectionItem") return record.stagedBy != null && record.stagedBy === actor.userId;
  if (record.kind === "talk") return canAttachPhoto(actor, record);
  // The evidence a verifier judges, or judged, stays: nobody removes it once the fix is marked done.
  if (record.kind === "correctiveAction" && (record.actionStatus === "awaiting_verification" || record.actionStatus === "closed"))
    return false;
  if (isStaff(actor)) return true;
  return photo.uploadedBy !== null && photo.uploadedBy === actor.userId && canAttachPhoto(actor, record);
}

/** A photo as lists show it (the bytes are fetched by id). */
export interface PhotoSummary {
  id: number;
  recordKind: PhotoRecordKind;
  /** null for a staged inspection photo, attached to nothing yet. */
  recordId: number | null;
  fileName: string;
  contentType: PhotoType;
  byteSize: number;
  width: number | null;
  height: number | null;
  hasThumbnail: boolean;
  locationKept: boolean;
  uploadedBy: number | null;
  uploadedByName: string | null;
  createdAt: Date;
}

/** The storage photos take, for admins: the whole installation and per kind of record. */
export interface PhotoStorage {
  photoCount: number;
  totalBytes: number;
  recordsWithPhotos: number;
  byKind: { kind: PhotoRecordKind; photoCount: number; totalBytes: number }[];
}

/** "1.4 MB"-style figures for storage. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${(bytes / (1024 * 1024 * 1024)).toFixed(2)} GB`;
}
