import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ApiSession } from "../lib/api.js";
import { chooseOption, DESKTOP, launchBrowser, newContext, PHONE, screenshot, signIn } from "../lib/browser.js";
import { ADMIN } from "../lib/globalSetup.js";

const baseUrl = inject("baseUrl");
const suffix = randomUUID().slice(0, 6);
const PASSWORD = "Passw0rd!";

/** A camera-sized photo drawn in the page (gradient and noise, so it does not compress to nothing). */
async function generatedPhoto(page: Page, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ width, height }) => {
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext("2d") as CanvasRenderingContext2D;
      const gradient = ctx.createLinearGradient(0, 0, width, height);
      gradient.addColorStop(0, "#e8590c");
      gradient.addColorStop(1, "#1c7ed6");
      ctx.fillStyle = gradient;
      ctx.fillRect(0, 0, width, height);
      const noise = ctx.getImageData(0, 0, width, height);
      for (let i = 0; i < noise.data.length; i += 4) noise.data[i + 1] = (noise.data[i + 1] as number) ^ ((i * 2654435761) >>> 27);
      ctx.putImageData(noise, 0, 0);
      ctx.fillStyle = "#fff";
      ctx.font = `${Math.round(height / 8)}px sans-serif`;
      ctx.fillText("Broken guardrail", width / 10, height / 2);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b as Blob), "image/png"));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = "";
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(binary);
    },
    { width, height },
  );
  return Buffer.from(base64, "base64");
}

describe.skipIf(!baseUrl)("photos on incident reports", () => {
  let browser: Browser;
  let project: { id: number; name: string };
  const worker = { username: `pia_${suffix}`, password: PASSWORD };
  const title = `Guardrail down ${suffix}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await new ApiSession(baseUrl).login(ADMIN.username, ADMIN.password);
    project = await admin.call("POST", "/api/projects", {
      name: `Harbour Deck ${suffix}`,
      location: "Pier 4",
      startDate: "2026-01-05",
      status: "active",
    });
    await admin.call("POST", "/api/workers", {
      firstName: "Pia",
      lastName: "Photo",
      email: `${worker.username}@example.com`,
      phone: "5551234567",
      role: "Carpenter",
      company: "Acme Builders",
      hardhatNumber: `HH-${worker.username}`,
      username: worker.username,
      password: PASSWORD,
      projectIds: [project.id],
    });
  });
  afterAll(() => browser?.close());

  it("on a 390 px phone: attach a photo to a new incident, watch it upload, open it full screen, delete it", async () => {
    const context = await newContext(browser, baseUrl, PHONE);
    const page = await context.newPage();
    await signIn(page, worker.username, worker.password);
    await page.goto("/forms/incident-reports");
    await page.getByRole("button", { name: "Report New Incident" }).click();
    const form = page.getByRole("form", { name: "New incident report" });
    await expect.poll(() => form.locator('[data-path="projectId"]').inputValue()).toBe(project.name);
    await form.locator('[data-path="title"]').fill(title);
    await form.locator('[data-path="location"]').fill("Level 3 east edge");
    await form.locator('[data-path="description"]').fill("Top rail detached over 4 m");
    // The reporter chooses the severity: the form preselects none (docs/field-grade-screens.md).
    await chooseOption(page, "severity", "Moderate");

    // The gallery button (the camera one opens the camera on a phone).
    const photo = await generatedPhoto(page, 3000, 2000);
    await form
      .getByTestId("photo-picker")
      .locator('input[type="file"][multiple]')
      .setInputFiles({ name: "guardrail.png", mimeType: "image/png", buffer: photo });
    await form.getByRole("button", { name: "Remove guardrail.png" }).waitFor();
    await screenshot(page, "photos-form-phone");

    // A weak signal: about 40 KB/s up, so the progress can be watched.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 100,
      downloadThroughput: -1,
      uploadThroughput: 40 * 1024,
    });
    await form.getByRole("button", { name: "Submit Report" }).click();
    await page.getByTestId("upload-indicator").waitFor();
    await screenshot(page, "photos-uploading-phone");

    // A saved report opens on its own page, where its photos upload.
    await page.getByRole("heading", { name: title }).waitFor();
    const strip = page.getByTestId("photo-strip");
    const tile = strip.locator('[data-upload-state="uploading"]');
    await tile.waitFor();
    await expect.poll(async () => Number((await tile.textContent())?.match(/Uploading (\d+)%/)?.[1] ?? -1)).toBeGreaterThan(0);
    const seen = Number((await tile.textContent())?.match(/Uploading (\d+)%/)?.[1]);
    expect(seen).toBeLessThan(100);
    await screenshot(page, "photos-uploading-detail-phone");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    // Done: the server's thumbnail replaces the local preview.
    const thumbnail = strip.getByRole("button", { name: /Open photo guardrail/ });
    await thumbnail.waitFor({ timeout: 60_000 });
    await expect.poll(() => strip.locator("[data-upload-state]").count()).toBe(0);
    await expect.poll(() => thumbnail.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
    await screenshot(page, "photos-detail-phone");

    await thumbnail.click();
    const viewer = page.getByTestId("photo-viewer");
    await viewer.waitFor();
    // The browser shrank it: long edge 2048 px, a JPEG.
    await expect.poll(() => viewer.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2048);
    await expect(viewer.textContent()).resolves.toContain("guardrail.jpg");
    await screenshot(page, "photos-viewer-phone");

    await viewer.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog", { name: "Delete photo" }).getByRole("button", { name: "Delete" }).click();
    await page.getByText("Photo deleted").waitFor();
    await strip.getByText("No photos yet.").waitFor();
    await context.close();
  });

  it("on a desktop, an admin sees the record's photos and the storage figures", async () => {
    const admin = await new ApiSession(baseUrl).login(ADMIN.username, ADMIN.password);
    const report = await admin.call<{ id: number }>("POST", "/api/incident-reports", {
      projectId: project.id,
      title: `Spill ${suffix}`,
      description: "Diesel by the generator",
      severity: "minor",
      status: "open",
      date: "2026-02-03",
      location: "Yard",
      involvedWorkers: [],
    });
    const context = await newContext(browser, baseUrl, DESKTOP, { serviceWorker: true });
    const page = await context.newPage();
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.goto(`/forms/incident-reports/${report.id}`);
    const strip = page.getByTestId("photo-strip");
    await strip.getByText("No photos yet.").waitFor();
    const photos = await Promise.all([generatedPhoto(page, 1200, 900), generatedPhoto(page, 900, 1200)]);
    await strip
      .locator('input[type="file"][multiple]')
      .setInputFiles(photos.map((buffer, i) => ({ name: `spill-${i + 1}.png`, mimeType: "image/png", buffer })));
    await expect.poll(() => strip.getByRole("button", { name: /Open photo spill/ }).count(), { timeout: 30_000 }).toBe(2);
    await expect.poll(() => strip.getByTestId("photo-storage").textContent()).toMatch(/This record: \d+ KB · All photos: .+ in \d+ photos/);
    await screenshot(page, "photos-detail-desktop");
    await strip.getByRole("button", { name: "Open photo spill-1.jpg" }).click();
    await page.getByTestId("photo-viewer").getByText("1 of 2").waitFor();
    await page.keyboard.press("ArrowRight");
    await page.getByTestId("photo-viewer").getByText("2 of 2").waitFor();
    await screenshot(page, "photos-viewer-desktop");
    await page.keyboard.press("Escape");

    // No network: the upload waits and retries; back online, it goes at once.
    await context.setOffline(true);
    await strip
      .locator('input[type="file"][multiple]')
      .setInputFiles({ name: "spill-3.png", mimeType: "image/png", buffer: photos[0] as Buffer });
    await strip
      .locator('[data-upload-state="retrying"]')
      .getByText(/Retrying in \d+s/)
      .waitFor();
    await expect(strip.textContent()).resolves.toContain("You are offline");
    await page.getByTestId("upload-indicator").getByText("1 photo waiting for a connection").waitFor();
    await screenshot(page, "photos-offline-desktop");
    await context.setOffline(false);
    await expect.poll(() => strip.getByRole("button", { name: /Open photo spill/ }).count(), { timeout: 30_000 }).toBe(3);
    await context.close();
  });

  it("a JHA form's photos at 1366 and 390 px", async () => {
    const admin = await new ApiSession(baseUrl).login(ADMIN.username, ADMIN.password);
    const form = await admin.call<{ id: number }>("POST", "/api/jha-forms", {
      projectId: project.id,
      title: `Deck formwork ${suffix}`,
      jobDescription: "Strip the formwork on the east deck",
      hazards: [{ description: "Falling formwork", riskLevel: "high" }],
      controlMeasures: [{ description: "Exclusion zone below", responsibility: "Foreman" }],
    });
    const context = await newContext(browser, baseUrl, DESKTOP);
    const page = await context.newPage();
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.goto(`/forms/jha/${form.id}`);
    const strip = page.getByTestId("photo-strip");
    await strip.getByText("No photos yet.").waitFor();
    await strip
      .locator('input[type="file"][multiple]')
      .setInputFiles({ name: "formwork.png", mimeType: "image/png", buffer: await generatedPhoto(page, 1600, 1200) });
    await strip.getByRole("button", { name: "Open photo formwork.jpg" }).waitFor({ timeout: 30_000 });
    await screenshot(page, "photos-jha-desktop");
    await page.setViewportSize(PHONE);
    await page.reload();
    await strip.getByRole("button", { name: "Open photo formwork.jpg" }).waitFor();
    await screenshot(page, "photos-jha-phone");
    await context.close();
  });
});
