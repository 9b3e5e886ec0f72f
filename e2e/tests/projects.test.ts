import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ApiSession } from "../lib/api.js";
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot, signIn } from "../lib/browser.js";
import { ADMIN } from "../lib/globalSetup.js";

const baseUrl = inject("baseUrl");
const suffix = Date.now().toString(36);
const MANAGER = { username: `e2e_mgr_${suffix}`, password: "Manager1!" };
const WORKER = { username: `e2e_wkr_${suffix}`, password: "Worker1!", firstName: "Wendy", lastName: `Welder${suffix}` };
const PROJECT = `Harbor Tower ${suffix}`;
const OTHER_PROJECT = `Hidden Depot ${suffix}`;
const PLAN = Buffer.from(`%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n% ${suffix}\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`);

/** A fresh browser context; the shared 2-core machine can be slow, so waits are generous. */
async function open(browser: Browser, viewport = DESKTOP) {
  const context = await newContext(browser, baseUrl, viewport);
  context.setDefaultTimeout(45_000);
  return { context, page: await context.newPage() };
}

async function toastWith(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor();
}

describe.skipIf(!baseUrl)("projects, workers and safety plans", () => {
  let browser: Browser;
  let projectUrl = "";

  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await new ApiSession(baseUrl).login(ADMIN.username, ADMIN.password);
    // A manager account (admin only) and a project the new worker is never assigned to.
    await admin.call("POST", "/api/managers", {
      ...MANAGER,
      firstName: "Morgan",
      lastName: "Manager",
      email: `${MANAGER.username}@example.com`,
    });
    await admin.call("POST", "/api/projects", { name: OTHER_PROJECT, location: "Yard 9", startDate: "2026-01-05" });
  });
  afterAll(() => browser?.close());

  it("a manager creates a project, adds a worker with a login, assigns them, uploads and downloads a plan", async () => {
    const { context, page } = await open(browser);
    await signIn(page, MANAGER.username, MANAGER.password);

    // Create the project through the form.
    await page.goto("/projects");
    await page.getByRole("link", { name: "Add New Project" }).first().click();
    await page.waitForURL((u) => u.pathname === "/projects/new");
    const form = page.locator("form");
    expect(await form.locator('[data-path="startDate"]').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await form.locator('[data-path="name"]').fill(PROJECT);
    await form.locator('[data-path="location"]').fill("Pier 4, Seattle");
    await form.locator('[data-path="description"]').fill("Twelve-storey residential tower with two basement levels.");
    await form.locator('[data-path="safetyManagerName"]').fill("Sam Rivera");
    await form.locator('[data-path="safetyManagerEmail"]').fill("not-an-email");
    await form.getByRole("button", { name: "Create Project" }).click();
    await page.getByText("Please enter a valid email address").waitFor();
    await form.locator('[data-path="safetyManagerEmail"]').fill("sam@example.com");
    await form.locator('[data-path="safetyManagerPhone"]').fill("555-010-2000");
    await form.locator('[data-path="emergencyContactInfo.Emergency Services"]').fill("911");
    await form.locator('[data-path="emergencyContactInfo.OSHA Hotline"]').fill("1-800-321-6742");
    await form.getByRole("button", { name: "Create Project" }).click();
    await page.waitForURL((u) => /^\/projects\/\d+$/.test(u.pathname));
    projectUrl = new URL(page.url()).pathname;
    await page.getByRole("heading", { name: PROJECT }).waitFor();
    expect(await page.locator('a[href="mailto:sam@example.com"]').count()).toBe(1);
    expect(await page.locator('a[href="tel:911"]').count()).toBe(1);

    // Add a worker with a login account.
    await page.goto("/workers/new");
    const wf = page.locator("form");
    await wf.getByRole("button", { name: "Create Worker" }).click();
    await toastWith(page, "Missing required fields");
    await wf.locator('[data-path="firstName"]').fill(WORKER.firstName);
    await wf.locator('[data-path="lastName"]').fill(WORKER.lastName);
    await wf.locator('[data-path="email"]').fill(`${WORKER.username}@example.com`);
    await wf.locator('[data-path="phone"]').fill("555-123-4567");
    await wf.locator('[data-path="role"]').fill("Welder");
    await wf.locator('[data-path="company"]').fill("Bright Sparks");
    await wf.locator('[data-path="hardhatNumber"]').fill("HH-77");
    await wf.getByRole("button", { name: "Create Worker" }).click();
    await toastWith(page, "Missing credentials");
    await wf.locator('[data-path="username"]').fill(WORKER.username);
    await wf.locator('[data-path="password"]').fill(WORKER.password);
    await wf.getByRole("button", { name: "Create Worker" }).click();
    await page.waitForURL((u) => /^\/workers\/\d+$/.test(u.pathname));
    await page.getByRole("heading", { name: `${WORKER.firstName} ${WORKER.lastName}` }).waitFor();

    // Assign them from the project's Workers tab.
    await page.goto(projectUrl);
    await page.getByRole("button", { name: "Add Worker to Project" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Worker to Project" });
    await dialog.getByPlaceholder("Search workers").fill(WORKER.lastName);
    await dialog.getByRole("button", { name: `Add ${WORKER.firstName} ${WORKER.lastName}` }).click();
    await toastWith(page, "Worker added");
    await dialog.getByRole("button", { name: "Done" }).click();
    const row = page.locator('[data-testid="project-worker-row"]', { hasText: WORKER.lastName });
    await row.waitFor();
    expect(await row.textContent()).toContain("Bright Sparks");

    // Upload a plan with the real progress bar, then download it and compare the bytes.
    await page
      .locator('[data-testid="safety-plan-card"] input[type="file"]')
      .setInputFiles({ name: "site-plan.pdf", mimeType: "application/pdf", buffer: PLAN });
    await page.getByRole("button", { name: "Upload Plan", exact: true }).click();
    await page.locator('[data-testid="safety-plan-name"]', { hasText: "site-plan.pdf" }).waitFor();
    const [download] = await Promise.all([page.waitForEvent("download"), page.locator('[data-testid="safety-plan-download"]').click()]);
    expect(download.suggestedFilename()).toBe("site-plan.pdf");
    const path = await download.path();
    expect(readFileSync(path).equals(PLAN)).toBe(true);

    // The plans overview shows it too.
    await page.goto("/safety/plans");
    await page.locator('[data-testid="plan-row"]', { hasText: PROJECT }).getByText("site-plan.pdf").waitFor();

    await page.goto("/projects");
    await page.locator('[data-testid="project-card"]', { hasText: PROJECT }).waitFor();
    await screenshot(page, "projects-list-desktop");
    await page.goto(projectUrl);
    await page.locator('[data-testid="project-worker-row"]').first().waitFor();
    await screenshot(page, "project-detail-desktop");
    await page.goto("/workers");
    await page.locator('[data-testid="worker-row"]').first().waitFor();
    await screenshot(page, "workers-desktop");
    await context.close();
  });

  it("looks right on a 390 px phone", async () => {
    const { context, page } = await open(browser, PHONE);
    await signIn(page, MANAGER.username, MANAGER.password);
    await page.goto("/projects");
    await page.locator('[data-testid="project-card"]', { hasText: PROJECT }).waitFor();
    await screenshot(page, "projects-list-phone");
    await page.goto(projectUrl);
    await page.locator('[data-testid="project-worker-row"]').first().waitFor();
    await screenshot(page, "project-detail-phone");
    await page.goto("/workers");
    await page.locator('[data-testid="worker-row"]').first().waitFor();
    await screenshot(page, "workers-phone");
    // Nothing wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await context.close();
  });

  it("the worker signs in and sees only their project, with the plan but not the crew", async () => {
    const { context, page } = await open(browser);
    await signIn(page, WORKER.username, WORKER.password);
    await page.goto("/projects");
    await page.locator('[data-testid="project-card"]').first().waitFor();
    const cards = page.locator('[data-testid="project-card"]');
    expect(await cards.count()).toBe(1);
    expect(await cards.first().textContent()).toContain(PROJECT);
    expect(await page.getByText(OTHER_PROJECT).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Add New Project" }).count()).toBe(0);
    await cards.first().click();
    await page.getByRole("heading", { name: PROJECT }).waitFor();
    await page.locator('[data-testid="safety-plan-name"]', { hasText: "site-plan.pdf" }).waitFor();
    expect(await page.getByRole("tab", { name: "Workers" }).count()).toBe(0);
    expect(await page.getByRole("tab", { name: "JHA Forms", selected: true }).count()).toBe(1);
    expect(await page.getByRole("button", { name: "Delete Project" }).count()).toBe(0);
    await context.close();
  });

  it("a manager deletes the project", async () => {
    const { context, page } = await open(browser);
    await signIn(page, MANAGER.username, MANAGER.password);
    await page.goto(projectUrl);
    await page.getByRole("button", { name: "Delete Project" }).click();
    await page.getByRole("dialog", { name: "Delete Project" }).getByRole("button", { name: "Delete" }).click();
    await page.waitForURL((u) => u.pathname === "/projects");
    await toastWith(page, "The project has been deleted successfully.");
    await page.locator('[data-testid="project-card"]').first().waitFor();
    expect(await page.locator('[data-testid="project-card"]', { hasText: PROJECT }).count()).toBe(0);
    // The old address now sends the visitor back to the list.
    await page.goto(projectUrl);
    await toastWith(page, "Project not found");
    await page.waitForURL((u) => u.pathname === "/projects");
    await context.close();
  });
});
