import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ApiSession } from "../lib/api.js";
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot, signIn } from "../lib/browser.js";
import { ADMIN } from "../lib/globalSetup.js";

const baseUrl = inject("baseUrl");
const tag = Date.now().toString(36);

interface Stats {
  workerAssignedProjects: number;
  workerTrainingCompletion: number;
  activeProjects: number;
  registeredWorkers: number;
  safetyCompliance: number;
  incidentReports: number;
}

async function register(body: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${baseUrl}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
}

const statValue = (page: Page, id: string) => page.getByTestId(`stat-${id}-value`).textContent();

/** Waits until a stat card shows its number, then reads it. */
async function readStat(page: Page, id: string): Promise<string> {
  await page.getByTestId(`stat-${id}-value`).waitFor();
  return ((await statValue(page, id)) ?? "").trim();
}

async function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}

/**
 * Each visible element of the page's frame and content: its place, size and look, in document
 * order, to compare two loads of the same page (toasts left out: they come and go).
 */
async function looks(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const props = [
      "display",
      "position",
      "font-size",
      "font-weight",
      "color",
      "background-color",
      "border-top-width",
      "border-top-color",
      "border-radius",
      "padding-top",
      "padding-left",
      "margin-top",
      "gap",
      "opacity",
      "text-align",
      "box-shadow",
    ];
    const out: string[] = [];
    for (const el of document.querySelectorAll("header *, nav *, main *, footer *")) {
      if (el.closest(".mantine-Notifications-root")) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      const style = getComputedStyle(el);
      const classes = [...el.classList].filter((c) => c.startsWith("m_")).join(".");
      out.push(
        `${el.tagName}.${classes} ${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}x${Math.round(box.height)} ${props.map((p) => style.getPropertyValue(p)).join("|")}`,
      );
    }
    return out;
  });
}

/** Whether all of Mantine's styles (apps/web/src/styles/allMantine.ts) are on the page. */
const hasAllStyles = (page: Page) =>
  page.evaluate(() =>
    // A stylesheet that failed to load stays listed, its rules unreadable.
    [...document.styleSheets].some((sheet) => {
      try {
        return Boolean(sheet.href?.includes("/assets/allMantine-")) && sheet.cssRules.length > 0;
      } catch {
        return false;
      }
    }),
  );
const ALL_STYLES = /\/assets\/allMantine-[\w-]+\.css$/;

describe.skipIf(!baseUrl)("safety communication and the dashboard", () => {
  let browser: Browser;
  let adminApi: ApiSession;
  let workerApi: ApiSession;
  let managerApi: ApiSession;
  const worker = { username: `dashw${tag}`, password: "secret123", firstName: "Wendy", lastName: "Welder" };
  const manager = { username: `dashm${tag}`, password: "secret123", firstName: "Mona", lastName: "Manager" };
  const projectA = { name: `Harbor Tower ${tag}`, location: "Seattle" };
  const projectB = { name: `Mill Bridge ${tag}`, location: "Portland" };
  const message = {
    title: "Loose guardrail on level 4",
    content: "The guardrail on the east side of level 4 is loose and wobbles when leaned on.",
  };
  const response = "Guardrail re-anchored and inspected. Thanks for flagging it.";

  beforeAll(async () => {
    browser = await launchBrowser();
    adminApi = await new ApiSession(baseUrl).login(ADMIN.username, ADMIN.password);
    const invite = await adminApi.call<{ token: string }>("POST", "/api/invite-tokens", { role: "manager" });
    await register({ ...manager, email: `${manager.username}@example.com`, role: "manager", inviteToken: invite.token });
    await register({ ...worker, email: `${worker.username}@example.com`, role: "worker", company: "Acme", hardhatNumber: "HH-7" });
    managerApi = await new ApiSession(baseUrl).login(manager.username, manager.password);
    workerApi = await new ApiSession(baseUrl).login(worker.username, worker.password);
    const profile = await workerApi.call<{ id: number }>("GET", "/api/worker-profile");
    for (const project of [projectA, projectB]) {
      const created = await managerApi.call<{ id: number }>("POST", "/api/projects", {
        ...project,
        status: "active",
        startDate: "2026-01-05",
      });
      await managerApi.call("POST", `/api/projects/${created.id}/workers`, { workerId: profile.id });
    }
  });
  afterAll(() => browser?.close());

  it("a worker sends a message; a manager marks it in progress and resolves it; the worker sees the response", async () => {
    // Worker: New Message on /safety-comments.
    const workerContext = await newContext(browser, baseUrl);
    const wp = await workerContext.newPage();
    await signIn(wp, worker.username, worker.password);
    await wp.goto("/safety-comments");
    await wp.getByText("You haven't sent any messages to the safety manager yet.").waitFor();
    await wp.getByRole("button", { name: "New Message" }).first().click();
    const dialog = wp.getByRole("dialog", { name: "Message the Safety Manager" });
    await dialog.waitFor();
    // The form checks the product's rules before sending.
    await dialog.getByRole("button", { name: "Send Message" }).click();
    await dialog.getByText("Project selection is required").waitFor();
    await dialog.getByText("Title must be at least 5 characters").waitFor();
    await dialog.locator('[data-path="projectId"]').click();
    await wp.getByRole("option", { name: `${projectA.name} (${projectA.location})` }).click();
    await dialog.locator('[data-path="title"]').fill(message.title);
    await dialog.locator('[data-path="content"]').fill(message.content);
    await screenshot(wp, "dashboard-comment-new-desktop");
    await dialog.getByRole("button", { name: "Send Message" }).click();
    await wp.getByText("Your message has been sent to the safety manager.").waitFor();
    const item = wp.getByTestId("safety-comment").filter({ hasText: message.title });
    await item.waitFor();
    await expect(item.getByText("Open", { exact: true }).isVisible()).resolves.toBe(true);
    await expect(item.getByText(`${projectA.name} · ${projectA.location}`).isVisible()).resolves.toBe(true);
    // Workers get no staff controls.
    await expect(wp.getByText("Filter by Project").count()).resolves.toBe(0);
    await expect(item.getByRole("button", { name: "Mark In Progress" }).count()).resolves.toBe(0);

    // Manager: Mark In Progress, then Resolve with a response.
    const managerContext = await newContext(browser, baseUrl);
    const mp = await managerContext.newPage();
    await signIn(mp, manager.username, manager.password);
    await mp.goto("/safety-comments");
    await mp.getByText("Filter by Project").waitFor();
    const staffItem = mp.getByTestId("safety-comment").filter({ hasText: message.title });
    await staffItem.waitFor();
    await expect(staffItem.getByText("Wendy Welder").isVisible()).resolves.toBe(true);
    await staffItem.getByRole("button", { name: "Mark In Progress" }).click();
    await mp.getByText("The safety comment has been updated.").waitFor();
    await staffItem.getByText("In Progress", { exact: true }).waitFor();
    // Mark In Progress shows only on open messages.
    await expect(staffItem.getByRole("button", { name: "Mark In Progress" }).count()).resolves.toBe(0);
    await staffItem.getByRole("button", { name: "Resolve" }).click();
    const resolveDialog = mp.getByRole("dialog", { name: "Resolve Safety Concern" });
    await resolveDialog.waitFor();
    await resolveDialog.getByText(message.content).waitFor();
    await resolveDialog.getByLabel("Your Response:").fill(response);
    await screenshot(mp, "dashboard-comment-resolve-desktop");
    await resolveDialog.getByRole("button", { name: "Mark as Resolved" }).click();
    await resolveDialog.waitFor({ state: "hidden" });
    await staffItem.getByText("Resolved", { exact: true }).waitFor();
    // The Resolved tab holds it; the Open tab no longer does.
    await mp.getByRole("tab", { name: "Resolved" }).click();
    await mp.getByTestId("safety-comment").filter({ hasText: message.title }).waitFor();
    await mp.getByRole("tab", { name: "Open" }).click();
    await mp.getByTestId("safety-comment").filter({ hasText: message.title }).waitFor({ state: "detached" });
    await screenshot(mp, "dashboard-comments-manager-desktop");

    // Worker: the response, who gave it, and no more edit controls.
    await wp.reload();
    const answered = wp.getByTestId("safety-comment").filter({ hasText: message.title });
    await answered.getByTestId("manager-response").waitFor();
    await expect(answered.getByText(response).isVisible()).resolves.toBe(true);
    await expect(answered.getByText(/Response from Mona Manager/).isVisible()).resolves.toBe(true);
    await expect(answered.getByRole("button", { name: "Edit" }).count()).resolves.toBe(0);
    await screenshot(wp, "dashboard-comments-worker-desktop");

    // The same page answers at /safety/comments.
    await wp.goto("/safety/comments");
    await wp.getByTestId("safety-comment").filter({ hasText: message.title }).waitFor();
    await workerContext.close();
    await managerContext.close();
  });

  for (const [name, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    it(`shows a worker their own numbers (${name})`, async () => {
      const expected = await workerApi.call<Stats>("GET", "/api/dashboard/stats");
      const unwatched = await workerApi.call<{ count: number }>("GET", "/api/dashboard/unwatched-required-videos");
      expect(expected.workerAssignedProjects).toBe(2);
      const context = await newContext(browser, baseUrl, viewport);
      const page = await context.newPage();
      const asked: string[][] = [];
      page.on("request", (r) => {
        const path = new URL(r.url()).pathname;
        if (path.startsWith("/trpc/dashboard.")) asked.push(path.slice("/trpc/".length).split(","));
      });
      await signIn(page, worker.username, worker.password);
      await page.getByText(`Welcome back, ${worker.firstName}`).waitFor();
      expect(await readStat(page, "assigned-projects")).toBe("2");
      // The page's reads are asked once, together: features/dashboard/prefetch.ts asks them as soon
      // as the session is known, and the page must find them in the cache, not ask again.
      const first = asked[0] ?? [];
      for (const read of ["dashboard.stats", "dashboard.upcoming", "dashboard.trainingCompletion", "dashboard.projectStats"]) {
        expect(first, `${read} in the first batch`).toContain(read);
        expect(asked.flat().filter((r) => r === read).length, `${read} asked once`).toBe(1);
      }
      expect(await readStat(page, "training-completion")).toBe(`${expected.workerTrainingCompletion}%`);
      expect(await readStat(page, "unwatched-videos")).toBe(String(unwatched.count));
      await page.getByText(unwatched.count > 0 ? "Required to watch" : "All caught up!").waitFor();
      // My Assigned Projects: both projects, no Workers column.
      const table = page.getByTestId("project-table");
      await table.getByText("My Assigned Projects").waitFor();
      await table.getByText(projectA.name).waitFor();
      await table.getByText(projectB.name).waitFor();
      await expect(table.getByText("Workers", { exact: true }).count()).resolves.toBe(0);
      await table.getByText("View My Projects").waitFor();
      // Staff-only cards and tiles stay hidden.
      await expect(page.getByTestId("stat-active-projects").count()).resolves.toBe(0);
      await expect(page.getByTestId("quick-action-tiles").getByText("Safety Plans").count()).resolves.toBe(0);
      await page.getByTestId("quick-actions").getByText("Report Incident").waitFor();
      // The Talk to the Safety Manager card shows their message and opens the same dialog.
      const card = page.getByTestId("safety-manager-card");
      await card.getByText(message.title).waitFor();
      await card.getByRole("button", { name: "New Message" }).click();
      await page.getByRole("dialog", { name: "Message the Safety Manager" }).waitFor();
      await page.keyboard.press("Escape");
      await page.getByRole("dialog", { name: "Message the Safety Manager" }).waitFor({ state: "hidden" });
      expect(await hasHorizontalScroll(page)).toBe(false);
      await screenshot(page, `dashboard-worker-${name}`);
      await context.close();
    });

    it(`shows a manager the whole site (${name})`, async () => {
      // Whole-site numbers: other test files run beside this one and may add a project or a worker
      // while the page loads. A reading during which the API's numbers changed is taken again, so
      // the page is compared with numbers that held from before it opened until after it was read.
      let expected: Stats;
      let shown: string[];
      let context: BrowserContext;
      let page: Page;
      for (let attempt = 1; ; attempt++) {
        expected = await managerApi.call<Stats>("GET", "/api/dashboard/stats");
        context = await newContext(browser, baseUrl, viewport);
        page = await context.newPage();
        await signIn(page, manager.username, manager.password);
        await page.getByText(`Welcome back, ${manager.firstName}`).waitFor();
        shown = [
          await readStat(page, "active-projects"),
          await readStat(page, "registered-workers"),
          await readStat(page, "safety-compliance"),
          await readStat(page, "incident-reports"),
        ];
        const after = await managerApi.call<Stats>("GET", "/api/dashboard/stats");
        if (JSON.stringify(after) === JSON.stringify(expected) || attempt === 3) break;
        await context.close();
      }
      expect(expected.activeProjects).toBeGreaterThanOrEqual(2);
      expect(expected.registeredWorkers).toBeGreaterThanOrEqual(1);
      expect(shown).toEqual([
        String(expected.activeProjects),
        String(expected.registeredWorkers),
        `${expected.safetyCompliance}%`,
        String(expected.incidentReports),
      ]);
      await page.getByText(expected.safetyCompliance >= 100 ? "Fully compliant" : `${100 - expected.safetyCompliance}% to go`).waitFor();
      const table = page.getByTestId("project-table");
      await table.getByText("Project Safety Compliance").waitFor();
      await table.getByText("View All Projects").waitFor();
      await page.getByTestId("quick-action-tiles").getByText("Safety Plans").waitFor();
      await page.getByTestId("quick-actions").getByText("Manage Workers").waitFor();
      // Worker concerns: the resolved message is under Resolved, not under Open.
      const card = page.getByTestId("safety-manager-card");
      await card.getByRole("tab", { name: "Resolved" }).click();
      await card.getByText(message.title).waitFor();
      await card.getByText("View all messages").waitFor();
      expect(await hasHorizontalScroll(page)).toBe(false);
      await screenshot(page, `dashboard-manager-${name}`);
      await context.close();
    });
  }
  // The dashboard shows with only its own Mantine styles (apps/web/src/styles/dashboard.ts); the
  // rest load once it has painted. Loaded without the rest, it must look exactly as with them.
  for (const [who, viewport] of [
    ["worker", PHONE],
    ["manager", DESKTOP],
  ] as const) {
    it(`the dashboard looks the same without the rest of Mantine's styles (${who}, ${viewport === PHONE ? "phone" : "desktop"})`, async () => {
      const person = who === "worker" ? worker : manager;
      const context = await newContext(browser, baseUrl, viewport);
      const setup = await context.newPage();
      await signIn(setup, person.username, person.password);
      await setup.close();
      const ready = async (page: Page) => {
        await page.goto("/");
        await page.getByTestId("project-table").getByText(projectA.name).first().waitFor();
        await page.getByTestId("safety-manager-card").waitFor();
        await expect.poll(() => page.locator("[aria-busy='true'], .mantine-Skeleton-root").count()).toBe(0);
        await page.waitForTimeout(500); // transitions end
      };
      const without = await context.newPage();
      await without.route(ALL_STYLES, (route) => route.abort());
      await ready(without);
      expect(await hasAllStyles(without)).toBe(false);
      const withAll = await context.newPage();
      await ready(withAll);
      await expect.poll(() => hasAllStyles(withAll), { timeout: 15_000 }).toBe(true);
      await withAll.waitForTimeout(300);
      const [a, b] = [await looks(without), await looks(withAll)];
      expect(a.length).toBeGreaterThan(100);
      const differing = a.map((line, i) => (line === b[i] ? null : `${line}\n  with all: ${b[i]}`)).filter(Boolean);
      expect(differing.slice(0, 5)).toEqual([]);
      expect(a.length).toBe(b.length);
      // Any other page waits for all of them before it shows (routes/_app.tsx).
      const other = await context.newPage();
      await other.route(ALL_STYLES, async (route) => {
        await new Promise((r) => setTimeout(r, 1500));
        await route.continue();
      });
      await other.goto("/safety-comments");
      await other.getByRole("heading", { level: 1 }).waitFor();
      expect(await hasAllStyles(other)).toBe(true);
      // And when they cannot load (a bad network), the page still shows, with the layout's styles.
      const failing = await context.newPage();
      await failing.route(ALL_STYLES, (route) => route.abort());
      await failing.goto("/safety-comments");
      await failing.getByRole("heading", { level: 1 }).waitFor();
      expect(await hasAllStyles(failing)).toBe(false);
      await context.close();
    });
  }
});
