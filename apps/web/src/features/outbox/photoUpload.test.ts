import { PHOTO_LIMIT_REACHED } from "@sitesafe/domain";
import { describe, expect, it } from "vitest";
import type { OutboxItem } from "./outboxItem";
import {
  OUTBOX_FULL,
  OUTBOX_MAX_ITEMS,
  OUTBOX_PHOTOS_FULL,
  PHOTO_RECORD_GONE,
  photoRetryDelay,
  resolvePhotoRecord,
  roomFor,
  UploadRefused,
} from "./photoUpload";

const MB = 1024 * 1024;
let n = 0;
const base = { userId: 1, label: "x", createdAt: 0, attempts: 0 };
const report = (status: OutboxItem["status"] = "pending", resultId?: number): OutboxItem =>
  ({ ...base, id: `r${n++}`, path: "incidents.create", input: {} as never, status, ...(resultId ? { resultId } : {}) }) as OutboxItem;
const photo = (
  record: { kind: "incident" | "jha"; id: number | null },
  { bytes = MB, after, status = "pending" }: { bytes?: number; after?: string; status?: OutboxItem["status"] } = {},
) =>
  ({
    ...base,
    id: `p${n++}`,
    path: "photos.upload",
    status,
    input: { record, fileName: "a.jpg", keepLocation: false, blob: status === "sent" ? null : ({ size: bytes } as Blob), bytes },
    ...(after ? { after } : {}),
  }) as OutboxItem<"photos.upload">;

describe("room in the Outbox", () => {
  it("keeps up to 500 unsent items; sent ones do not count", () => {
    const full = Array.from({ length: OUTBOX_MAX_ITEMS }, () => report());
    expect(roomFor(full, [report()])).toBe(OUTBOX_FULL);
    expect(roomFor(full.slice(1), [report()])).toBeNull();
    expect(roomFor([...full.slice(1), report("sent")], [report()])).toBeNull();
  });

  it("keeps at most 200 MB of photos not yet sent", () => {
    const queued = Array.from({ length: 4 }, (_, i) => photo({ kind: "jha", id: i + 1 }, { bytes: 50 * MB }));
    expect(roomFor(queued.slice(0, 3), [photo({ kind: "jha", id: 9 }, { bytes: 50 * MB })])).toBeNull();
    expect(roomFor(queued, [photo({ kind: "jha", id: 9 }, { bytes: 1 })])).toBe(OUTBOX_PHOTOS_FULL);
    // A sent photo's bytes are gone from the device.
    expect(
      roomFor(
        [...queued.slice(1), photo({ kind: "jha", id: 1 }, { bytes: 50 * MB, status: "sent" })],
        [photo({ kind: "jha", id: 9 }, { bytes: 50 * MB })],
      ),
    ).toBeNull();
  });

  it("keeps at most 10 photos for one record, saved or still queued", () => {
    const nine = Array.from({ length: 9 }, () => photo({ kind: "incident", id: 7 }));
    expect(roomFor(nine, [photo({ kind: "incident", id: 7 })])).toBeNull();
    expect(roomFor(nine, [photo({ kind: "incident", id: 7 }), photo({ kind: "incident", id: 7 })])).toBe(PHOTO_LIMIT_REACHED);
    // Another record, or the same id of the other kind, has its own ten.
    expect(roomFor(nine, [photo({ kind: "jha", id: 7 }), photo({ kind: "incident", id: 8 })])).toBeNull();
    const queuedReport = report();
    const waiting = Array.from({ length: 10 }, () => photo({ kind: "incident", id: null }, { after: queuedReport.id }));
    expect(roomFor([queuedReport, ...waiting], [photo({ kind: "incident", id: null }, { after: queuedReport.id })])).toBe(
      PHOTO_LIMIT_REACHED,
    );
    expect(roomFor([queuedReport, ...waiting], [photo({ kind: "incident", id: null }, { after: "another" })])).toBeNull();
  });
});

describe("a photo waiting for its report", () => {
  it("goes to the record its report created", () => {
    const sent = report("sent", 42);
    const waiting = photo({ kind: "incident", id: null }, { after: sent.id });
    expect(resolvePhotoRecord(waiting, new Map([[sent.id, sent]])).record).toEqual({ kind: "incident", id: 42 });
  });

  it("is refused with a reason when its report is gone", () => {
    const waiting = photo({ kind: "incident", id: null }, { after: "discarded" });
    expect(() => resolvePhotoRecord(waiting, new Map())).toThrow(new UploadRefused(409, PHOTO_RECORD_GONE));
  });

  it("keeps its own record when it has one", () => {
    const own = photo({ kind: "jha", id: 3 });
    expect(resolvePhotoRecord(own, new Map()).record).toEqual({ kind: "jha", id: 3 });
  });
});

describe("retry pauses", () => {
  it("grow from about 2 s to at most a minute", () => {
    expect(photoRetryDelay(1)).toBeGreaterThanOrEqual(1500);
    expect(photoRetryDelay(1)).toBeLessThanOrEqual(2500);
    expect(photoRetryDelay(3)).toBeGreaterThanOrEqual(6000);
    expect(photoRetryDelay(20)).toBeLessThanOrEqual(75_000);
    expect(photoRetryDelay(20)).toBeGreaterThanOrEqual(45_000);
  });
});
