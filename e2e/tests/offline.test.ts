import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ApiSession } from "../lib/api.js";
import { chooseOption, launchBrowser, newContext, PHONE, screenshot, signIn } from "../lib/browser.js";
import { ADMIN } from "../lib/globalSetup.js";
import { savedCache, waitForSaved } from "../lib/savedCache.js";

// Offline (docs/decisions/0111-offline-outbox-and-idempotency.md): on a phone with no signal a worker files a JHA and an incident; they wait in the
// Outbox (also across closing the page), go out once each when the signal returns, a permit opened
// before stays readable, a refused item stays with the server's reason, and logging out deletes
// the data kept on the phone.

const baseUrl = inject("baseUrl");
const suffix = randomUUID().slice(0, 6);
const PASSWORD = "Passw0rd!";

/** The service worker has precached the app and controls the page. */
async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/** Files a JHA through the form on /forms/jha; with no signal it lands in the Outbox. */
async function fileJha(page: Page, projectName: string, title: string) {
  await page.getByRole("button", { name: "New JHA" }).click();
  const jha = page.getByRole("form", { name: "New JHA form" });
  await expect.poll(() => jha.locator('[data-path="projectId"]').inputValue()).toBe(projectName);
  await jha.locator('[data-path="title"]').fill(title);
  await jha.locator('[data-path="jobDescription"]').fill("Dig along the basement wall for the drain");
  await jha.locator('[data-path="hazards.0.description"]').fill("Wall collapse");
  // No risk level is preselected (issue #37): the person filing chooses it.
  await jha.getByRole("radio", { name: "High" }).click();
  await jha.locator('[data-path="controlMeasures.0.description"]').fill("Shoring");
  await jha.locator('[data-path="controlMeasures.0.responsibility"]').fill("Foreman");
  await jha.getByRole("button", { name: "Submit JHA" }).click();
  await page.waitForURL((u) => u.pathname === "/outbox");
}

/** A small photo as a JPEG file, drawn in the page (gradient and noise, so it is not tiny). */
async function generatedJpeg(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 1600;
    canvas.height = 1200;
    const ctx = canvas.getContext("2d") as CanvasRenderingContext2D;
    const gradient = ctx.createLinearGradient(0, 0, 1600, 1200);
    gradient.addColorStop(0, "#e8590c");
    gradient.addColorStop(1, "#1c7ed6");
    ctx.fillStyle = gradient;
    ctx.fillRect(0, 0, 1600, 1200);
    const noise = ctx.getImageData(0, 0, 1600, 1200);
    for (let i = 0; i < noise.data.length; i += 4) noise.data[i + 1] = (noise.data[i + 1] as number) ^ ((i * 2654435761) >>> 27);
    ctx.putImageData(noise, 0, 0);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b as Blob), "image/jpeg", 0.9));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = "";
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  });
  return Buffer.from(base64, "base64");
}

async function outboxItems(page: Page) {
  await page.goto("/outbox");
  await page.getByRole("heading", { name: "Outbox" }).waitFor();
  return page.getByTestId("outbox-item");
}

describe.skipIf(!baseUrl)("offline at the site", () => {
  let browser: Browser;
  let context: BrowserContext;
  let admin: ApiSession;
  let project: { id: number; name: string };
  let worker: { username: string; workerId: number };
  let permit: { id: number; title: string };
  const jhaTitle = `Offline trench ${suffix}`;
  const incidentTitle = `Offline ladder ${suffix}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await new ApiSession(baseUrl).login(ADMIN.username, ADMIN.password);
    project = await admin.call("POST", "/api/projects", {
      name: `Basement Works ${suffix}`,
      location: "Springfield",
      startDate: "2026-01-05",
      status: "active",
    });
    const username = `ollie_${suffix}`;
    const created = await admin.call<{ id: number }>("POST", "/api/workers", {
      firstName: "Ollie",
      lastName: "Offline",
      email: `${username}@example.com`,
      phone: "5551234567",
      role: "Welder",
      company: "Acme Builders",
      username,
      password: PASSWORD,
      projectIds: [project.id],
    });
    worker = { username, workerId: created.id };
    const workerApi = await new ApiSession(baseUrl).login(username, PASSWORD);
    permit = await workerApi.call("POST", "/api/hot-work-permits", {
      projectId: project.id,
      title: `Cut rebar ${suffix}`,
      location: "Basement level 2",
      workDescription: "Cutting rebar ends with a grinder",
      startDate: "2026-03-02T08:00:00.000Z",
      endDate: "2026-03-02T16:00:00.000Z",
      precautions: ["Fire extinguishers are available and in working order at the work area"],
      equipmentUsed: ["Grinders"],
      fireWatchRequired: false,
      requestedBy: worker.workerId,
    });
    context = await newContext(browser, baseUrl, PHONE, { serviceWorker: true });
  });
  afterAll(async () => {
    await context?.setOffline(false);
    await browser?.close();
  });

  it("files a JHA and an incident offline, keeps them across closing the page, and sends each once when back online", async () => {
    const page = await context.newPage();
    await signIn(page, worker.username, PASSWORD);
    await waitForServiceWorker(page);
    // What the worker opens online stays readable offline: the permit, and both forms' options.
    await page.goto(`/forms/hot-work-permits/${permit.id}`);
    await page.getByRole("heading", { name: permit.title }).waitFor();
    await waitForSaved(page, "permits.byId");
    await page.goto("/forms/jha");
    await page.getByRole("button", { name: "New JHA" }).click();
    await expect
      .poll(() => page.getByRole("form", { name: "New JHA form" }).locator('[data-path="projectId"]').inputValue())
      .toBe(project.name);
    await waitForSaved(page, "jha.formOptions");
    await page.goto("/forms/incident-reports");
    await page.getByRole("button", { name: "Report New Incident" }).click();
    await expect
      .poll(() => page.getByRole("form", { name: "New incident report" }).locator('[data-path="projectId"]').inputValue())
      .toBe(project.name);
    await waitForSaved(page, "incidents.formOptions");

    await context.setOffline(true);
    await page.goto("/forms/jha");
    await page.getByTestId("offline-banner").waitFor();
    await fileJha(page, project.name, jhaTitle);
    await page.getByTestId("outbox-item").filter({ hasText: jhaTitle }).waitFor();

    await page.goto("/forms/incident-reports");
    await page.getByRole("button", { name: "Report New Incident" }).click();
    const incident = page.getByRole("form", { name: "New incident report" });
    await expect.poll(() => incident.locator('[data-path="projectId"]').inputValue()).toBe(project.name);
    await incident.locator('[data-path="title"]').fill(incidentTitle);
    await incident.locator('[data-path="description"]').fill("A ladder slid on the wet basement floor");
    await chooseOption(page, "severity", "Minor");
    await incident.getByRole("button", { name: "Submit Report" }).click();
    await page.waitForURL((u) => u.pathname === "/outbox");
    await page.getByTestId("outbox-item").filter({ hasText: incidentTitle }).waitFor();
    await page.close();

    // Reopened with no signal: the app, the saved data and both waiting reports are there.
    const reopened = await context.newPage();
    const items = await outboxItems(reopened);
    await expect.poll(() => items.count()).toBe(2);
    await expect(items.filter({ hasText: jhaTitle }).getAttribute("data-status")).resolves.toBe("pending");
    await expect(items.filter({ hasText: incidentTitle }).getAttribute("data-status")).resolves.toBe("pending");
    await reopened.getByTestId("offline-banner").waitFor();
    await expect(reopened.getByTestId("offline-banner").textContent()).resolves.toContain("2 reports wait in the Outbox");
    await screenshot(reopened, "offline-outbox-phone");
    await reopened.goto(`/forms/hot-work-permits/${permit.id}`);
    await reopened.getByRole("heading", { name: permit.title }).waitFor();
    await expect(reopened.getByTestId("offline-banner").textContent()).resolves.toMatch(
      /You are offline\. What you see was saved on this device at/,
    );
    await screenshot(reopened, "offline-permit-phone");

    await reopened.goto("/outbox");
    await context.setOffline(false);
    await expect
      .poll(() => reopened.getByTestId("outbox-item").evaluateAll((els) => els.map((e) => e.getAttribute("data-status"))), {
        timeout: 30_000,
      })
      .toEqual(["sent", "sent"]);
    await screenshot(reopened, "offline-outbox-sent-phone");
    // Created once each, though the app tried before and after the page was closed.
    const forms = await admin.call<{ title: string }[]>("GET", `/api/jha-forms?search=${encodeURIComponent(jhaTitle)}`);
    const reports = await admin.call<{ title: string }[]>("GET", `/api/incident-reports?search=${encodeURIComponent(incidentTitle)}`);
    expect(forms.map((f) => f.title)).toEqual([jhaTitle]);
    expect(reports.map((r) => r.title)).toEqual([incidentTitle]);
    await reopened.close();
  });

  it("a photo attached to an incident filed offline waits in the Outbox for it, across closing the page, then goes to the new report once", async () => {
    const title = `Offline scaffold ${suffix}`;
    const page = await context.newPage();
    await page.goto("/forms/incident-reports");
    await page.getByRole("button", { name: "Report New Incident" }).waitFor();
    await waitForSaved(page, "incidents.formOptions");
    const jpeg = await generatedJpeg(page);

    await context.setOffline(true);
    await page.getByRole("button", { name: "Report New Incident" }).click();
    const incident = page.getByRole("form", { name: "New incident report" });
    await expect.poll(() => incident.locator('[data-path="projectId"]').inputValue()).toBe(project.name);
    await incident.locator('[data-path="title"]').fill(title);
    await incident.locator('[data-path="description"]').fill("A scaffold board cracked under a worker");
    await chooseOption(page, "severity", "Moderate");
    await incident
      .getByTestId("photo-picker")
      .locator('input[type="file"][multiple]')
      .setInputFiles({ name: "scaffold.jpg", mimeType: "image/jpeg", buffer: jpeg });
    await incident.getByRole("button", { name: "Remove scaffold.jpg" }).waitFor();
    await incident.getByRole("button", { name: "Submit Report" }).click();
    await page.waitForURL((u) => u.pathname === "/outbox");
    await page
      .getByTestId("outbox-item")
      .filter({ hasText: title, hasNot: page.getByTestId("outbox-photo") })
      .waitFor();
    await page.getByTestId("outbox-item").filter({ hasText: "scaffold.jpg" }).waitFor();
    await page.close();

    // Reopened with no signal: the report and its photo (a preview from the bytes kept on the phone).
    const reopened = await context.newPage();
    const items = await outboxItems(reopened);
    const report = items.filter({ hasText: title, hasNot: reopened.getByTestId("outbox-photo") });
    const photo = items.filter({ hasText: "scaffold.jpg" });
    await expect.poll(() => report.getAttribute("data-status")).toBe("pending");
    await expect.poll(() => photo.getAttribute("data-status")).toBe("pending");
    await expect(photo.textContent()).resolves.toContain(`For: Incident report: ${title}`);
    await expect.poll(() => photo.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1600);
    await screenshot(reopened, "offline-outbox-photo-phone");

    await context.setOffline(false);
    await expect.poll(() => report.getAttribute("data-status"), { timeout: 30_000 }).toBe("sent");
    await expect.poll(() => photo.getAttribute("data-status"), { timeout: 30_000 }).toBe("sent");
    // On the server: the report once, with exactly this one photo.
    const reports = await admin.call<{ id: number; title: string }[]>("GET", `/api/incident-reports?search=${encodeURIComponent(title)}`);
    expect(reports.map((r) => r.title)).toEqual([title]);
    const photos = await admin.call<{ fileName: string }[]>("GET", `/api/incident-reports/${reports[0]?.id}/photos`);
    expect(photos.map((p) => p.fileName)).toEqual(["scaffold.jpg"]);
    // The report's page shows it from the server.
    await photo.getByRole("link", { name: "Open" }).click();
    await reopened.getByTestId("photo-strip").getByRole("button", { name: "Open photo scaffold.jpg" }).waitFor();
    await screenshot(reopened, "offline-photo-sent-phone");
    await reopened.close();
  });

  it("a report left 'sending' by a page closed mid-send waits again, and goes once the connection returns", async () => {
    const title = `Interrupted ${suffix}`;
    const page = await context.newPage();
    await page.goto("/forms/jha");
    await page.getByRole("button", { name: "New JHA" }).waitFor();
    await waitForSaved(page, "jha.formOptions");
    await context.setOffline(true);
    await fileJha(page, project.name, title);
    await page.getByTestId("outbox-item").filter({ hasText: title }).waitFor();
    // What a page closed while it sent leaves behind: the item marked "sending" in IndexedDB.
    await page.evaluate(
      (wanted) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open("sitesafe-outbox");
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const items = open.result.transaction("items", "readwrite").objectStore("items");
            const all = items.getAll();
            all.onsuccess = () => {
              const keys = items.getAllKeys();
              keys.onsuccess = () => {
                const at = (all.result as { input?: { title?: string } }[]).findIndex((i) => i.input?.title === wanted);
                if (at < 0) return reject(new Error("item not found"));
                const put = items.put({ ...all.result[at], status: "sending" }, keys.result[at]);
                put.onsuccess = () => resolve();
                put.onerror = () => reject(put.error);
              };
            };
          };
        }),
      title,
    );
    await page.close();

    const reopened = await context.newPage();
    const item = (await outboxItems(reopened)).filter({ hasText: title });
    await expect.poll(() => item.getAttribute("data-status")).toBe("pending");
    await context.setOffline(false);
    await expect.poll(() => item.getAttribute("data-status"), { timeout: 30_000 }).toBe("sent");
    const forms = await admin.call<{ title: string }[]>("GET", `/api/jha-forms?search=${encodeURIComponent(title)}`);
    expect(forms.map((f) => f.title)).toEqual([title]);
    await reopened.close();
  });

  it("a queued report the server refuses stays in the Outbox with the reason until discarded", async () => {
    const page = await context.newPage();
    await page.goto("/forms/jha");
    await page.getByRole("button", { name: "New JHA" }).waitFor();
    await waitForSaved(page, "jha.formOptions");
    await context.setOffline(true);
    await fileJha(page, project.name, `Refused ${suffix}`);
    // Meanwhile the worker is taken off the project.
    await admin.call("DELETE", `/api/projects/${project.id}/workers/${worker.workerId}`, {});
    await context.setOffline(false);
    const refused = page.getByTestId("outbox-item").filter({ hasText: `Refused ${suffix}` });
    await expect.poll(() => refused.getAttribute("data-status"), { timeout: 30_000 }).toBe("failed");
    await expect(refused.textContent()).resolves.toContain("The server refused it");
    await screenshot(page, "offline-outbox-refused-phone");
    await page.reload();
    await expect.poll(() => refused.getAttribute("data-status")).toBe("failed");
    // The options saved before the worker was taken off the project still list it: the dialog asks
    // the server again and says so until the answer is in, never judging the item by the saved ones.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route(
      /\/trpc\/[^?]*jha\.formOptions/,
      async (route) => {
        await held;
        await route.continue();
      },
      { times: 1 },
    );
    // "Edit and retry" shows every field: text editable, the lists read-only with a note.
    await refused.getByRole("button", { name: "Edit and retry" }).click();
    const edit = page.getByRole("dialog");
    await expect.poll(() => edit.getByLabel("Project", { exact: true }).inputValue()).toBe("Checking what is open to you…");
    await expect(edit.getByRole("button", { name: "Save and retry" }).isDisabled()).resolves.toBe(true);
    answer();
    await expect.poll(() => edit.getByLabel("Title").inputValue()).toBe(`Refused ${suffix}`);
    await expect(edit.getByLabel("Hazards").inputValue()).resolves.toContain("Wall collapse");
    await expect(edit.getByLabel("Hazards").isEditable()).resolves.toBe(false);
    // Named as the JHA form names them (the product's words), not spelt out from code keys.
    await expect(edit.getByLabel("Job Description", { exact: true }).inputValue()).resolves.toContain("basement wall");
    // The project is picked by name; the one the worker left is kept, and said to be gone.
    await expect.poll(() => edit.getByLabel("Project", { exact: true }).inputValue()).toContain("no longer open to you");
    // A worker files as themselves: the submitter is locked, as on the JHA form, never "no longer open".
    await expect(edit.getByLabel("Submitted By", { exact: true }).inputValue()).resolves.toBe("You");
    await expect(edit.getByLabel("Submitted By", { exact: true }).isEditable()).resolves.toBe(false);
    await expect(edit.getByTestId("outbox-read-only-note").textContent()).resolves.toContain(
      "discard this item and fill in the form again",
    );
    await screenshot(page, "offline-outbox-edit-phone");
    await edit.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => edit.count()).toBe(0);
    await refused.getByRole("button", { name: "Discard" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Discard" }).click();
    await expect.poll(() => refused.count()).toBe(0);
    await context.setOffline(false);
    await page.close();
  });

  it("logging out deletes the data kept on the phone", async () => {
    await context.setOffline(false);
    const page = await context.newPage();
    await page.goto("/");
    await page.getByText("Welcome back").waitFor();
    await expect.poll(() => savedCache(page).then((c) => c !== null), { timeout: 5000 }).toBe(true);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("sitesafe.savedCache"))).toBe("1");
    // Log out right after an answer arrives, while its save (every 300 ms, and when the page
    // hides on the way to /auth) is still due: that save must not write this user's data back.
    const answered = page.waitForResponse((r) => r.url().includes("/trpc/"));
    await page.goto("/forms/jha");
    await answered;
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.waitForURL((u) => u.pathname === "/auth");
    expect(await savedCache(page)).toBeNull();
    // Nor does the next start read a cache early (main.tsx, features/offline/savedCache.ts).
    expect(await page.evaluate(() => localStorage.getItem("sitesafe.savedCache"))).toBeNull();
    // Offline now, the app has nothing to show but the sign-in page.
    await context.setOffline(true);
    await page.goto("/");
    await page.waitForURL((u) => u.pathname === "/auth");
    await context.setOffline(false);
    await page.close();
  });
});
