import { readFileSync } from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ApiSession } from "../lib/api.js";
import { launchBrowser, newContext, PHONE, screenshot, signIn } from "../lib/browser.js";
import { ADMIN } from "../lib/globalSetup.js";

const baseUrl = inject("baseUrl");

/** API consumers in the browser (docs/decisions/0110-api-consumers.md): the API docs page, service tokens on the profile page, CSV export. */
describe.skipIf(!baseUrl)("API consumers", () => {
  let browser: Browser;
  let admin: ApiSession;
  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await new ApiSession(baseUrl).login(ADMIN.username, ADMIN.password);
  });
  afterAll(() => browser?.close());

  it("/api/docs renders the OpenAPI document with Swagger UI, without CSP violations", async () => {
    const context = await newContext(browser, baseUrl);
    context.setDefaultTimeout(40_000);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(m.text());
    });
    page.on("pageerror", (e) => problems.push(String(e)));
    await page.goto("/api/docs");
    await page.getByText("SiteSafe API", { exact: false }).first().waitFor();
    // Every tag of the document is listed, collapsed (apps/api/src/openapi/routes.ts: drawn all
    // expanded, Swagger UI stalled after a few operations once the document passed ~140).
    const document = (await (await page.request.get("/api/openapi.json")).json()) as { tags: { name: string }[] };
    await expect.poll(() => page.locator(".opblock-tag").count()).toBe(document.tags.length);
    await page.locator(".opblock-tag", { hasText: "incident-reports" }).first().click();
    await page.locator(".opblock-summary-path", { hasText: "/api/incident-reports" }).first().waitFor();
    // Open one operation: its parameters and the error body are rendered from the document.
    await page.locator(".opblock-tag", { hasText: "hot-work-permits" }).first().click();
    await page.locator(".opblock-summary", { hasText: "/api/hot-work-permits/{id}/approve" }).first().click();
    const approve = page.locator(".opblock.is-open", { hasText: "/api/hot-work-permits/{id}/approve" }).first();
    await approve.locator(".parameter__name", { hasText: "id" }).first().waitFor();
    await approve.getByText("Conflict: taken name, used or expired invite token, or a state that forbids the change").first().waitFor();
    await screenshot(page, "api-docs");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("creates a token on the profile page (shown once), uses it, and revokes it", async () => {
    const context = await newContext(browser, baseUrl);
    context.setDefaultTimeout(40_000);
    const page = await context.newPage();
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.goto("/profile");
    await page.getByRole("button", { name: "New Token" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.locator('[data-path="name"]').fill("Browser test token");
    await dialog.getByRole("button", { name: "Create Token" }).click();
    const secret = (await page.getByTestId("new-service-token").textContent())?.trim() ?? "";
    expect(secret).toMatch(/^sst_[A-Za-z0-9_-]{43}$/);
    await screenshot(page, "token-created");
    await dialog.getByRole("button", { name: "Done" }).click();
    const row = page.getByTestId("token-table").getByRole("row", { name: /Browser test token/ });
    await row.waitFor();
    // The list never shows the secret again.
    expect(await page.content()).not.toContain(secret.slice(4));

    const me = await fetch(`${baseUrl}/api/user`, { headers: { authorization: `Bearer ${secret}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { username: string }).username).toBe(ADMIN.username);

    await row.getByRole("button", { name: "Revoke" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Revoke Token" }).click();
    await row.waitFor({ state: "detached" });
    const after = await fetch(`${baseUrl}/api/user`, { headers: { authorization: `Bearer ${secret}` } });
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ message: "This service token has been revoked" });
    await context.close();
  });

  it("the incident list's Export CSV downloads the current filter as a CSV with a BOM", async () => {
    const project = await admin.call<{ id: number; name: string }>("POST", "/api/projects", {
      name: `CSV Site ${Date.now().toString(36)}`,
      location: "Dock 4",
      status: "active",
      startDate: "2026-03-01",
    });
    await admin.call("POST", "/api/incident-reports", {
      projectId: project.id,
      title: "=cmd formula attempt",
      description: "Forklift clipped a rack, no injuries",
      severity: "near_miss",
      date: "2026-03-02",
      location: "Aisle 7",
    });
    const context = await newContext(browser, baseUrl, PHONE);
    context.setDefaultTimeout(40_000);
    const page = await context.newPage();
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.goto("/forms/incident-reports");
    await page
      .getByRole("textbox", { name: /search/i })
      .first()
      .fill("formula attempt");
    const button = page.getByTestId("export-csv");
    await expect.poll(async () => button.getAttribute("href")).toContain("search=formula+attempt");
    await screenshot(page, "incidents-export-phone");
    const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^incident-reports-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync((await download.path()) ?? "", "utf8");
    expect(text.startsWith("\uFEFFid,projectId,projectName,title,")).toBe(true);
    const lines = text.trim().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("'=cmd formula attempt");
    await context.close();
  });
});
