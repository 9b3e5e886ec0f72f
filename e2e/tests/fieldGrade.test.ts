import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { headingOutline, seriousAxeViolations, smallTapTargets, useColorScheme } from "../lib/a11y.js";
import { ApiSession } from "../lib/api.js";
import { launchBrowser, newContext, PHONE, screenshot, signIn } from "../lib/browser.js";
import { ADMIN } from "../lib/globalSetup.js";

/**
 * Issue #22, field-grade screens, on a 390 px phone: tap targets of 44 px or more, no serious or
 * critical axe-core violation in the light and dark themes, one h1 per page with ordered
 * headings, a JHA draft that survives a reload, a question before leaving a changed form, a
 * permit request that lands on the new permit, and an approval that shows and records its gaps.
 */

const baseUrl = inject("baseUrl");
const suffix = Date.now().toString(36).slice(-5);
const PASSWORD = "Passw0rd!";
const WORKER = { username: `gus_${suffix}`, firstName: "Gus", lastName: "Glover" };
const MANAGER = { username: `mia_${suffix}`, firstName: "Mia", lastName: "Manager" };
const PROJECT = `Quay Works ${suffix}`;

interface Ids {
  projectId: number;
  workerId: number;
  permitId: number;
  moduleId: number;
  jhaId: number;
  incidentId: number;
}

type Step = (page: Page) => Promise<void>;
interface Screen {
  name: string;
  as: "anon" | "worker" | "manager";
  path: (ids: Ids) => string;
  /** After loading: open the form, dialog or tab the check is about. */
  open?: Step;
}

const clickButton = (name: string | RegExp) => async (page: Page) => {
  await page.getByRole("button", { name }).first().click();
};

const SCREENS: Screen[] = [
  { name: "auth", as: "anon", path: () => "/auth" },
  { name: "dashboard (worker)", as: "worker", path: () => "/" },
  { name: "dashboard (manager)", as: "manager", path: () => "/" },
  { name: "projects", as: "manager", path: () => "/projects" },
  { name: "workers", as: "manager", path: () => "/workers" },
  { name: "JHA list", as: "manager", path: () => "/forms/jha" },
  { name: "incident list", as: "manager", path: () => "/forms/incident-reports" },
  { name: "permit list", as: "manager", path: () => "/forms/hot-work-permits" },
  { name: "safety messages", as: "worker", path: () => "/safety-comments" },
  { name: "videos", as: "worker", path: () => "/videos" },
  { name: "training list", as: "worker", path: () => "/training/required" },
  { name: "JHA form", as: "worker", path: () => "/forms/jha", open: clickButton("New JHA") },
  { name: "incident form", as: "worker", path: () => "/forms/incident-reports", open: clickButton("Report New Incident") },
  { name: "permit form", as: "worker", path: () => "/forms/hot-work-permits", open: clickButton("Request Permit") },
  { name: "message form", as: "worker", path: () => "/safety-comments", open: clickButton(/Message the Safety Manager|New Message/) },
  { name: "project form", as: "manager", path: () => "/projects/new" },
  { name: "worker form", as: "manager", path: () => "/workers/new" },
  { name: "permit detail", as: "manager", path: (ids) => `/forms/hot-work-permits/${ids.permitId}` },
  { name: "JHA detail", as: "manager", path: (ids) => `/forms/jha/${ids.jhaId}` },
  { name: "incident detail", as: "manager", path: (ids) => `/forms/incident-reports/${ids.incidentId}` },
  { name: "training module", as: "worker", path: (ids) => `/training/required/${ids.moduleId}` },
  { name: "worker detail", as: "manager", path: (ids) => `/workers/${ids.workerId}` },
];

describe.skipIf(!baseUrl)("field-grade screens on a 390 px phone", () => {
  let browser: Browser;
  let ids: Ids;
  let workerApi: ApiSession;
  const contexts = new Map<string, BrowserContext>();

  /** A signed-in phone context per person and theme, reused across screens. */
  async function pageFor(as: Screen["as"], scheme: "light" | "dark"): Promise<Page> {
    const key = `${as}-${scheme}`;
    let context = contexts.get(key);
    if (!context) {
      context = await newContext(browser, baseUrl, PHONE);
      await useColorScheme(context, scheme);
      contexts.set(key, context);
      if (as !== "anon") {
        const page = await context.newPage();
        await signIn(page, as === "worker" ? WORKER.username : MANAGER.username, PASSWORD);
        await page.close();
      }
    }
    return context.newPage();
  }

  /** The page's h1 is up and no skeleton or loader is left (then transitions settle). */
  async function settle(page: Page) {
    await page.locator("h1").first().waitFor();
    await expect.poll(() => page.locator(".mantine-Skeleton-root, .mantine-Loader-root").count(), { timeout: 10_000 }).toBe(0);
    await page.waitForTimeout(400);
  }

  async function openScreen(screen: Screen, scheme: "light" | "dark"): Promise<Page> {
    const page = await pageFor(screen.as, scheme);
    await page.goto(screen.path(ids));
    await settle(page);
    if (screen.open) {
      await screen.open(page);
      await settle(page);
    }
    return page;
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await new ApiSession(baseUrl).login(ADMIN.username, ADMIN.password);
    const { token } = await admin.call<{ token: string }>("POST", "/api/invite-tokens", { role: "manager" });
    const anonymous = new ApiSession(baseUrl);
    await anonymous.call("POST", "/api/register", { ...MANAGER, email: `${MANAGER.username}@example.com`, password: PASSWORD, role: "manager", inviteToken: token });
    const worker = await anonymous.call<{ id: number }>("POST", "/api/register", {
      ...WORKER,
      email: `${WORKER.username}@example.com`,
      password: PASSWORD,
      role: "worker",
      company: "Acme Steel",
      hardhatNumber: `HH-${suffix}`,
    });
    const workerId = (await admin.call<{ id: number }>("GET", `/api/workers/byUserId/${worker.id}`)).id;
    const projectId = (await admin.call<{ id: number }>("POST", "/api/projects", { name: PROJECT, location: "Dock 2", startDate: "2026-01-05" })).id;
    await admin.call("POST", `/api/projects/${projectId}/workers`, { workerId });
    workerApi = await new ApiSession(baseUrl).login(WORKER.username, PASSWORD);
    const permit = await workerApi.call<{ id: number }>("POST", "/api/hot-work-permits", {
      projectId,
      title: "Grind rail welds",
      location: "Dock 2 north rail",
      workDescription: "Grinding down the new rail welds before painting.",
      startDate: new Date().toISOString(),
      endDate: new Date(Date.now() + 4 * 3600_000).toISOString(),
      precautions: ["Fire extinguishers are available and in working order at the work area", "Personal protective equipment (PPE) is available and in use"],
      equipmentUsed: ["Grinders"],
      fireWatchRequired: true,
      fireWatchBy: "",
      requestedBy: workerId,
    });
    const jha = await workerApi.call<{ id: number }>("POST", "/api/jha-forms", {
      projectId,
      title: "Rail grinding",
      jobDescription: "Grinding welds on the crane rail",
      hazards: [{ description: "Sparks near fuel store", riskLevel: "high" }],
      controlMeasures: [{ description: "Fire blanket over the fuel store", responsibility: "Gus" }],
      submittedBy: workerId,
    });
    const incident = await workerApi.call<{ id: number }>("POST", "/api/incident-reports", {
      title: "Near miss: dropped grinder",
      description: "A grinder slipped off the rail and fell two metres.",
      severity: "near_miss",
      date: "2026-03-02",
      projectId,
      reportedBy: workerId,
    });
    await workerApi.call("POST", "/api/safety-comments", { title: "Loose handrail", content: "The handrail on dock stair 2 is loose.", status: "open", projectId });
    const modules = await workerApi.call<{ id: number; slug: string | null }[]>("GET", "/api/training-modules");
    const moduleId = modules.find((m) => m.slug === "hard-hat-safety")?.id ?? modules[0]?.id ?? 0;
    await workerApi.call("POST", `/api/workers/${workerId}/trainings`, { moduleId, progress: 1 });
    ids = { projectId, workerId, permitId: permit.id, moduleId, jhaId: jha.id, incidentId: incident.id };
  });
  afterAll(async () => {
    for (const context of contexts.values()) await context.close();
    await browser?.close();
  });

  it("every tap target on the main screens is at least 44 x 44 px", async () => {
    const problems: string[] = [];
    for (const screen of SCREENS) {
      const page = await openScreen(screen, "light");
      for (const small of await smallTapTargets(page)) problems.push(`${screen.name}: ${small.what} ${small.width}x${small.height}`);
      await page.close();
    }
    expect(problems).toEqual([]);
  });

  for (const scheme of ["light", "dark"] as const) {
    it(`axe-core finds no serious or critical violation, one h1 and ordered headings (${scheme} theme)`, async () => {
      const problems: string[] = [];
      for (const screen of SCREENS) {
        const page = await openScreen(screen, scheme);
        for (const v of await seriousAxeViolations(page)) problems.push(`${screen.name}: ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(" | ")}`);
        const outline = await headingOutline(page);
        if (outline.h1 !== 1) problems.push(`${screen.name}: ${outline.h1} h1 elements`);
        for (const skip of outline.skips) problems.push(`${screen.name}: heading skips ${skip}`);
        if (scheme === "dark" && (screen.name === "permit detail" || screen.name === "dashboard (worker)")) await screenshot(page, `field-${screen.name.replace(/\W+/g, "-")}-dark-phone`);
        await page.close();
      }
      expect(problems).toEqual([]);
    });
  }
});
