// Draws the app icons (public/icons/*.png) from the SVGs below with the system Chromium, so the
// repository needs no image library: `node apps/web/scripts/make-icons.mjs` after changing them.
// "any" icons are a rounded tile; the maskable one fills its square and keeps the sign inside the
// central 80% circle, the area every launcher's mask keeps.
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const web = join(import.meta.dirname, "..");
// playwright-core is the browser tests' dependency (e2e/package.json).
const { chromium } = createRequire(join(web, "..", "..", "e2e", "package.json"))("playwright-core");

const sign = (scale) => {
  const s = scale;
  const o = (512 - 512 * s) / 2;
  return `<g transform="translate(${o} ${o}) scale(${s})">
    <path d="M256 70 462 430H50z" fill="#f08c00" stroke="#f08c00" stroke-width="28" stroke-linejoin="round"/>
    <path d="M256 190v120M256 365v8" stroke="#1a1b1e" stroke-width="44" stroke-linecap="round"/>
  </g>`;
};
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" rx="112" fill="#1a1b1e"/>${sign(0.86)}</svg>`;
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" fill="#1a1b1e"/>${sign(0.62)}</svg>`;

const out = join(web, "public", "icons");
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
const page = await browser.newPage();
for (const [name, svg, size] of [
  ["icon-192.png", any, 192],
  ["icon-512.png", any, 512],
  ["maskable-512.png", maskable, 512],
  ["apple-touch-icon-180.png", maskable, 180],
]) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<html><body style="margin:0;background:transparent">${svg.replace("<svg ", `<svg width="${size}" height="${size}" `)}</body></html>`,
  );
  await page.screenshot({ path: join(out, name), omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
}
await browser.close();
console.log(`icons written to ${out}`);
