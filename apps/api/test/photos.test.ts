import {
  PHOTO_LIMIT_REACHED,
  PHOTO_MAX_BYTES,
  PHOTO_NO_FILE,
  PHOTO_TOO_LARGE,
  PHOTO_TYPE_NOT_ACCEPTED,
  PHOTO_UNREADABLE,
  PHOTOS_PER_RECORD,
  type PhotoStorage,
  type PhotoSummary,
} from "@sitesafe/domain";
import sharp, { type Metadata } from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exifGpsEntryCount } from "../src/services/exifLocation.js";
import { decodeCost, NO_PREVIEW, NOT_YOUR_PHOTO, NOT_YOUR_RECORD, PHOTO_DECODE_BUDGET, PHOTO_TOO_COSTLY } from "../src/services/photos.js";
import { createTestApp, type TestApp, type TestUser } from "./helpers.js";
import { createFixture, type Fixture, multipartBody } from "./security/fixture.js";

/**
 * Photos on incident reports and JHA forms (docs/decisions/0108-photos.md), through the REST routes: what the server
 * accepts (by the bytes, never the name), who may see, add and delete, the 10-per-record limit
 * under concurrent uploads, deletion with the record, and the EXIF location removed.
 */

let t: TestApp;
let f: Fixture;
/** A worker on P who did not file W1's records. */
let w3: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  f = await createFixture(t);
  w3 = await t.createUser({ role: "worker" });
  await t.assign(w3.workerId as number, f.projectP);
});
afterAll(() => t?.close());

const png = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: "#d9480f" } })
    .png()
    .toBuffer();
/** 51°30'N 0°7'W, as EXIF rationals, in a JPEG. */
const jpegWithGps = () =>
  sharp({ create: { width: 80, height: 60, channels: 3, background: "#1971c2" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "SiteCam" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 0/1" },
    })
    .toBuffer();

/** XMP as a camera app writes it, with the location: 51°30'N 0°7'W. */
const XMP_WITH_GPS = `<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="51,30.0N" exif:GPSLongitude="0,7.0W"/></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;

/**
 * A real HEIF file with its location in EXIF and in XMP, as an iPhone's HEIC carries them: items of
 * the `meta` box, located by `iloc`. sharp writes HEIF only with AV1 pictures (its libvips has no
 * HEVC encoder), so the brand is turned from "avif" to "heic": the server then takes it as the HEIC
 * it is in all but the codec, and sharp can still decode the picture to show it is intact.
 * `exifMark: false` rewrites the EXIF item without its "Exif\0\0" mark (the TIFF header straight
 * after the item's 4-byte offset), as some cameras write it; the item keeps its length.
 */
async function heicWithGps({ exifMark = true } = {}): Promise<Buffer> {
  const file = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#1971c2" } })
    .heif({ compression: "av1", quality: 60 })
    .withExif({
      IFD0: { Make: "SiteCam" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 0/1" },
    })
    .withXmp(XMP_WITH_GPS)
    .toBuffer();
  const ftypEnd = file.readUInt32BE(0);
  for (let at = 8; at < ftypEnd; at += 4) if (file.toString("latin1", at, at + 4) === "avif") file.write("heic", at, "latin1");
  if (!exifMark) {
    const exif = (await sharp(file).metadata()).exif as Buffer;
    expect(exif.toString("latin1", 0, 6)).toBe("Exif\0\0");
    const at = file.indexOf(exif);
    expect(file.readUInt32BE(at - 4)).toBe(6);
    file.writeUInt32BE(0, at - 4);
    Buffer.concat([exif.subarray(6), Buffer.alloc(6)]).copy(file, at);
  }
  return file;
}

/** The location a HEIC's metadata still gives away: GPS entries of its EXIF, and the XMP's GPS text. */
async function heicLocation(data: Buffer): Promise<{ exifGps: number; xmpGps: boolean }> {
  const meta = await sharp(data).metadata();
  const tiff = meta.exif
    ? meta.exif.subarray(meta.exif.indexOf(Buffer.from(meta.exif.includes("MM\0*") ? "MM\0*" : "II*\0", "latin1")))
    : undefined;
  return {
    exifGps: tiff ? exifGpsEntryCount(Buffer.concat([Buffer.from("Exif\0\0", "latin1"), tiff])) : 0,
    xmpGps: Boolean(meta.xmp?.toString("utf8").includes("GPS")) || data.includes(Buffer.from("51,30.0N")),
  };
}

async function upload(
  as: TestUser | null,
  url: string,
  file: { name: string; data: Buffer; type?: string },
  fields: Record<string, string> = {},
) {
  const { payload, headers } = multipartBody(fields, file);
  return t.request({ method: "POST", url, payload, headers, as });
}

const incidentPhotos = (id = f.incidentId) => `/api/incident-reports/${id}/photos`;
const jhaPhotos = (id = f.jhaFormId) => `/api/jha-forms/${id}/photos`;

async function addIncidentPhoto(as: TestUser, incidentId = f.incidentId): Promise<PhotoSummary> {
  const res = await upload(as, incidentPhotos(incidentId), { name: "site.png", data: await png(), type: "image/png" });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as PhotoSummary;
}

async function storedBytes(id: number): Promise<Buffer> {
  const row = await t.db.selectFrom("photos").select("data").where("id", "=", id).executeTakeFirstOrThrow();
  return Buffer.from(row.data);
}

async function newIncident(reportedBy: number | null = f.w1.workerId): Promise<number> {
  const row = await t.db
    .insertInto("incidentReports")
    .values({
      projectId: f.projectP,
      title: "Spill by the mixer",
      description: "Diesel on the slab",
      severity: "minor",
      date: "2026-02-03",
      location: "Bay 2",
      reportedBy,
      involvedWorkers: JSON.stringify([]),
      status: "open",
    } as never)
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

describe("what the server accepts: the bytes decide, never the name", () => {
  it("a PNG named .jpg is stored and served as image/png, with nosniff and private caching", async () => {
    const data = await png(640, 480);
    const res = await upload(f.w1, incidentPhotos(), { name: "guardrail.jpg", data, type: "image/jpeg" });
    expect(res.statusCode, res.body).toBe(201);
    const photo = res.json() as PhotoSummary;
    expect(photo).toMatchObject({
      recordKind: "incident",
      recordId: f.incidentId,
      contentType: "image/png",
      fileName: "guardrail.png",
      byteSize: data.length,
      width: 640,
      height: 480,
      hasThumbnail: true,
      uploadedBy: f.w1.id,
    });

    const full = await t.request({ method: "GET", url: `/api/photos/${photo.id}`, as: f.w1 });
    expect(full.statusCode).toBe(200);
    expect(full.headers["content-type"]).toBe("image/png");
    expect(full.headers["x-content-type-options"]).toBe("nosniff");
    expect(full.headers["cache-control"]).toBe("private, max-age=3600");
    expect(full.rawPayload.equals(data)).toBe(true);

    const thumb = await t.request({ method: "GET", url: `/api/photos/${photo.id}/thumbnail`, as: f.w1 });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers["content-type"]).toBe("image/jpeg");
    expect(thumb.headers["x-content-type-options"]).toBe("nosniff");
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 320, 240]);

    // The browser's copy is revalidated by ETag; the permission is checked before the 304.
    const again = await t.request({
      method: "GET",
      url: `/api/photos/${photo.id}`,
      as: f.w1,
      headers: { "if-none-match": String(full.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const foreign = await t.request({
      method: "GET",
      url: `/api/photos/${photo.id}`,
      as: f.w2,
      headers: { "if-none-match": String(full.headers.etag) },
    });
    expect(foreign.statusCode).toBe(403);
  });

  it("a large photo is served whole, in pieces read from the database", async () => {
    const data = await sharp({
      create: { width: 1400, height: 1000, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 60 } },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(data.length).toBeGreaterThan(2 * 512 * 1024);
    const res = await upload(f.manager, jhaPhotos(), { name: "wide.png", data });
    expect(res.statusCode, res.body).toBe(201);
    const full = await t.request({ method: "GET", url: `/api/photos/${(res.json() as PhotoSummary).id}`, as: f.w1 });
    expect(full.headers["content-length"]).toBe(String(data.length));
    expect(full.rawPayload.equals(data)).toBe(true);
  });

  it("a text file named .jpg gets 415 with a message; so do a GIF and a PDF", async () => {
    for (const file of [
      { name: "photo.jpg", data: Buffer.from("just some text, not a photo\n"), type: "image/jpeg" },
      { name: "anim.gif", data: Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64") },
      { name: "plan.jpg", data: Buffer.from("%PDF-1.4\n%%EOF\n", "latin1") },
    ]) {
      const res = await upload(f.w1, incidentPhotos(), file);
      expect(res.statusCode, file.name).toBe(415);
      expect(res.json()).toEqual({ message: PHOTO_TYPE_NOT_ACCEPTED });
    }
  });

  it("bytes that start like a JPEG but are not one get 415 'could not be read'", async () => {
    const data = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 0x41)]);
    const res = await upload(f.w1, incidentPhotos(), { name: "broken.jpg", data });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: PHOTO_UNREADABLE });
  });

  it("a 16-bit 7000 x 7000 PNG under the pixel cap is refused (413) from its header: its decode would hold 294 MB", async () => {
    const data = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: "#336699" } })
      .toColourspace("rgb16")
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(data.length).toBeLessThan(600_000);
    const meta = await sharp(data).metadata();
    expect(decodeCost(meta)).toBe(7000 * 7000 * 3 * 2);
    const before = await t.db
      .selectFrom("photos")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    const res = await upload(f.w1, incidentPhotos(await newIncident()), { name: "huge.png", data });
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toEqual({ message: PHOTO_TOO_COSTLY });
    const after = await t.db
      .selectFrom("photos")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it("the decode cost follows how each format is decoded for the thumbnail", async () => {
    const base = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: "#1971c2" } });
    const cost = async (image: ReturnType<typeof sharp>) => decodeCost(await sharp(await image.toBuffer()).metadata());
    // A baseline JPEG is decoded at an eighth of its size when the thumbnail is that much smaller.
    expect(await cost(base(2560, 1920).jpeg())).toBe(320 * 240 * 3);
    expect(await cost(base(2000, 1500).jpeg())).toBe(2000 * 1500 * 3);
    // A progressive JPEG keeps 2-byte coefficients for every sample until its last scan.
    expect(await cost(base(2000, 1500).jpeg({ progressive: true }))).toBe(2000 * 1500 * 3 * 2);
    // A 48-megapixel phone photo is admitted; the same pixels as a progressive JPEG are not.
    const phone = { format: "jpeg", width: 8000, height: 6000, channels: 3, depth: "uchar" } as const;
    expect(decodeCost({ ...phone, isProgressive: false } as Metadata)).toBeLessThan(PHOTO_DECODE_BUDGET);
    expect(decodeCost({ ...phone, isProgressive: true } as Metadata)).toBeGreaterThan(PHOTO_DECODE_BUDGET);
    expect(await cost(base(1000, 1000).png())).toBe(1000 * 1000 * 3);
  });

  it("over 10 MB gets 413 and stores nothing; exactly 10 MB is not refused for its size", async () => {
    const before = await t.db
      .selectFrom("photos")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    const over = Buffer.concat([await png(), Buffer.alloc(PHOTO_MAX_BYTES)]);
    const res = await upload(f.w1, incidentPhotos(), { name: "huge.png", data: over });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: PHOTO_TOO_LARGE });
    const after = await t.db
      .selectFrom("photos")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);

    // A PNG followed by padding up to exactly 10 MB: accepted; what follows the image's end is
    // not kept (it is no part of the picture, and could carry anything).
    const small = await png();
    const exact = Buffer.concat([small, Buffer.alloc(PHOTO_MAX_BYTES - small.length)]);
    const ok = await upload(f.manager, jhaPhotos(), { name: "exact.png", data: exact });
    expect(ok.statusCode, ok.body).toBe(201);
    expect((ok.json() as PhotoSummary).byteSize).toBe(small.length);
  });

  it("a request without a file part is a 400 with a message", async () => {
    const { payload, headers } = multipartBody({ keepLocation: "true" });
    const res = await t.request({ method: "POST", url: incidentPhotos(), payload, headers, as: f.w1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: PHOTO_NO_FILE });
  });
});

describe("who may see a record's photos", () => {
  let photoId: number;
  let jhaPhotoId: number;
  beforeAll(async () => {
    photoId = (await addIncidentPhoto(f.w1)).id;
    const res = await upload(f.w1, jhaPhotos(), { name: "trench.png", data: await png() });
    expect(res.statusCode, res.body).toBe(201);
    jhaPhotoId = (res.json() as PhotoSummary).id;
  });

  const urls = () => [
    `/api/photos/${photoId}`,
    `/api/photos/${photoId}/thumbnail`,
    incidentPhotos(),
    `/api/photos/${jhaPhotoId}`,
    `/api/photos/${jhaPhotoId}/thumbnail`,
    jhaPhotos(),
  ];

  it("admin, manager, the filer and another worker on the project read the photo, thumbnail and list", async () => {
    for (const as of [f.admin, f.manager, f.w1, w3]) {
      for (const url of urls()) expect((await t.request({ method: "GET", url, as })).statusCode, `${as.role} ${url}`).toBe(200);
    }
    const list = (await t.request({ method: "GET", url: incidentPhotos(), as: w3 })).json() as PhotoSummary[];
    expect(list.map((p) => p.id)).toContain(photoId);
    expect(list.find((p) => p.id === photoId)?.uploadedByName).toBe(`Wanda ${f.w1.username.split("_")[1]}`);
  });

  it("a worker of another project gets 403 on the photo, the thumbnail and the list; signed out 401", async () => {
    for (const url of urls()) {
      const res = await t.request({ method: "GET", url, as: f.w2 });
      expect(res.statusCode, url).toBe(403);
      expect(res.headers["content-type"]).toContain("application/json");
      expect((await t.request({ method: "GET", url, as: null })).statusCode, url).toBe(401);
    }
  });

  it("a missing photo or record is 404 for everyone signed in", async () => {
    for (const url of ["/api/photos/2147483000", "/api/photos/2147483000/thumbnail", incidentPhotos(2147483000), jhaPhotos(2147483000)]) {
      expect((await t.request({ method: "GET", url, as: f.admin })).statusCode, url).toBe(404);
      expect((await t.request({ method: "GET", url, as: f.w2 })).statusCode, url).toBe(404);
    }
  });

  it("only staff and the record's filer add photos: a co-worker and a foreign worker are refused, nothing stored", async () => {
    const data = await png();
    const co = await upload(w3, incidentPhotos(), { name: "x.png", data });
    expect(co.statusCode).toBe(403);
    expect(co.json()).toEqual({ message: NOT_YOUR_RECORD });
    expect((await upload(w3, jhaPhotos(), { name: "x.png", data })).statusCode).toBe(403);
    expect((await upload(f.w2, incidentPhotos(), { name: "x.png", data })).statusCode).toBe(403);
    expect((await upload(f.w2, jhaPhotos(), { name: "x.png", data })).statusCode).toBe(403);
    expect((await upload(null, incidentPhotos(), { name: "x.png", data })).statusCode).toBe(401);
    expect((await upload(f.admin, incidentPhotos(2147483000), { name: "x.png", data })).statusCode).toBe(404);
    const mine = await t.db.selectFrom("photos").select("id").where("uploadedBy", "in", [w3.id, f.w2.id]).execute();
    expect(mine).toEqual([]);
  });
});

describe("deleting photos", () => {
  it("the uploader deletes their photo while the record is theirs; a co-worker and a foreign worker cannot", async () => {
    const incident = await newIncident();
    const photo = await addIncidentPhoto(f.w1, incident);
    const coWorker = await t.request({ method: "DELETE", url: `/api/photos/${photo.id}`, as: w3 });
    expect(coWorker.statusCode).toBe(403);
    expect(coWorker.json()).toEqual({ message: NOT_YOUR_PHOTO });
    expect((await t.request({ method: "DELETE", url: `/api/photos/${photo.id}`, as: f.w2 })).statusCode).toBe(403);
    expect((await t.request({ method: "DELETE", url: `/api/photos/${photo.id}`, as: null })).statusCode).toBe(401);
    expect((await t.request({ method: "DELETE", url: `/api/photos/${photo.id}`, as: f.w1 })).statusCode).toBe(204);
    expect((await t.request({ method: "GET", url: `/api/photos/${photo.id}`, as: f.w1 })).statusCode).toBe(404);
    expect((await t.request({ method: "DELETE", url: `/api/photos/${photo.id}`, as: f.admin })).statusCode).toBe(404);
  });

  it("the filer cannot delete a photo staff added, nor their own once the record is no longer theirs", async () => {
    const incident = await newIncident();
    const byManager = await addIncidentPhoto(f.manager, incident);
    const own = await addIncidentPhoto(f.w1, incident);
    expect((await t.request({ method: "DELETE", url: `/api/photos/${byManager.id}`, as: f.w1 })).statusCode).toBe(403);
    // Staff name another reporter: the report is no longer W1's to edit.
    await t.db.updateTable("incidentReports").set({ reportedBy: w3.workerId }).where("id", "=", incident).execute();
    expect((await t.request({ method: "DELETE", url: `/api/photos/${own.id}`, as: f.w1 })).statusCode).toBe(403);
    expect((await upload(f.w1, incidentPhotos(incident), { name: "x.png", data: await png() })).statusCode).toBe(403);
  });

  it("staff delete any photo, and each deletion is in the record's audit trail", async () => {
    const incident = await newIncident();
    const a = await addIncidentPhoto(f.w1, incident);
    const b = await addIncidentPhoto(f.w1, incident);
    expect((await t.request({ method: "DELETE", url: `/api/photos/${a.id}`, as: f.manager })).statusCode).toBe(204);
    expect((await t.request({ method: "DELETE", url: `/api/photos/${b.id}`, as: f.admin })).statusCode).toBe(204);
    const history = (await t.request({ method: "GET", url: `/api/incident-reports/${incident}/history`, as: f.admin })).json() as {
      action: string;
    }[];
    expect(history.map((h) => h.action).sort()).toEqual(["photo_added", "photo_added", "photo_deleted", "photo_deleted"]);
  });

  it("photos go with their record: a deleted incident or JHA form takes its photos along", async () => {
    const incident = await newIncident();
    const photo = await addIncidentPhoto(f.w1, incident);
    expect((await t.request({ method: "DELETE", url: `/api/incident-reports/${incident}`, as: f.w1 })).statusCode).toBe(204);
    expect((await t.request({ method: "GET", url: `/api/photos/${photo.id}`, as: f.admin })).statusCode).toBe(404);
    expect(await t.db.selectFrom("photos").select("id").where("id", "=", photo.id).execute()).toEqual([]);

    const jha = await t.db
      .insertInto("jhaForms")
      .values({
        projectId: f.projectP,
        title: "Scaffold",
        jobDescription: "Erect",
        hazards: "[]",
        controlMeasures: "[]",
        submittedBy: f.w1.workerId,
      } as never)
      .returning("id")
      .executeTakeFirstOrThrow();
    const res = await upload(f.w1, jhaPhotos(jha.id), { name: "s.png", data: await png() });
    expect(res.statusCode).toBe(201);
    expect((await t.request({ method: "DELETE", url: `/api/jha-forms/${jha.id}`, as: f.admin })).statusCode).toBe(204);
    expect(await t.db.selectFrom("photos").select("id").where("jhaFormId", "=", jha.id).execute()).toEqual([]);
  });
});

describe("at most 10 photos a record", () => {
  it(`${PHOTOS_PER_RECORD + 3} uploads at once: exactly ${PHOTOS_PER_RECORD} stored, the rest 409 with a clear message`, async () => {
    const incident = await newIncident();
    const data = await png();
    const results = await Promise.all(
      Array.from({ length: PHOTOS_PER_RECORD + 3 }, (_, i) => upload(f.w1, incidentPhotos(incident), { name: `p${i}.png`, data })),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(PHOTOS_PER_RECORD);
    expect(statuses.filter((s) => s === 409)).toHaveLength(3);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json()).toEqual({ message: PHOTO_LIMIT_REACHED });
    const list = (await t.request({ method: "GET", url: incidentPhotos(incident), as: f.w1 })).json() as PhotoSummary[];
    expect(list).toHaveLength(PHOTOS_PER_RECORD);
  });
});

describe("EXIF location", () => {
  it("is removed from a JPEG unless the upload asks to keep it", async () => {
    const original = await jpegWithGps();
    expect(exifGpsEntryCount(original)).toBe(4);
    const stripped = await upload(f.w1, incidentPhotos(), { name: "gps.jpg", data: original });
    expect(stripped.statusCode, stripped.body).toBe(201);
    const photo = stripped.json() as PhotoSummary;
    expect(photo.locationKept).toBe(false);
    const served = (await t.request({ method: "GET", url: `/api/photos/${photo.id}`, as: f.w1 })).rawPayload;
    expect(exifGpsEntryCount(served)).toBe(0);
    expect((await sharp(served).metadata()).exif).toBeUndefined();
    expect(served.includes(Buffer.from("SiteCam"))).toBe(false);

    const kept = await upload(f.w1, incidentPhotos(), { name: "gps.jpg", data: original }, { keepLocation: "true" });
    expect(kept.statusCode).toBe(201);
    expect((kept.json() as PhotoSummary).locationKept).toBe(true);
    expect(exifGpsEntryCount(await storedBytes((kept.json() as PhotoSummary).id))).toBe(4);
    // The picture itself is untouched: the image data is the original's, byte for byte.
    const scan = (b: Buffer) => b.subarray(b.indexOf(Buffer.from([0xff, 0xda])));
    expect(scan(served).equals(scan(original))).toBe(true);
    // The thumbnail never carries metadata.
    const thumb = (await t.request({ method: "GET", url: `/api/photos/${(kept.json() as PhotoSummary).id}/thumbnail`, as: f.w1 }))
      .rawPayload;
    expect((await sharp(thumb).metadata()).exif).toBeUndefined();
  });

  it("is removed from PNG and WebP too; a JPEG keeps its orientation and reports its upright size", async () => {
    const gps = { IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" } };
    const base = () => sharp({ create: { width: 90, height: 60, channels: 3, background: "#2f9e44" } });
    for (const [name, data] of [
      ["gps.png", await base().png().withExif(gps).toBuffer()],
      ["gps.webp", await base().webp().withExif(gps).toBuffer()],
    ] as const) {
      // libvips writes a PNG's or WebP's EXIF without the "Exif" mark the counter looks for.
      const exif = (await sharp(data).metadata()).exif as Buffer;
      const marked = exif.subarray(0, 4).toString("latin1") === "Exif" ? exif : Buffer.concat([Buffer.from("Exif\0\0", "latin1"), exif]);
      expect(exifGpsEntryCount(marked), name).toBeGreaterThan(0);
      const res = await upload(f.w1, incidentPhotos(), { name, data });
      expect(res.statusCode, res.body).toBe(201);
      const stored = await storedBytes((res.json() as PhotoSummary).id);
      expect(stored.includes(exif.subarray(-32)), name).toBe(false);
      const meta = await sharp(stored).metadata();
      expect([meta.exif, meta.width, meta.height], name).toEqual([undefined, 90, 60]);
    }
    const rotated = await base().jpeg().withMetadata({ orientation: 6 }).withExifMerge(gps).toBuffer();
    expect(exifGpsEntryCount(rotated)).toBeGreaterThan(0);
    const res = await upload(f.w1, incidentPhotos(), { name: "sideways.jpg", data: rotated });
    const photo = res.json() as PhotoSummary;
    expect([photo.width, photo.height]).toEqual([60, 90]);
    const stored = await storedBytes(photo.id);
    expect(exifGpsEntryCount(stored)).toBe(0);
    expect((await sharp(stored).metadata()).orientation).toBe(6);
  });

  it.each([
    ["with", true],
    ["without", false],
  ])(
    "is removed from a HEIC photo's XMP item and its EXIF item %s the Exif mark; the photo still decodes, without a preview",
    async (_label, exifMark) => {
      const incident = await newIncident();
      const original = await heicWithGps({ exifMark });
      expect(await heicLocation(original)).toEqual({ exifGps: 4, xmpGps: true });
      const res = await upload(f.w1, incidentPhotos(incident), { name: "IMG_0001.HEIC", data: original });
      expect(res.statusCode, res.body).toBe(201);
      const photo = res.json() as PhotoSummary;
      expect(photo).toMatchObject({ contentType: "image/heic", fileName: "IMG_0001.heic", hasThumbnail: false, byteSize: original.length });
      const served = await t.request({ method: "GET", url: `/api/photos/${photo.id}`, as: f.w1 });
      expect(served.headers["content-type"]).toBe("image/heic");
      expect(await heicLocation(served.rawPayload)).toEqual({ exifGps: 0, xmpGps: false });
      expect(served.rawPayload.includes(Buffer.from("SiteCam"))).toBe(false);
      // The picture is intact: it decodes to the same pixels.
      const [before, after] = await Promise.all([original, served.rawPayload].map((b) => sharp(b).raw().toBuffer()));
      expect(after?.equals(before as Buffer)).toBe(true);
      const thumb = await t.request({ method: "GET", url: `/api/photos/${photo.id}/thumbnail`, as: f.w1 });
      expect(thumb.statusCode).toBe(404);
      expect(thumb.json()).toEqual({ message: NO_PREVIEW });

      const kept = await upload(f.w1, incidentPhotos(incident), { name: "IMG_0002.HEIC", data: original }, { keepLocation: "true" });
      expect(kept.statusCode, kept.body).toBe(201);
      expect((await storedBytes((kept.json() as PhotoSummary).id)).equals(original)).toBe(true);
    },
  );

  it("refuses a HEIC whose boxes do not parse (415) rather than store a location it could not find", async () => {
    const ftyp = Buffer.from("00000018667479706865696300000000686569636d696631", "hex");
    const broken = Buffer.concat([ftyp, Buffer.from("0000ffff6d657461", "hex"), Buffer.alloc(64, 7)]);
    const before = await t.db
      .selectFrom("photos")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    const res = await upload(f.w1, incidentPhotos(await newIncident()), { name: "IMG_0003.HEIC", data: broken });
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json()).toEqual({ message: PHOTO_UNREADABLE });
    const after = await t.db
      .selectFrom("photos")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});

describe("storage figures", () => {
  it("admins see the bytes photos take over the installation; others are refused", async () => {
    const res = await t.request({ method: "GET", url: "/api/photos/storage", as: f.admin });
    expect(res.statusCode).toBe(200);
    const storage = res.json() as PhotoStorage;
    const sums = await t.db
      .selectFrom("photos")
      .select((eb) => [eb.fn.countAll<string>().as("n"), eb.fn.sum<string>(eb("byteSize", "+", eb.ref("thumbnailSize"))).as("bytes")])
      .executeTakeFirstOrThrow();
    expect(storage.photoCount).toBe(Number(sums.n));
    expect(storage.totalBytes).toBe(Number(sums.bytes));
    expect(storage.byKind.reduce((n, k) => n + k.totalBytes, 0)).toBe(storage.totalBytes);
    expect(storage.byKind.find((k) => k.kind === "jha")?.photoCount).toBeGreaterThan(0);
    for (const as of [f.manager, f.w1]) expect((await t.request({ method: "GET", url: "/api/photos/storage", as })).statusCode).toBe(403);
  });
});
