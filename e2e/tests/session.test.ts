import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, newContext, PHONE } from "../lib/browser.js";

const baseUrl = inject("baseUrl");
const tag = Date.now().toString(36);

/**
 * The session is asked once per page load (issue #37): signed-in-preload.js, the page's first
 * script (apps/web/build/preload.ts), starts GET /trpc/auth.session before the app has loaded, and
 * the app adopts that answer (apps/web/src/lib/earlySession.ts) instead of asking again.
 */
describe.skipIf(!baseUrl)("the session, asked once per page load", () => {
  let browser: Browser;
  const worker = { username: `sess${tag}`, password: "secret123", firstName: "Sasha", lastName: "Session" };

  beforeAll(async () => {
    browser = await launchBrowser();
    const res = await fetch(`${baseUrl}/api/register`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseUrl },
      body: JSON.stringify({ ...worker, email: `${worker.username}@example.com`, role: "worker", company: "Acme", hardhatNumber: "HH-9" }),
    });
    if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  });
  afterAll(() => browser?.close());

  /** Every session question the page asks, by path, in order (the early one included). */
  function sessionAsks(page: Page): string[] {
    const asked: string[] = [];
    page.on("request", (r) => {
      const path = new URL(r.url()).pathname;
      if (path === "/api/user" || path.split(",").some((p) => p.endsWith("auth.session"))) asked.push(path);
    });
    return asked;
  }

  /** The layout chunks the early script preloaded (its links have no crossorigin; Vite's own have). */
  const earlyPreloads = (page: Page) =>
    page.evaluate(() => document.querySelectorAll('link[rel="modulepreload"]:not([crossorigin])[href*="/assets/layout-"]').length);

  /** The early answer is taken (and dropped from window) once the app has read it. */
  const earlyAnswerLeft = (page: Page) => page.evaluate(() => "__sitesafeSession" in window);

  it("signed out: /auth asks once and shows the form; signing in shows the dashboard after one more ask; logging out asks once more", async () => {
    const context = await newContext(browser, baseUrl, PHONE);
    const page = await context.newPage();
    const asked = sessionAsks(page);

    await page.goto("/auth");
    const form = page.locator("form").first();
    await form.locator('[data-path="username"]').waitFor();
    expect(asked).toEqual(["/trpc/auth.session"]);
    expect(await earlyAnswerLeft(page)).toBe(false);

    // Sign-in is a full navigation: the new page asks once, early, and the layout adopts it.
    asked.length = 0;
    await form.locator('[data-path="username"]').fill(worker.username);
    await form.locator('[data-path="password"]').fill(worker.password);
    await form.getByRole("button", { name: "Login" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByText(`Welcome back, ${worker.firstName}`).waitFor();
    expect(asked).toEqual(["/trpc/auth.session"]);
    expect(await earlyAnswerLeft(page)).toBe(false);

    // Logout is a full navigation too: /auth asks once and finds nobody signed in.
    asked.length = 0;
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.waitForURL((url) => url.pathname === "/auth");
    await page.locator("form").first().locator('[data-path="username"]').waitFor();
    expect(asked).toEqual(["/trpc/auth.session"]);
    await context.close();
  });

  it("signed out on a signed-in page: sent to /auth on the one answer, the sign-in form shows", async () => {
    const context = await newContext(browser, baseUrl, PHONE);
    const page = await context.newPage();
    const asked = sessionAsks(page);
    await page.goto("/forms/jha");
    await page.waitForURL((url) => url.pathname === "/auth");
    await page.locator("form").first().locator('[data-path="username"]').waitFor();
    // The layout's answer (signed out) is remembered: /auth does not ask again.
    expect(asked).toEqual(["/trpc/auth.session"]);
    // The early script preloaded nothing of the signed-in screens for a signed-out visitor.
    expect(await earlyPreloads(page)).toBe(0);
    await context.close();
  });

  it("signed in, opening the app: one ask, the layout's chunks preloaded on its answer, then the dashboard; a reload asks once again", async () => {
    const context = await newContext(browser, baseUrl, PHONE);
    const login = await context.request.post("/api/login", {
      data: { username: worker.username, password: worker.password },
      headers: { origin: baseUrl },
    });
    expect(login.status()).toBe(200);
    const page = await context.newPage();
    const asked = sessionAsks(page);
    const stylesheets: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith(".css")) stylesheets.push(new URL(r.url()).pathname);
    });
    await page.goto("/");
    await page.getByText(`Welcome back, ${worker.firstName}`).waitFor();
    expect(asked).toEqual(["/trpc/auth.session"]);
    expect(await earlyPreloads(page)).toBeGreaterThan(0);
    // The layout's stylesheets, preloaded early too, are fetched once (the preload matches Vite's link).
    expect(stylesheets.some((p) => p.startsWith("/assets/layout-vendor-"))).toBe(true);
    expect(new Set(stylesheets).size).toBe(stylesheets.length);

    asked.length = 0;
    await page.reload();
    await page.getByText(`Welcome back, ${worker.firstName}`).waitFor();
    expect(asked).toEqual(["/trpc/auth.session"]);
    // A signed-in visitor on /auth is sent to the dashboard: /auth's check adopts the early answer
    // (a yes or no), and the layout, mounting on the same page, asks for the user it needs.
    asked.length = 0;
    await page.goto("/auth");
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByText(`Welcome back, ${worker.firstName}`).waitFor();
    expect(asked).toEqual(["/trpc/auth.session", "/trpc/auth.session"]);
    await context.close();
  });
});
