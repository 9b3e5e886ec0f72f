import sharp from "sharp";
sharp.cache(false); sharp.concurrency(1);
const mode = process.argv[2];
const jpeg = await sharp({ create: { width: 3800, height: 2800, channels: 3, noise: { type: "gaussian", mean: 128, sigma: 50 } } }).jpeg({ quality: 95 }).withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" } }).toBuffer();
const rss = () => Math.round(process.memoryUsage().rss / 1048576);
const s0 = rss();
let peak = 0; const t = setInterval(() => peak = Math.max(peak, rss()), 10);
for (let i = 0; i < 6; i++) {
  const img = () => sharp(jpeg, { failOn: "error" });
  if (mode === "meta") await img().metadata();
  if (mode === "reenc") await img().rotate().jpeg({ quality: 90 }).toBuffer();
  if (mode === "reenc-norot") await img().jpeg({ quality: 90 }).toBuffer();
  if (mode === "reenc-moz") await img().rotate().jpeg({ quality: 90, mozjpeg: false, optimiseCoding: false }).toBuffer();
  if (mode === "thumb") await img().rotate().resize(320, 320, { fit: "inside" }).jpeg({ quality: 72 }).toBuffer();
  if (mode === "thumb-seq") await sharp(jpeg, { failOn: "error", sequentialRead: true }).rotate().resize(320, 320, { fit: "inside" }).jpeg({ quality: 72 }).toBuffer();
  if (mode === "thumbnail-autorot") await sharp(jpeg, { failOn: "error", autoOrient: true }).resize(320, 320, { fit: "inside" }).jpeg({ quality: 72 }).toBuffer();
}
clearInterval(t);
console.log(mode, "start", s0, "peak", peak, "end", rss());
