import type { PhotoType } from "@sitesafe/domain";

/**
 * Removes the metadata of a JPEG, PNG or WebP photo (EXIF with its GPS location, XMP, IPTC,
 * text chunks) without decoding or re-encoding the picture: the image data is copied as it is,
 * so there is no loss of quality and no large decoded image in memory. A JPEG keeps its
 * orientation in a minimal EXIF block of one tag, or it would show sideways. Bytes that do not
 * parse as the expected container are refused by returning undefined.
 */
export function stripPhotoMetadata(bytes: Uint8Array, type: Exclude<PhotoType, "image/heic">, orientation = 1): Uint8Array | undefined {
  try {
    if (type === "image/jpeg") return stripJpeg(bytes, orientation);
    if (type === "image/png") return stripPng(bytes);
    return stripWebp(bytes);
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * JPEG: the segments before the image data, less APP1 (EXIF, XMP), APP2 "MPF" (which points to
 * more images, each with its own EXIF, appended after the main one), APP13 (IPTC) and comments;
 * then the image data up to its end marker. Whatever follows the end marker is dropped.
 */
function stripJpeg(bytes: Uint8Array, orientation: number): Uint8Array | undefined {
  const data = view(bytes);
  if (data.getUint16(0) !== 0xffd8) return undefined;
  const kept: Uint8Array[] = [bytes.subarray(0, 2)];
  if (orientation > 1 && orientation <= 8) kept.push(orientationSegment(orientation));
  let at = 2;
  for (;;) {
    if (data.getUint8(at) !== 0xff) return undefined;
    const marker = data.getUint8(at + 1);
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    const length = data.getUint16(at + 2);
    const segment = bytes.subarray(at, at + 2 + length);
    if (segment.byteLength !== 2 + length) return undefined;
    const isMpf = marker === 0xe2 && ascii(bytes, at + 4, 4) === "MPF\0";
    if (!(marker === 0xe1 || marker === 0xed || marker === 0xfe || isMpf)) kept.push(segment);
    at += 2 + length;
    if (marker === 0xda) break; // start of scan: the image data follows
  }
  const end = imageEnd(bytes, at);
  if (end === undefined) return undefined;
  kept.push(bytes.subarray(at, end));
  return concat(kept);
}

/** Where the image ends: after the first end-of-image marker (0xFFD9) outside a segment. */
function imageEnd(bytes: Uint8Array, from: number): number | undefined {
  const data = view(bytes);
  let at = from;
  while (at < bytes.byteLength - 1) {
    const next = bytes.indexOf(0xff, at);
    if (next < 0 || next + 1 >= bytes.byteLength) return undefined;
    const marker = bytes[next + 1] as number;
    if (marker === 0xd9) return next + 2;
    // Stuffed 0xFF00, restart markers and fill bytes belong to the image data; other markers
    // between the scans of a progressive JPEG (tables, the next scan's header) are segments.
    if (marker === 0x00 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0xff) {
      at = next + (marker === 0xff ? 1 : 2);
      continue;
    }
    at = next + 2 + data.getUint16(next + 2);
  }
  return undefined;
}

/** APP1 with a big-endian TIFF holding one tag: Orientation (0x0112, SHORT). */
function orientationSegment(orientation: number): Uint8Array {
  const segment = new Uint8Array(36);
  const d = view(segment);
  d.setUint16(0, 0xffe1);
  d.setUint16(2, 34);
  segment.set([0x45, 0x78, 0x69, 0x66, 0, 0], 4); // "Exif\0\0"
  segment.set([0x4d, 0x4d, 0, 42, 0, 0, 0, 8], 10); // "MM", 42, first directory at 8
  d.setUint16(18, 1); // one entry
  d.setUint16(20, 0x0112);
  d.setUint16(22, 3);
  d.setUint32(24, 1);
  d.setUint16(28, orientation);
  d.setUint32(32, 0); // no next directory
  return segment;
}

/** PNG: every chunk but eXIf and the text chunks (tEXt, zTXt, iTXt: XMP lives there). */
function stripPng(bytes: Uint8Array): Uint8Array | undefined {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (!signature.every((b, i) => bytes[i] === b)) return undefined;
  const data = view(bytes);
  const kept: Uint8Array[] = [bytes.subarray(0, 8)];
  let at = 8;
  for (;;) {
    const length = data.getUint32(at);
    const type = ascii(bytes, at + 4, 4);
    const chunk = bytes.subarray(at, at + 12 + length);
    if (chunk.byteLength !== 12 + length) return undefined;
    if (!["eXIf", "tEXt", "zTXt", "iTXt"].includes(type)) kept.push(chunk);
    at += 12 + length;
    if (type === "IEND") break;
  }
  return concat(kept);
}

/** WebP: every chunk but EXIF and XMP, with the extended header's flags for them cleared. */
function stripWebp(bytes: Uint8Array): Uint8Array | undefined {
  if (ascii(bytes, 0, 4) !== "RIFF" || ascii(bytes, 8, 4) !== "WEBP") return undefined;
  const data = view(bytes);
  const riffEnd = Math.min(bytes.byteLength, 8 + data.getUint32(4, true));
  const kept: Uint8Array[] = [];
  let at = 12;
  while (at + 8 <= riffEnd) {
    const type = ascii(bytes, at, 4);
    const size = data.getUint32(at + 4, true);
    const padded = size + (size % 2);
    const chunk = bytes.subarray(at, at + 8 + padded);
    if (chunk.byteLength < 8 + size) return undefined;
    if (type === "VP8X") {
      const copy = Uint8Array.from(chunk);
      copy[8] = (copy[8] as number) & ~0x0c; // EXIF (0x08) and XMP (0x04) flags
      kept.push(copy);
    } else if (type !== "EXIF" && type !== "XMP ") {
      kept.push(chunk);
    }
    at += 8 + padded;
  }
  const body = concat(kept);
  const out = new Uint8Array(12 + body.byteLength);
  out.set(bytes.subarray(0, 12));
  view(out).setUint32(4, 4 + body.byteLength, true);
  out.set(body, 12);
  return out;
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}
