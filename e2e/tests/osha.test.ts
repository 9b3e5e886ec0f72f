import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ApiSession } from "../lib/api.js";
import { launchBrowser, newContext, PHONE, screenshot, signIn } from "../lib/browser.js";
import { ADMIN } from "../lib/globalSetup.js";

const baseUrl = inject("baseUrl");
const tag = Date.now().toString(36);
const pad = (n: number) => String(n).padStart(2, "0");
const now = new Date();
const today = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;

async function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}

describe.skipIf(!baseUrl)("OSHA recordkeeping", () => {
  let browser: Browser;
  const manager = { username: `oshm${tag}`, password: "secret123", firstName: "Omar", lastName: "Osha" };
  const worker = { username: `oshw${tag}`, password: "secret123", firstName: "Wes", lastName: "Worker" };
  const establishmentName = `Pier 9 Tower ${tag}`;
  let incidentId = 0;

  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await new ApiSession(baseUrl).login(ADMIN.username, ADMIN.password);
    const invite = await admin.call<{ token: string }>("POST", "/api/invite-tokens", { role: "manager" });
    const reg = await fetch(`${baseUrl}/api/register`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseUrl },
      body: JSON.stringify({ ...manager, email: `${manager.username}@example.com`, role: "manager", inviteToken: invite.token }),
    });
    if (reg.status !== 201) throw new Error(`register: ${reg.status} ${await reg.text()}`);
    const project = await admin.call<{ id: number }>("POST", "/api/projects", {
      name: `Pier 9 ${tag}`,
      location: "Oakland",
      status: "active",
      startDate: "2026-01-05",
    });
    const w = await fetch(`${baseUrl}/api/register`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseUrl },
      body: JSON.stringify({ ...worker, email: `${worker.username}@example.com`, role: "worker", company: "Acme", hardhatNumber: "HH-9" }),
    });
    if (w.status !== 201) throw new Error(`register worker: ${w.status} ${await w.text()}`);
    const profile = await (await new ApiSession(baseUrl).login(worker.username, worker.password)).call<{ id: number }>(
      "GET",
      "/api/worker-profile",
    );
    await admin.call("POST", `/api/projects/${project.id}/workers`, { workerId: profile.id });
    await admin.call("POST", "/api/establishments", {
      name: establishmentName,
      streetAddress: "9 Pier Way",
      city: "Oakland",
      state: "CA",
      zip: "94607",
      naicsCode: "236220",
      size: 21,
      projectIds: [project.id],
    });
    const incident = await admin.call<{ id: number }>("POST", "/api/incident-reports", {
      projectId: project.id,
      title: `Fall from scaffold ${tag}`,
      date: today,
      location: "Level 3 scaffold",
      severity: "severe",
    });
    incidentId = incident.id;
  });
  afterAll(() => browser?.close());

  it("a manager classifies an incident, enters hours, sees the 300 log and the rates, and downloads the 300A PDF", async () => {
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    await signIn(page, manager.username, manager.password);

    // Classify from the incident's Recordkeeping panel; the form explains the rules it refuses.
    await page.goto(`/forms/incident-reports/${incidentId}`);
    const panel = page.getByTestId("recordkeeping-panel");
    await panel.getByText("Not classified yet", { exact: false }).waitFor();
    await panel.getByRole("button", { name: "Classify" }).click();
    const dialog = page.getByRole("dialog", { name: "Recordkeeping classification" });
    await dialog.locator('[data-path="employeeName"]').fill("Dana Diaz");
    await dialog.locator('[data-path="jobTitle"]').fill("Ironworker");
    await dialog.getByRole("radio", { name: "Days away from work" }).check();
    await dialog.locator('[data-path="daysAway"]').fill("200");
    await dialog.locator('[data-path="injuryType"]').click();
    await page.getByRole("option", { name: "Injury", exact: true }).click();
    await dialog.getByRole("button", { name: "Save classification" }).click();
    await dialog.getByText("Days away from work cannot exceed 180", { exact: false }).waitFor();
    await dialog.locator('[data-path="daysAway"]').fill("12");
    await dialog.locator('[data-path="whatHappened"]').fill("A scaffold plank shifted and he fell to the deck below");
    await dialog.locator('[data-path="injuryDescription"]').fill("Fractured wrist");
    await screenshot(page, "osha-classify-desktop");
    await dialog.getByRole("button", { name: "Save classification" }).click();
    await dialog.waitFor({ state: "hidden" });
    await panel.getByText("Days away from work").waitFor();
    await panel.getByText("Dana Diaz", { exact: false }).waitFor();
    await screenshot(page, "osha-incident-panel-desktop");

    // Hours for the year on the Recordkeeping screen.
    await page.goto("/recordkeeping");
    await page.getByRole("heading", { name: "Recordkeeping" }).waitFor();
    await page.getByLabel("Establishment", { exact: true }).first().click();
    await page.getByRole("option", { name: establishmentName }).click();
    await page.getByRole("tab", { name: "Hours & 300A" }).click();
    await page.getByText("ITA would reject these files").waitFor();
    await page.locator('[data-path="annualAverageEmployees"]').fill("50");
    await page.locator('[data-path="totalHoursWorked"]').fill("100000");
    await page.getByRole("button", { name: "Save hours and certification" }).click();
    await page.getByText("Ready for OSHA's Injury Tracking Application").waitFor();
    await screenshot(page, "osha-summary-desktop");

    // The 300A PDF downloads.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "300A summary PDF" }).click()]);
    const bytes = readFileSync((await download.path()) as string);
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(download.suggestedFilename()).toMatch(/^osha-300a-\d{4}-\d+\.pdf$/);

    // The 300 log shows the case.
    await page.getByRole("tab", { name: "300 Log" }).click();
    const table = page.getByRole("table", { name: /OSHA 300 log/ });
    await table.getByText("Dana Diaz").waitFor();
    await expect(table.getByText("Level 3 scaffold").isVisible()).resolves.toBe(true);
    await screenshot(page, "osha-log-desktop");

    // Rates: 1 days-away case in 100,000 hours: TRIR 2.00 and DART 2.00 with the formula beside them.
    await page.getByRole("tab", { name: "Rates" }).click();
    const ratesTable = page.getByRole("table", { name: /Rates by establishment/ });
    const row = ratesTable.getByRole("row").filter({ hasText: establishmentName });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain("100,000");
    await expect(row.getByRole("cell").nth(5).textContent()).resolves.toBe("2.00");
    await expect(row.getByRole("cell").nth(6).textContent()).resolves.toBe("2.00");
    // The formula is written by the web from the rate's figures (in the reader's language).
    await expect(row.getByRole("cell").nth(5).getAttribute("title")).resolves.toBe("TRIR = 1 x 200,000 / 100,000 hours = 2.00");
    await page.getByText("TRIR = recordable cases x 200,000 / hours worked", { exact: false }).waitFor();
    await screenshot(page, "osha-rates-desktop");

    // The dashboard card shows this year's rates.
    await page.goto("/");
    await page.getByTestId("osha-card").waitFor();
    await page.getByTestId("osha-card-trir").filter({ hasNotText: "–" }).waitFor();
    await screenshot(page, "osha-dashboard-desktop");
    await context.close();
  });

  it("a worker on the project sees no Recordkeeping menu, screen or panel", async () => {
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    await signIn(page, worker.username, worker.password);
    await page.goto(`/forms/incident-reports/${incidentId}`);
    await page.getByRole("heading", { name: `Fall from scaffold ${tag}` }).waitFor();
    await expect(page.getByTestId("recordkeeping-panel").count()).resolves.toBe(0);
    await expect(page.getByRole("link", { name: "Recordkeeping" }).count()).resolves.toBe(0);
    await expect(page.getByText("Dana Diaz").count()).resolves.toBe(0);
    await page.goto("/recordkeeping");
    await page.getByText("Only admins and managers keep OSHA injury and illness records.").waitFor();
    await context.close();
  });

  it("the screens fit a phone", async () => {
    const context = await newContext(browser, baseUrl, PHONE);
    const page = await context.newPage();
    await signIn(page, manager.username, manager.password);
    await page.goto("/recordkeeping");
    await page.getByRole("heading", { name: "Recordkeeping" }).waitFor();
    await page.getByLabel("Establishment", { exact: true }).first().click();
    await page.getByRole("option", { name: establishmentName }).click();
    // On a phone each case is a card.
    await page.getByText("Dana Diaz · Ironworker").waitFor();
    await expect(page.getByRole("table", { name: /OSHA 300 log/ }).count()).resolves.toBe(0);
    await expect(hasHorizontalScroll(page)).resolves.toBe(false);
    await screenshot(page, "osha-log-phone");
    await page.getByRole("tab", { name: "Hours & 300A" }).click();
    await page.getByRole("button", { name: "Save hours and certification" }).waitFor();
    await expect(hasHorizontalScroll(page)).resolves.toBe(false);
    await screenshot(page, "osha-summary-phone");
    await page.getByRole("tab", { name: "Rates" }).click();
    await page.getByRole("table", { name: /Rates by establishment/ }).waitFor();
    await expect(hasHorizontalScroll(page)).resolves.toBe(false);
    await screenshot(page, "osha-rates-phone");
    await page.goto(`/forms/incident-reports/${incidentId}`);
    await page.getByTestId("recordkeeping-panel").getByText("Days away from work").waitFor();
    await expect(hasHorizontalScroll(page)).resolves.toBe(false);
    await screenshot(page, "osha-incident-panel-phone");
    await context.close();
  });
});
