import type { PhotoRecordKind, PhotoSummary } from "@sitesafe/domain";
import type { RouterInputs, RouterOutputs } from "../../lib/trpc";

/**
 * What an Outbox item is: the creates it may hold and the shape each is kept in. Its own module so
 * that outbox.ts (which keeps and sends items) and photoUpload.ts (the rules for the photos among
 * them) both read it without importing each other.
 */
const OUTBOX_PROCEDURES = [
  "jha.create",
  "jha.addComment",
  "incidents.create",
  "permits.create",
  "comments.create",
  "training.createProgress",
  "videos.createProgress",
  "signOn.sign",
  "inspections.create",
] as const;
export type OutboxProcedure = (typeof OUTBOX_PROCEDURES)[number];
/** A photo for an incident report or JHA form, sent as multipart to the REST upload (photoUpload.ts; its input is PhotoUploadInput below). */
export const PHOTO_UPLOAD = "photos.upload";
export type OutboxPath = OutboxProcedure | typeof PHOTO_UPLOAD;

type Split<P extends string> = P extends `${infer A}.${infer B}` ? [A, B] : never;
type Area<P extends OutboxProcedure> = Split<P>[0] & keyof RouterInputs;
type Proc<P extends OutboxProcedure> = Split<P>[1] & keyof RouterInputs[Area<P>] & keyof RouterOutputs[Area<P>];
export type OutboxInput<P extends OutboxPath> = P extends OutboxProcedure ? RouterInputs[Area<P>][Proc<P>] : PhotoUploadInput;
export type OutboxOutput<P extends OutboxPath> = P extends OutboxProcedure ? RouterOutputs[Area<P>][Proc<P>] : PhotoSummary;

export type OutboxStatus = "pending" | "sending" | "sent" | "failed";

export interface OutboxItem<P extends OutboxPath = OutboxPath> {
  /** Also the Idempotency-Key it is sent with. */
  id: string;
  /** Only the user who queued it sees and sends it. */
  userId: number;
  path: P;
  input: OutboxInput<P>;
  /** What the user sees: "Trench excavation". */
  label: string;
  status: OutboxStatus;
  createdAt: number;
  attempts: number;
  /** The server's message for a refusal, or why the last try failed. */
  error?: string;
  sentAt?: number;
  /** The id of what was created, for a link. */
  resultId?: number;
  /** Another item that must be sent first (a photo's report, itself queued); its result is this one's record. */
  after?: string;
  /**
   * Items that must all be sent first and whose results this one carries: an inspection's staged
   * photos, whose server ids go into its answers' `photoIds` when it is sent (needs.ts). A refused
   * one holds this item back with a message until it is retried or discarded; a discarded one is
   * dropped from the list.
   */
  needs?: string[];
  /** Not before this time (a photo's back-off after a failed try); the countdown shown on its tile. */
  retryAt?: number;
  /** Queued while the user watched it go (a photo added online): no "Outbox sent" toast for it. */
  quiet?: boolean;
}

export interface PhotoUploadInput {
  /** `id` is null while the record is itself in the Outbox (the item named by `after`), and for a staged photo. */
  record: { kind: PhotoRecordKind; id: number | null };
  /**
   * A staged inspection photo (`POST /api/inspection-photos`): attached to nothing until the
   * inspection that `needs` it is sent, with its id in this item's answer.
   */
  staged?: { itemKey: string };
  fileName: string;
  keepLocation: boolean;
  /** The photo as it will be sent; dropped once the server has it. */
  blob: Blob | null;
  bytes: number;
}
