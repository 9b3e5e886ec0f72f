/**
 * Reads the GPS directory of the EXIF structures in a file ("Exif\0\0" followed by a TIFF header,
 * whose first directory may point to a GPS directory, tag 0x8825), without decoding the image: how
 * tests and checks tell whether a photo still carries a location. Removing metadata is
 * photoMetadata.ts's (JPEG, PNG, WebP) and heifMetadata.ts's (HEIC) work.
 */

/** How many GPS entries the EXIF structures of a file hold (0 when none): for tests and checks. */
export function exifGpsEntryCount(bytes: Uint8Array): number {
  let total = 0;
  for (let at = indexOfExif(bytes, 0); at >= 0; at = indexOfExif(bytes, at + 6)) {
    try {
      const tiff = tiffView(bytes, at + 6);
      const gps = tiff && gpsDirectory(tiff);
      if (tiff && gps !== undefined) total += tiff.u16(gps);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
    }
  }
  return total;
}

const EXIF_MARK = [0x45, 0x78, 0x69, 0x66, 0, 0];
const GPS_POINTER_TAG = 0x8825;

function indexOfExif(bytes: Uint8Array, from: number): number {
  outer: for (let i = bytes.indexOf(0x45, from); i >= 0 && i + EXIF_MARK.length <= bytes.length; i = bytes.indexOf(0x45, i + 1)) {
    for (let k = 1; k < EXIF_MARK.length; k++) if (bytes[i + k] !== EXIF_MARK[k]) continue outer;
    return i;
  }
  return -1;
}

interface TiffView {
  view: DataView;
  u16(offset: number): number;
  u32(offset: number): number;
}

function tiffView(bytes: Uint8Array, start: number): TiffView | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset + start, bytes.byteLength - start);
  const order = view.getUint16(0);
  const little = order === 0x4949;
  if (!little && order !== 0x4d4d) return undefined;
  if (view.getUint16(2, little) !== 42) return undefined;
  return { view, u16: (o) => view.getUint16(o, little), u32: (o) => view.getUint32(o, little) };
}

function gpsDirectory(tiff: TiffView): number | undefined {
  const ifd0 = tiff.u32(4);
  const count = tiff.u16(ifd0);
  for (let k = 0; k < count; k++) {
    const entry = ifd0 + 2 + 12 * k;
    if (tiff.u16(entry) === GPS_POINTER_TAG) return tiff.u32(entry + 8);
  }
  return undefined;
}
