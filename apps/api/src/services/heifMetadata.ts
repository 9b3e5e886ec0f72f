/**
 * Removes the metadata of a HEIC/HEIF photo without decoding it (sharp's bundled libvips cannot
 * decode HEVC, so the picture cannot be re-encoded; docs/decisions/0108-photos.md).
 *
 * A HEIF file (ISO/IEC 23008-12, on the ISO base media file format) keeps its metadata as items of
 * the top-level `meta` box: EXIF as an item of type `Exif` (a 4-byte offset to the TIFF header,
 * then the TIFF structure, with or without an "Exif\0\0" mark before it) and XMP as a `mime` item
 * of content type `application/rdf+xml`. `iinf` names each item's type, `iloc` says where its
 * bytes are: ranges of the file (construction method 0) or of the `meta` box's `idat` (method 1).
 *
 * Every metadata item is overwritten in place, keeping its length so that no offset in the file
 * changes: an EXIF item becomes an empty TIFF structure, an XMP item an empty XMP packet padded
 * with spaces, any other `mime` item zeros. The picture's items are not touched. Found by the
 * container's own index, not by searching for marks, so an EXIF item without its mark is found as
 * well. A file whose boxes do not parse, or whose metadata items cannot be located, yields
 * undefined: it is refused rather than stored with a location left in it.
 */
export function stripHeifMetadata(bytes: Uint8Array): Uint8Array | undefined {
  try {
    const meta = topLevelMeta(bytes);
    if (!meta) return undefined;
    const types = itemTypes(bytes, meta);
    const locations = itemLocations(bytes, meta);
    if (!types || !locations) return undefined;
    for (const [id, item] of types) {
      const blank = blankFor(item);
      if (!blank) continue;
      const ranges = locations.get(id);
      if (!ranges) return undefined;
      writeAcross(bytes, ranges, blank(ranges.reduce((n, r) => n + r.length, 0)));
    }
    return bytes;
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}

interface Box {
  type: string;
  /** Where the box's content starts (after its header). */
  start: number;
  end: number;
}

interface ItemType {
  type: string;
  contentType: string;
}

interface Range {
  offset: number;
  length: number;
}

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The boxes between `from` and `to`; a box that overruns its parent is a RangeError. */
function boxes(bytes: Uint8Array, from: number, to: number): Box[] {
  const data = view(bytes);
  const out: Box[] = [];
  let at = from;
  while (at + 8 <= to) {
    let size = data.getUint32(at);
    const type = ascii(bytes, at + 4, 4);
    let header = 8;
    if (size === 1) {
      size = Number(data.getBigUint64(at + 8));
      header = 16;
    } else if (size === 0) {
      size = to - at;
    }
    if (size < header || at + size > to) throw new RangeError(`box ${type} overruns its container`);
    out.push({ type, start: at + header, end: at + size });
    at += size;
  }
  if (at !== to) throw new RangeError("trailing bytes after the last box");
  return out;
}

/**
 * The file's `meta` box. An image sequence (`moov`) keeps metadata in places this does not clean,
 * so it is not accepted.
 */
function topLevelMeta(bytes: Uint8Array): Box | undefined {
  const top = boxes(bytes, 0, bytes.byteLength);
  if (top[0]?.type !== "ftyp" || top.some((b) => b.type === "moov")) return undefined;
  const metas = top.filter((b) => b.type === "meta");
  if (metas.length !== 1) return undefined;
  const meta = metas[0] as Box;
  // A full box: version and flags first.
  return { ...meta, start: meta.start + 4 };
}

function child(bytes: Uint8Array, parent: Box, type: string): Box | undefined {
  return boxes(bytes, parent.start, parent.end).find((b) => b.type === type);
}

/** Item id to type, from `iinf` (item info entries, versions 0 to 3). */
function itemTypes(bytes: Uint8Array, meta: Box): Map<number, ItemType> | undefined {
  const iinf = child(bytes, meta, "iinf");
  if (!iinf) return new Map();
  const data = view(bytes);
  const version = data.getUint8(iinf.start);
  const entries = boxes(bytes, iinf.start + 4 + (version === 0 ? 2 : 4), iinf.end);
  const items = new Map<number, ItemType>();
  for (const infe of entries) {
    if (infe.type !== "infe") continue;
    const v = data.getUint8(infe.start);
    let at = infe.start + 4;
    let id: number;
    let type = "";
    if (v >= 2) {
      id = v === 2 ? data.getUint16(at) : data.getUint32(at);
      at += (v === 2 ? 2 : 4) + 2; // item id, protection index
      type = ascii(bytes, at, 4);
      at += 4;
      at = afterString(bytes, at, infe.end); // item name
    } else {
      id = data.getUint16(at);
      at = afterString(bytes, at + 4, infe.end); // item id, protection index, name
    }
    // Versions 0 and 1 carry no type, only a content type.
    const contentType = v < 2 || type === "mime" ? ascii(bytes, at, Math.max(0, stringEnd(bytes, at, infe.end) - at)) : "";
    items.set(id, { type, contentType });
  }
  return items;
}

/** Item id to the byte ranges of its data, from `iloc` (versions 0 to 2). */
function itemLocations(bytes: Uint8Array, meta: Box): Map<number, Range[]> | undefined {
  const iloc = child(bytes, meta, "iloc");
  if (!iloc) return new Map();
  const idat = child(bytes, meta, "idat");
  const data = view(bytes);
  const version = data.getUint8(iloc.start);
  if (version > 2) return undefined;
  let at = iloc.start + 4;
  const sizes = data.getUint16(at);
  at += 2;
  const offsetSize = sizes >> 12;
  const lengthSize = (sizes >> 8) & 0xf;
  const baseOffsetSize = (sizes >> 4) & 0xf;
  const indexSize = version >= 1 ? sizes & 0xf : 0;
  const read = (size: number): number => {
    const value = size === 0 ? 0 : size === 4 ? data.getUint32(at) : size === 8 ? Number(data.getBigUint64(at)) : Number.NaN;
    if (Number.isNaN(value)) throw new RangeError(`unsupported field size ${size}`);
    at += size;
    return value;
  };
  const count = version < 2 ? data.getUint16(at) : data.getUint32(at);
  at += version < 2 ? 2 : 4;
  const locations = new Map<number, Range[]>();
  for (let k = 0; k < count; k++) {
    const id = version < 2 ? data.getUint16(at) : data.getUint32(at);
    at += version < 2 ? 2 : 4;
    let method = 0;
    if (version >= 1) {
      method = data.getUint16(at) & 0xf;
      at += 2;
    }
    const reference = data.getUint16(at);
    at += 2;
    const base = read(baseOffsetSize);
    const extents = data.getUint16(at);
    at += 2;
    // Data in another file (a data reference) or built from other items cannot be cleaned here.
    const source = method === 0 && reference === 0 ? { start: 0, end: bytes.byteLength } : method === 1 && idat ? idat : undefined;
    const ranges: Range[] = [];
    for (let e = 0; e < extents; e++) {
      if (indexSize > 0) read(indexSize);
      const offset = (source?.start ?? 0) + base + read(offsetSize);
      let length = read(lengthSize);
      if (!source) continue;
      if (length === 0) length = source.end - offset; // the rest of the source
      if (offset < source.start || offset + length > source.end) throw new RangeError("an item's data lies outside the file");
      ranges.push({ offset, length });
    }
    if (source) locations.set(id, ranges);
  }
  if (at > iloc.end) throw new RangeError("iloc overruns its box");
  return locations;
}

/** What an item becomes, given its length; undefined for the picture's own items, which are kept. */
function blankFor(item: ItemType): ((length: number) => Uint8Array) | undefined {
  if (item.type === "Exif") return emptyExif;
  if (/rdf\+xml|xmp/i.test(item.contentType)) return emptyXmp;
  return item.type === "mime" ? (length) => new Uint8Array(length) : undefined;
}

/** A 4-byte offset of 0, then a big-endian TIFF header whose one directory has no entries. */
const EMPTY_EXIF = [0, 0, 0, 0, 0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0];
function emptyExif(length: number): Uint8Array {
  const out = new Uint8Array(length);
  if (length >= EMPTY_EXIF.length) out.set(EMPTY_EXIF);
  return out;
}

const EMPTY_XMP = new TextEncoder().encode(
  '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"/><?xpacket end="w"?>',
);
/** An XMP packet with nothing in it; the padding (spaces) goes before the closing processing instruction's end, as XMP allows. */
function emptyXmp(length: number): Uint8Array {
  const out = new Uint8Array(length).fill(0x20);
  if (length >= EMPTY_XMP.length) {
    const close = EMPTY_XMP.length - '<?xpacket end="w"?>'.length;
    out.set(EMPTY_XMP.subarray(0, close));
    out.set(EMPTY_XMP.subarray(close), length - (EMPTY_XMP.length - close));
  }
  return out;
}

/** Writes `payload` over the ranges in order, as one run of bytes. */
function writeAcross(bytes: Uint8Array, ranges: readonly Range[], payload: Uint8Array): void {
  let from = 0;
  for (const range of ranges) {
    bytes.set(payload.subarray(from, from + range.length), range.offset);
    from += range.length;
  }
}

function stringEnd(bytes: Uint8Array, at: number, end: number): number {
  const nul = bytes.subarray(0, end).indexOf(0, at);
  return nul < 0 ? end : nul;
}

function afterString(bytes: Uint8Array, at: number, end: number): number {
  return Math.min(end, stringEnd(bytes, at, end) + 1);
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}
