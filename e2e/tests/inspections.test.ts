import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ApiSession } from "../lib/api.js";
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot, signIn } from "../lib/browser.js";
import { ADMIN } from "../lib/globalSetup.js";
import { waitForSaved } from "../lib/savedCache.js";
import { startShiftedServer } from "../lib/shiftedServer.js";
import { scribble } from "../lib/signOn.js";

// Inspections and corrective actions (issue #35) on a 390 px phone, offline at the start: a
// foreman walks the built-in scaffold inspection and fails two items; the one that needs a photo
// when it fails blocks submit until it has one; both get photos from the camera (kept on the device:
// a reload keeps them), the toe board is made high priority and the access item is given to the
// manager; signed, it all waits in the Outbox (the photos first, the inspection after them) and lands
// once the signal returns, with its score, two actions and the photos on their items. The foreman
// (the toe board's owner) adds a photo of the fix and marks it fixed, the manager verifies it. The
// other goes overdue by the SERVER'S CLOCK: a second API server in this process on the same database
// with its clock eight days ahead (lib/shiftedServer.ts) shows the manager's dashboard a week on.
// PostgreSQL only (the shifted server shares the suite's database; the embedded run is smoke.test.ts).

const baseUrl = inject("baseUrl");
const databaseUrl = inject("databaseUrl");
const suffix = randomUUID().slice(0, 6);
// Staff of the whole company are offered as owners: another file's "Mona Manager" would make the
// name ambiguous in the picker, so this manager's name is this file's own.
const MANAGER_NAME = `Mona Manager ${suffix}`;
const PASSWORD = "Passw0rd!";
const SCAFFOLD = "Scaffold inspection (before each shift)";
/** Items of the built-in scaffold template, with their weights (migration 0029); toe-board needs a photo when it fails. */
const PASSED = ["base-plates", "plumb", "tag", "planks", "guardrail"];
const FAILED = ["toe-board", "access"];
const DAY = 86_400_000;

async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

async function pick(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** A PNG drawn in the page (a "camera" photo), as the bytes setInputFiles takes. */
async function cameraPhoto(page: Page, colour: string): Promise<Buffer> {
  const base64 = await page.evaluate((fill) => {
    const canvas = document.createElement("canvas");
    canvas.width = 800;
    canvas.height = 600;
    const ctx = canvas.getContext("2d") as CanvasRenderingContext2D;
    ctx.fillStyle = "#868e96";
    ctx.fillRect(0, 0, 800, 600);
    ctx.fillStyle = fill;
    ctx.fillRect(100, 350, 600, 120);
    return canvas.toDataURL("image/png").split(",")[1] as string;
  }, colour);
  return Buffer.from(base64, "base64");
}

/** Scrolls an item's card to the top of the screen, below the sticky bar and the score. */
async function scrollBelowHeader(page: Page, testId: string) {
  await page.getByTestId(testId).evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 150));
}

/** Adds a photo to a failed item through its camera button's file input. */
async function addItemPhoto(page: Page, key: string, name: string, colour: string) {
  const failed = page.getByTestId(`failed-${key}`);
  const before = await failed.getByTestId("draft-photo").count();
  await failed.locator('input[type="file"]').setInputFiles({ name, mimeType: "image/png", buffer: await cameraPhoto(page, colour) });
  // Made smaller in a canvas and kept in IndexedDB first: seconds on a loaded 2-core machine.
  await expect.poll(() => failed.getByTestId("draft-photo").count(), { timeout: 15_000 }).toBe(before + 1);
}

describe.skipIf(!baseUrl || !databaseUrl)("inspections and corrective actions on a phone", () => {
  let browser: Browser;
  let phone: BrowserContext;
  let desk: BrowserContext;
  let admin: ApiSession;
  const projectName = `Tower Crane Pad ${suffix}`;
  const foreman = { username: `fern_${suffix}`, name: "Fern Foreman" };
  const manager = { username: `e2e_insp_mgr_${suffix}`, password: "Manager1!" };
  let inspectionId = 0;
  let actions: { id: number; description: string; priority: string; ownerUserId: number }[] = [];
  let managerId = 0;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await new ApiSession(baseUrl).login(ADMIN.username, ADMIN.password);
    const project = await admin.call<{ id: number }>("POST", "/api/projects", {
      name: projectName,
      location: "Springfield",
      startDate: "2026-01-05",
      status: "active",
    });
    await admin.call("POST", "/api/workers", {
      firstName: "Fern",
      lastName: "Foreman",
      email: `${foreman.username}@example.com`,
      phone: "5551234567",
      role: "Foreman",
      company: "Acme Builders",
      username: foreman.username,
      password: PASSWORD,
      projectIds: [project.id],
    });
    await admin.call("POST", "/api/managers", {
      ...manager,
      firstName: "Mona",
      lastName: `Manager ${suffix}`,
      email: `${manager.username}@example.com`,
    });
    const managerApi = await new ApiSession(baseUrl).login(manager.username, manager.password);
    managerId = (await managerApi.call<{ id: number }>("GET", "/api/user")).id;
    phone = await newContext(browser, baseUrl, PHONE, { serviceWorker: true });
    desk = await newContext(browser, baseUrl, DESKTOP);
  });
  afterAll(async () => {
    await phone?.setOffline(false);
    await browser?.close();
  });

  it("the foreman runs the scaffold inspection offline, fails two items with photos, signs; back online it lands scored with two actions", async () => {
    const page = await phone.newPage();
    await signIn(page, foreman.username, PASSWORD);
    await waitForServiceWorker(page);
    // Opened online first, so the project list, the template and the owners stay readable offline.
    await page.goto("/inspections/new");
    await pick(page, "inspection-project", projectName);
    await pick(page, "inspection-template", SCAFFOLD);
    await page.getByTestId("item-planks").waitFor();
    await waitForSaved(page, "inspections.template");
    await waitForSaved(page, "correctiveActions.owners");

    await phone.setOffline(true);
    await page.reload();
    await page.getByTestId("offline-banner").waitFor();
    // The draft kept the project and template; the items come from the saved answers.
    await page.getByTestId("item-planks").waitFor();
    for (const key of PASSED) await page.getByTestId(`answer-${key}-pass`).click();
    for (const key of FAILED) {
      await page.getByTestId(`answer-${key}-fail`).click();
      await page.getByTestId(`note-${key}`).fill(`Fix ${key} before the shift`);
    }
    // Preview: passed 3 + 3 + 1 + 3 + 3 = 13 of 17 (toe board 2 and access 2 failed) = 76.47 %.
    await expect.poll(() => page.getByTestId("score-preview").textContent()).toContain("76.47%");
    // The toe board needs a photo when it fails: submit is refused with the server's message.
    await page.getByTestId("submit-inspection").click();
    await expect.poll(() => page.getByTestId("photo-missing").textContent()).toBe("This item needs a photo when it fails");
    await addItemPhoto(page, "toe-board", "toe-board.png", "#fab005");
    await addItemPhoto(page, "toe-board", "toe-board-2.png", "#e8590c");
    await addItemPhoto(page, "access", "access.png", "#1c7ed6");
    // One taken by mistake is removed before submit.
    await page
      .getByTestId("failed-toe-board")
      .getByRole("button", { name: /Remove photo toe-board-2/ })
      .click();
    await expect.poll(() => page.getByTestId("failed-toe-board").getByTestId("draft-photo").count()).toBe(1);
    // The toe board's action is urgent; the access one goes to the manager.
    await page.getByTestId("priority-toe-board").getByText("High", { exact: true }).click();
    await pick(page, "owner-access", MANAGER_NAME);
    // A reload keeps the photos and the choices (IndexedDB and the draft), offline too.
    await page.reload();
    await page.getByTestId("item-planks").waitFor();
    await expect.poll(() => page.getByTestId("draft-photo").count()).toBe(2);
    expect(await page.getByTestId("owner-access").inputValue()).toBe(MANAGER_NAME);
    expect(await page.getByTestId("photo-missing").count()).toBe(0);
    // A full-page screenshot resizes the window, which clears the pad: taken before signing.
    await scrollBelowHeader(page, "item-toe-board");
    await screenshot(page, "inspection-run-photos-phone", false);
    await screenshot(page, "inspection-run-phone");
    await page.getByTestId("signature-pad").evaluate((el) => el.scrollIntoView({ block: "center" }));
    await scribble(page);
    await page.getByTestId("submit-inspection").click();
    await page.waitForURL((u) => u.pathname === "/outbox");
    const item = page
      .getByTestId("outbox-item")
      .filter({ hasText: "Inspection" })
      .filter({ hasNot: page.getByTestId("outbox-photo") });
    await expect(item.getAttribute("data-status")).resolves.toBe("pending");
    await expect.poll(() => page.getByTestId("outbox-photo").count()).toBe(2);

    await phone.setOffline(false);
    await expect.poll(() => item.getAttribute("data-status"), { timeout: 60_000 }).toBe("sent");
    const listed = await admin.call<{ id: number; projectName: string; score: number; failedCount: number }[]>(
      "GET",
      "/api/inspections?limit=20",
    );
    const mine = listed.filter((i) => i.projectName === projectName);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ score: 76.47, failedCount: 2 });
    inspectionId = mine[0]?.id ?? 0;

    const detail = await admin.call<{
      actions: { id: number; description: string; priority: string; ownerUserId: number }[];
      answers: { itemKey: string; photos: { fileName: string }[] }[];
    }>("GET", `/api/inspections/${inspectionId}`);
    actions = detail.actions;
    expect(actions.map((a) => a.description).sort()).toEqual([
      "Safe access: ladder or stair tower, no climbing the frame: Fix access before the shift",
      "Toe boards in place where people work below: Fix toe-board before the shift",
    ]);
    expect(actions.find((a) => a.description.startsWith("Toe boards"))?.priority).toBe("high");
    expect(actions.find((a) => a.description.startsWith("Safe access"))?.ownerUserId).toBe(managerId);
    const photosOf = (key: string) => detail.answers.find((a) => a.itemKey === key)?.photos.map((p) => p.fileName);
    expect(photosOf("toe-board")).toEqual(["toe-board.jpg"]);
    expect(photosOf("access")).toEqual(["access.jpg"]);

    await page.goto(`/inspections/${inspectionId}`);
    await expect.poll(() => page.getByTestId("score").first().textContent()).toContain("76.47%");
    await expect.poll(() => page.getByTestId("inspection-action").count()).toBe(2);
    const toePhoto = page.getByTestId("answer-row-toe-board").getByTestId("item-photo");
    await expect.poll(() => toePhoto.count()).toBe(1);
    await toePhoto.click();
    await page.getByRole("dialog").waitFor();
    await page.keyboard.press("Escape");
    await screenshot(page, "inspection-detail-phone");
    await page.close();
  });

  it("in Spanish the run page says the same: a failed item with its photos, the photo rule", async () => {
    const api = await new ApiSession(baseUrl).login(foreman.username, PASSWORD);
    await api.call("PUT", "/api/user/language", { language: "es" });
    // A phone of its own: the language saved on the user is taken at sign-in.
    const spanish = await newContext(browser, baseUrl, PHONE);
    const page = await spanish.newPage();
    try {
      await signIn(page, foreman.username, PASSWORD);
      await page.goto("/inspections/new");
      await pick(page, "inspection-project", projectName);
      await pick(page, "inspection-template", "Inspección de andamio (antes de cada turno)");
      await page.getByTestId("answer-toe-board-fail").click();
      await page.getByTestId("answer-guardrail-fail").click();
      await page.getByTestId("submit-inspection").click();
      await expect.poll(() => page.getByTestId("photo-missing").textContent()).toBe("Este punto necesita una foto cuando no cumple");
      await addItemPhoto(page, "toe-board", "rodapie.png", "#fab005");
      expect(await page.getByTestId("add-photo-toe-board").textContent()).toBe("Agregar foto");
      await scrollBelowHeader(page, "item-guardrail");
      await screenshot(page, "inspection-run-photo-rule-phone-es", false);
      await scrollBelowHeader(page, "item-toe-board");
      await screenshot(page, "inspection-run-photos-phone-es", false);
    } finally {
      await api.call("PUT", "/api/user/language", { language: "en" });
      await spanish.close();
    }
  });

  it("the owner adds a photo of the fix and marks it fixed, the manager verifies it; the other goes overdue and shows on the dashboards", async () => {
    const toeBoard = actions.find((a) => a.description.startsWith("Toe boards"));
    const access = actions.find((a) => a.description.startsWith("Safe access"));
    if (!toeBoard || !access) throw new Error("the inspection raised no actions");
    // High priority (chosen on the run page): it is marked fixed only with a photo of the fix.
    const page = await phone.newPage();
    await page.goto(`/actions/${toeBoard.id}`);
    await page.getByTestId("action-photo-needed").waitFor();
    // What the inspector found is on the action: the failed item's photo.
    expect(await page.getByTestId("found-photos").getByTestId("item-photo").count()).toBe(1);
    const strip = page.getByTestId("photo-strip");
    await strip.getByText("Photos of the fix").waitFor();
    await strip
      .locator('input[type="file"][multiple]')
      .setInputFiles({ name: "toe-board.png", mimeType: "image/png", buffer: await cameraPhoto(page, "#fab005") });
    await expect.poll(() => strip.getByRole("button", { name: /Open photo toe-board/ }).count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => page.getByTestId("action-photo-needed").count()).toBe(0);
    await screenshot(page, "action-evidence-photo-phone");
    await page.getByTestId("action-submit").click();
    await expect.poll(() => page.getByTestId("action-status").textContent()).toBe("Awaiting verification");
    // The owner never verifies their own fix: no button for it.
    expect(await page.getByTestId("action-verify").count()).toBe(0);
    await screenshot(page, "action-awaiting-phone");
    await page.close();

    const mgr = await desk.newPage();
    await signIn(mgr, manager.username, manager.password);
    await mgr.goto(`/actions/${toeBoard.id}`);
    await mgr.getByTestId("action-verify").click();
    await expect.poll(() => mgr.getByTestId("action-status").textContent()).toBe("Closed");
    await screenshot(mgr, "action-closed-desktop");

    // A week on, by the server's clock: a second server whose clock runs eight days ahead (the access
    // action, medium priority, was due in seven). Nothing in the data moves.
    const later = await startShiftedServer(databaseUrl, 8 * DAY);
    try {
      await mgr.goto(`${later.baseUrl}/`);
      const indicators = mgr.getByTestId("leading-indicators");
      await indicators.waitFor();
      await expect
        .poll(() => indicators.getByTestId("owner-row").filter({ hasText: MANAGER_NAME }).getByTestId("owner-overdue").textContent())
        .toBe("1 overdue");
      const mineCard = mgr.getByTestId("my-actions");
      await mineCard.waitFor();
      await expect.poll(() => mineCard.getByTestId("action-overdue").count()).toBe(1);
      await screenshot(mgr, "indicators-desktop");
      // Today, on the real clock, the same action is not overdue.
      const today = await admin.call<{ overdue: boolean; status: string }>("GET", `/api/corrective-actions/${access.id}`);
      expect(today).toMatchObject({ overdue: false, status: "open" });
    } finally {
      await mgr.close();
      await later.stop();
    }
  });
});
