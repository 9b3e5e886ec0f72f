import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ApiSession, registerCrew } from "../lib/api.js";
import { chooseOption, DESKTOP, launchBrowser, newContext, PHONE, screenshot, signIn } from "../lib/browser.js";
import { ADMIN } from "../lib/globalSetup.js";

// Credentials that expire (issue #36) on a 390 px phone: a worker photographs a card (the file
// input of the photo strip) and submits it; the manager verifies it; a permit naming a fire watch
// without a valid credential warns on the form and lists it among the gaps at approval.

const baseUrl = inject("baseUrl");
const suffix = Date.now().toString(36).slice(-5);
const PASSWORD = "Passw0rd!";
const WORKER = { username: `wes_${suffix}`, firstName: "Wes", lastName: "Welder" };
const MANAGER = { username: `mia_${suffix}`, firstName: "Mia", lastName: "Manager" };
const FIRE_WATCH = { username: `fay_${suffix}`, firstName: "Fay", lastName: "Watcher" };
const PROJECT = `Dock Nine ${suffix}`;

/** A card-sized PNG drawn in the page (the camera's picture). */
async function cardPhoto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = 856;
    canvas.height = 540;
    const ctx = canvas.getContext("2d") as CanvasRenderingContext2D;
    ctx.fillStyle = "#1c7ed6";
    ctx.fillRect(0, 0, 856, 540);
    ctx.fillStyle = "#fff";
    ctx.fillRect(40, 40, 300, 200);
    ctx.font = "48px sans-serif";
    ctx.fillText("FIRE WATCH", 380, 300);
    return canvas.toDataURL("image/png").split(",")[1] as string;
  });
  return Buffer.from(base64, "base64");
}

describe.skipIf(!baseUrl)("credentials on a phone", () => {
  let browser: Browser;
  let workerId = 0;
  let projectId = 0;
  let workerApi: ApiSession;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ workerId, projectId, workerApi } = await registerCrew(baseUrl, ADMIN, {
      password: PASSWORD,
      manager: MANAGER,
      worker: WORKER,
      hardhatNumber: `HH-${suffix}`,
      project: { name: PROJECT, location: "Harbor" },
    }));
    const admin = await new ApiSession(baseUrl).login(ADMIN.username, ADMIN.password);
    await admin.call("POST", "/api/workers", {
      ...FIRE_WATCH,
      email: `${FIRE_WATCH.username}@example.com`,
      phone: "5551234567",
      role: "Laborer",
      company: "Acme Builders",
      password: PASSWORD,
      projectIds: [projectId],
    });
  });
  afterAll(() => browser?.close());

  it("a worker photographs a card and submits it; the manager verifies it", async () => {
    const worker = await (await newContext(browser, baseUrl, PHONE)).newPage();
    await signIn(worker, WORKER.username, PASSWORD);
    await worker.goto("/profile");
    const card = worker.getByTestId("credentials");
    await card.getByText("No credentials yet.").waitFor();
    await card.getByTestId("add-credential").click();
    await chooseOption(worker, "credentialTypeId", "Hot work");
    await worker.locator('[data-path="number"]').fill("HW-2291");
    await worker.locator('[data-path="issuer"]').fill("Harbor Safety Council");
    await worker.locator('[data-path="expiryDate"]').fill("2030-06-30");
    await worker.getByTestId("save-credential").click();

    // The card's photos: the photo strip's file input (the phone's camera), front then back.
    const dialog = worker.getByRole("dialog");
    const strip = dialog.getByTestId("photo-strip");
    await strip.getByText("No photos yet.").waitFor();
    const photo = await cardPhoto(worker);
    await strip.locator('input[type="file"][multiple]').setInputFiles([
      { name: "front.png", mimeType: "image/png", buffer: photo },
      { name: "back.png", mimeType: "image/png", buffer: photo },
    ]);
    await expect.poll(() => strip.getByRole("button", { name: /Open photo/ }).count(), { timeout: 30_000 }).toBe(2);
    await screenshot(worker, "credentials-card-photos-phone");
    await dialog.getByTestId("credential-photos-done").click();
    const row = card.getByTestId("credential").filter({ hasText: "HW-2291" });
    await expect.poll(() => row.getByTestId("credential-state").textContent()).toBe("Awaiting verification");
    await expect.poll(() => row.textContent()).toContain("(2)");
    // A worker does not verify: the button is not there.
    expect(await row.getByRole("button", { name: "Verify" }).count()).toBe(0);
    await screenshot(worker, "credentials-submitted-phone");

    const manager = await (await newContext(browser, baseUrl, PHONE)).newPage();
    await signIn(manager, MANAGER.username, PASSWORD);
    await manager.goto(`/workers/${workerId}`);
    const managerRow = manager.getByTestId("credential").filter({ hasText: "HW-2291" });
    await managerRow.getByRole("button", { name: "Verify" }).click();
    await expect.poll(() => managerRow.getByTestId("credential-state").textContent()).toBe("Verified");
    await expect.poll(() => managerRow.textContent()).toContain("Verified by Mia Manager");
    await screenshot(manager, "credentials-verified-phone");

    // The same page on a desktop, and the worker's profile in Spanish.
    const desk = await (await newContext(browser, baseUrl, DESKTOP)).newPage();
    await signIn(desk, MANAGER.username, PASSWORD);
    await desk.goto(`/workers/${workerId}`);
    await desk.getByTestId("credential").filter({ hasText: "HW-2291" }).waitFor();
    await screenshot(desk, "credentials-verified-desktop");
    await workerApi.call("PUT", "/api/user/language", { language: "es" });
    await worker.goto("/profile");
    await worker.getByText("Certificaciones", { exact: true }).waitFor();
    await expect.poll(() => worker.getByTestId("credential-state").first().textContent()).toBe("Verificada");
    await screenshot(worker, "credentials-profile-es-phone");
    await workerApi.call("PUT", "/api/user/language", { language: "en" });
  });

  it("a permit naming a fire watch without a valid credential warns at request and shows the gap at approval", async () => {
    const worker = await (await newContext(browser, baseUrl, PHONE)).newPage();
    await signIn(worker, WORKER.username, PASSWORD);
    await worker.goto("/forms/hot-work-permits");
    await worker.getByRole("button", { name: "Request Permit" }).first().click();
    await worker.getByText("Safety notice").waitFor();
    await chooseOption(worker, "projectId", PROJECT);
    await worker.locator('[data-path="title"]').fill("Weld ladder brackets");
    await worker.locator('[data-path="location"]').fill("Pier 2");
    await worker.locator('[data-path="workDescription"]').fill("Welding new ladder brackets to the pier steel.");
    await worker.getByRole("checkbox", { name: "Welding equipment" }).click();
    await worker.getByRole("checkbox", { name: /Fire extinguishers are available/ }).click();
    await chooseOption(worker, "fireWatchWorkerId", "Fay Watcher");
    const warning = worker.getByTestId("fire-watch-credential-warning");
    await warning.waitFor();
    expect(await warning.textContent()).toContain("Fay Watcher has no valid fire-watch credential.");
    await screenshot(worker, "credentials-permit-warning-phone");
    await worker.getByRole("button", { name: "Submit Permit Request" }).click();
    await worker.getByText("Hot work permit submitted successfully").waitFor();
    await worker.waitForURL((url) => /^\/forms\/hot-work-permits\/\d+$/.test(url.pathname));
    const permitPath = new URL(worker.url()).pathname;
    const permit = await workerApi.call<{ fireWatchBy: string; fireWatchWorkerId: number; fireWatchCredentialValid: boolean }>(
      "GET",
      `/api/hot-work-permits/${permitPath.split("/").pop()}`,
    );
    expect(permit).toMatchObject({ fireWatchBy: "Fay Watcher", fireWatchCredentialValid: false });

    const manager = await (await newContext(browser, baseUrl, PHONE)).newPage();
    await signIn(manager, MANAGER.username, PASSWORD);
    await manager.goto(permitPath);
    await manager.getByTestId("fire-watch-credential-gap").waitFor();
    await manager.getByRole("button", { name: "Approve" }).click();
    // The confirmation lists the gaps the approver accepts, this one among them.
    await manager.getByRole("dialog").getByText("Fire watch has no valid fire-watch credential").waitFor();
    await screenshot(manager, "credentials-permit-gap-phone");
  });

  it("a manager requires a credential on the project, imports a CSV with a bad row and sees the project's credentials", async () => {
    const manager = await (await newContext(browser, baseUrl, PHONE)).newPage();
    await signIn(manager, MANAGER.username, PASSWORD);
    await manager.goto("/admin/credentials");

    // The project requires confined space entry (not blocking).
    const requirements = manager.getByTestId("credential-requirements");
    await requirements.getByTestId("requirement-scope").getByText("Project", { exact: true }).click();
    await chooseOption(manager, "projectId", PROJECT);
    await chooseOption(manager, "credentialTypeId", "Confined space entry");
    await requirements.getByTestId("add-requirement").click();
    await requirements
      .getByTestId("requirement-project")
      .filter({ hasText: PROJECT })
      .filter({ hasText: "Confined space entry" })
      .waitFor();

    // Three rows, the third for an e-mail no worker has: two imported, one refused with its line.
    const csv = [
      "email,type,number,issuer,issueDate,expiryDate",
      `${FIRE_WATCH.username}@example.com,Confined space entry,CS-${suffix},Harbor Safety Council,2026-01-05,2031-01-05`,
      `${WORKER.username}@example.com,First aid / CPR,FA-${suffix},Red Cross,2026-02-01,2028-02-01`,
      `nobody_${suffix}@example.com,Fire watch,FW-${suffix},Harbor Safety Council,2026-03-01,2027-03-01`,
    ].join("\n");
    await manager.locator('[data-path="csv"]').fill(csv);
    await manager.getByTestId("import-send").click();
    const report = manager.getByTestId("import-report");
    await report.waitFor();
    await expect.poll(() => report.getByTestId("import-summary").textContent()).toBe("Imported: 2. Refused: 1.");
    const refused = report.getByTestId("import-refused");
    expect(await refused.count()).toBe(1);
    const refusedText = await refused.textContent();
    expect(refusedText).toContain("Line 4");
    expect(refusedText).toContain("No worker has this e-mail address");
    await screenshot(manager, "credentials-admin-phone");

    // The project page: the crew's standing on the requirement (Fay's imported card meets it).
    await manager.goto(`/projects/${projectId}`);
    const card = manager.getByTestId("project-credentials");
    await card.getByTestId("project-credentials-summary").waitFor();
    expect(await card.getByTestId("project-credentials-summary").textContent()).toMatch(/^\d+ of \d+ required credentials met$/);
    await card
      .getByTestId("project-credentials-worker")
      .filter({ hasText: "Wes Welder" })
      .getByText("Confined space entry: Missing")
      .waitFor();
    await screenshot(manager, "credentials-project-card-phone");

    const desk = await (await newContext(browser, baseUrl, DESKTOP)).newPage();
    await signIn(desk, MANAGER.username, PASSWORD);
    await desk.goto("/admin/credentials");
    await desk.getByTestId("credential-types").getByText("Confined space entry").first().waitFor();
    await screenshot(desk, "credentials-admin-desktop");
  });
});
