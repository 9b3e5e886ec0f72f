import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { headingOutline, seriousAxeViolations, smallTapTargets, switchColorScheme, useColorScheme } from "../lib/a11y.js";
import { ApiSession, registerCrew } from "../lib/api.js";
import { launchBrowser, newContext, PHONE, screenshot, signIn } from "../lib/browser.js";
import { ADMIN } from "../lib/globalSetup.js";

/**
 * Field-grade screens (docs/field-grade-screens.md), on a 390 px phone: tap targets of 44 px or more, no serious or
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
  videoId: number;
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
  { name: "video player", as: "worker", path: (ids) => `/videos?vid=${ids.videoId}` },
  { name: "worker detail", as: "manager", path: (ids) => `/workers/${ids.workerId}` },
];

describe.skipIf(!baseUrl)("field-grade screens on a 390 px phone", () => {
  let browser: Browser;
  let ids: Ids;
  let workerApi: ApiSession;
  const contexts = new Map<string, BrowserContext>();

  /** A signed-in phone context per person, in the light theme, reused across screens. */
  async function pageFor(as: Screen["as"]): Promise<Page> {
    let context = contexts.get(as);
    if (!context) {
      context = await newContext(browser, baseUrl, PHONE);
      await useColorScheme(context, "light");
      contexts.set(as, context);
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

  async function openScreen(screen: Screen): Promise<Page> {
    const page = await pageFor(screen.as);
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
    const crew = await registerCrew(baseUrl, ADMIN, {
      password: PASSWORD,
      manager: MANAGER,
      worker: WORKER,
      hardhatNumber: `HH-${suffix}`,
      project: { name: PROJECT, location: "Dock 2" },
    });
    const { workerId, projectId } = crew;
    workerApi = crew.workerApi;
    const permit = await workerApi.call<{ id: number }>("POST", "/api/hot-work-permits", {
      projectId,
      title: "Grind rail welds",
      location: "Dock 2 north rail",
      workDescription: "Grinding down the new rail welds before painting.",
      startDate: new Date().toISOString(),
      endDate: new Date(Date.now() + 4 * 3600_000).toISOString(),
      precautions: [
        "Fire extinguishers are available and in working order at the work area",
        "Personal protective equipment (PPE) is available and in use",
      ],
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
    await workerApi.call("POST", "/api/safety-comments", {
      title: "Loose handrail",
      content: "The handrail on dock stair 2 is loose.",
      status: "open",
      projectId,
    });
    const modules = await workerApi.call<{ id: number; slug: string | null }[]>("GET", "/api/training-modules");
    const moduleId = modules.find((m) => m.slug === "hard-hat-safety")?.id ?? modules[0]?.id ?? 0;
    await workerApi.call("POST", `/api/workers/${workerId}/trainings`, { moduleId, progress: 1 });
    const adminApi = await new ApiSession(baseUrl).login(ADMIN.username, ADMIN.password);
    const video = await adminApi.call<{ id: number }>("POST", "/api/safety-videos", {
      title: `Ladder talk ${suffix}`,
      url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      duration: 120,
    });
    ids = { projectId, workerId, permitId: permit.id, moduleId, jhaId: jha.id, incidentId: incident.id, videoId: video.id };
  });
  afterAll(async () => {
    for (const context of contexts.values()) await context.close();
    await browser?.close();
  });

  // Each screen is opened once: its checks run in the light theme, then the page switches to the
  // dark theme in place (lib/a11y.ts, switchColorScheme) and axe runs again. Tap targets and the
  // heading outline are a matter of layout and markup, the same in both themes. Opening every screen
  // once per theme took about half of this file's time in CI.
  it("every tap target is at least 44 x 44 px, one h1 and ordered headings; axe-core finds no serious or critical violation in the light and the dark theme", async () => {
    const problems: string[] = [];
    for (const screen of SCREENS) {
      const page = await openScreen(screen);
      for (const small of await smallTapTargets(page)) problems.push(`${screen.name}: ${small.what} ${small.width}x${small.height}`);
      const outline = await headingOutline(page);
      if (outline.h1 !== 1) problems.push(`${screen.name}: ${outline.h1} h1 elements`);
      for (const skip of outline.skips) problems.push(`${screen.name}: heading skips ${skip}`);
      for (const scheme of ["light", "dark"] as const) {
        if (scheme === "dark") await switchColorScheme(page, "dark");
        for (const v of await seriousAxeViolations(page))
          problems.push(`${screen.name} (${scheme}): ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(" | ")}`);
      }
      if (screen.name === "permit detail" || screen.name === "dashboard (worker)")
        await screenshot(page, `field-${screen.name.replace(/\W+/g, "-")}-dark-phone`);
      await page.close();
    }
    expect(problems).toEqual([]);
    // 23 screens, each loaded, settled and checked in both themes: ~1.5 min on a busy 2-core machine.
  }, 300_000);

  it("a JHA draft survives a reload and is offered as 'Continue your draft'; discard clears it", async () => {
    const page = await pageFor("worker");
    await page.goto("/forms/jha");
    await settle(page);
    await page.getByRole("button", { name: "New JHA" }).click();
    const form = page.getByRole("form", { name: "New JHA form" });
    await form.locator('[data-path="title"]').fill(`Draft ${suffix}`);
    await form.locator('[data-path="hazards.0.description"]').fill("Wet deck, slips");
    // The draft is written shortly after typing stops (apps/web/src/lib/formDraft.ts): wait for it to
    // be on the phone, not a fixed 800 ms that a busy machine can outlast.
    await expect
      .poll(() =>
        page.evaluate(() =>
          Object.keys(localStorage).some((k) => k.startsWith("sitesafe.draft.") && localStorage.getItem(k)?.includes("Wet deck, slips")),
        ),
      )
      .toBe(true);
    page.once("dialog", (dialog) => void dialog.accept());
    await page.reload();
    await page.getByTestId("draft-notice").getByRole("button", { name: "Continue your draft" }).click();
    await expect.poll(() => form.locator('[data-path="title"]').inputValue()).toBe(`Draft ${suffix}`);
    await expect(form.locator('[data-path="hazards.0.description"]').inputValue()).resolves.toBe("Wet deck, slips");
    await screenshot(page, "field-jha-draft-phone");

    // Opening the form again (not through the notice) offers the draft first.
    page.once("dialog", (dialog) => void dialog.accept());
    await page.reload();
    await page.getByRole("button", { name: "New JHA" }).click();
    await page.getByTestId("draft-banner").getByRole("button", { name: "Start over" }).click();
    await expect(form.locator('[data-path="title"]').inputValue()).resolves.toBe("");
    await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("sitesafe.draft.")).length)).toBe(0);
    await page.close();
  });

  it("leaving a changed form asks first: a link, the back gesture, Escape and a reload", async () => {
    const page = await pageFor("worker");
    // Arrive inside the app, so that "back" has an in-app page to return to.
    await page.goto("/");
    await settle(page);
    await page.getByRole("link", { name: "Incidents", exact: true }).click();
    await settle(page);
    await page.getByRole("button", { name: "Report New Incident" }).click();
    const form = page.getByRole("form", { name: "New incident report" });
    await form.locator('[data-path="title"]').fill("Scaffold board cracked");

    // A link (the bottom tab bar): asks; "Stay on the form" keeps everything.
    await page.getByRole("link", { name: "Home", exact: true }).click();
    const ask = page.getByRole("dialog", { name: "Leave this form?" });
    await ask.waitFor();
    await ask.getByRole("button", { name: "Stay on the form" }).click();
    expect(new URL(page.url()).pathname).toBe("/forms/incident-reports");
    await expect(form.locator('[data-path="title"]').inputValue()).resolves.toBe("Scaffold board cracked");

    // Escape: asks too.
    await form.locator('[data-path="title"]').press("Escape");
    await ask.waitFor();
    await ask.getByRole("button", { name: "Stay on the form" }).click();

    // The back gesture: asks.
    await page.goBack();
    await ask.waitFor();
    await ask.getByRole("button", { name: "Stay on the form" }).click();
    expect(new URL(page.url()).pathname).toBe("/forms/incident-reports");

    // A reload: the browser's own question (beforeunload).
    let asked = false;
    page.once("dialog", (dialog) => {
      asked = dialog.type() === "beforeunload";
      void dialog.dismiss();
    });
    await page.reload({ timeout: 3000 }).catch(() => undefined);
    expect(asked).toBe(true);

    // Leaving for real after saying so.
    await page.getByRole("link", { name: "Home", exact: true }).click();
    await ask.getByRole("button", { name: "Leave" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    await page.close();
  });

  it("validation brings the first error into view and focuses it", async () => {
    const page = await pageFor("worker");
    await page.goto("/forms/hot-work-permits");
    await settle(page);
    await page.getByRole("button", { name: "Request Permit" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Request Hot Work Permit" });
    await dialog.getByRole("button", { name: "Submit Permit Request" }).scrollIntoViewIfNeeded();
    await dialog.getByRole("button", { name: "Submit Permit Request" }).click();
    // The first field in error is the project picker, far above the submit button.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-path"))).toBe("projectId");
    await expect
      .poll(async () => {
        const box = await dialog.locator('[data-path="projectId"]').boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= 844;
      })
      .toBe(true);
    await page.keyboard.press("Escape");
    await page.close();
  });

  it("a permit request lands on the new permit; approving it with missing precautions shows the gaps and records them", async () => {
    const page = await pageFor("worker");
    await page.goto("/forms/hot-work-permits");
    await settle(page);
    await page.getByRole("button", { name: "Request Permit" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Request Hot Work Permit" });
    await dialog.locator('[data-path="projectId"]').click();
    await page.getByRole("option", { name: PROJECT }).click();
    await dialog.locator('[data-path="title"]').fill("Cut rail splice plates");
    await dialog.locator('[data-path="location"]').fill("Dock 2 south rail");
    await dialog.locator('[data-path="workDescription"]').fill("Torch cutting the old splice plates off the rail.");
    await dialog.getByRole("checkbox", { name: "Cutting torch" }).click();
    await dialog.getByRole("checkbox", { name: /Fire extinguishers are available/ }).click();
    await dialog.getByRole("button", { name: "Submit Permit Request" }).click();
    await page.waitForURL((u) => /^\/forms\/hot-work-permits\/\d+$/.test(u.pathname));
    await page.getByRole("heading", { level: 1, name: "Cut rail splice plates" }).waitFor();
    await page.getByText("Hot work permit submitted successfully").waitFor();
    // On a phone the toast sits above the tab bar, not over the page title.
    const toast = await page.locator(".mantine-Notification-root").first().boundingBox();
    const title = await page.getByRole("heading", { level: 1 }).boundingBox();
    expect(toast!.y).toBeGreaterThan(title!.y + title!.height);
    expect(toast!.y + toast!.height).toBeLessThanOrEqual(844 - 64);
    const permitPath = new URL(page.url()).pathname;
    await page.close();

    const manager = await pageFor("manager");
    await manager.goto(permitPath);
    await settle(manager);
    const review = manager.getByTestId("approval-review");
    await expect.poll(() => review.locator('[data-state="missing"]').count()).toBe(13);
    await review.getByRole("button", { name: "Approve", exact: true }).click();
    const confirm = manager.getByRole("dialog", { name: "Approve with gaps?" });
    await expect.poll(() => confirm.getByTestId("approval-gaps").locator("li").count()).toBe(14);
    await expect(confirm.getByTestId("approval-gaps").textContent()).resolves.toContain("Fire watch required, but nobody is named");
    await screenshot(manager, "field-approve-gaps-phone");
    await confirm.getByRole("button", { name: "Approve anyway" }).click();
    await manager.getByTestId("acknowledged-gaps").getByText("Approved with 14 gaps acknowledged:").waitFor();

    const id = Number(permitPath.split("/").pop());
    const stored = await workerApi.call<{
      history: { action: string; details: { acknowledgedGaps?: { missingPrecautions: string[]; fireWatchUnnamed: boolean } } | null }[];
    }>("GET", `/api/hot-work-permits/${id}`);
    const approved = stored.history.find((h) => h.action === "approved");
    expect(approved?.details?.acknowledgedGaps?.missingPrecautions).toHaveLength(13);
    expect(approved?.details?.acknowledgedGaps?.fireWatchUnnamed).toBe(true);
    await manager.close();
  });

  it("a video whose player cannot report offers 'I watched this', stored and shown as self-attested; broken thumbnails get a placeholder", async () => {
    const page = await pageFor("worker");
    await page.goto("/videos");
    await settle(page);
    // This machine has no internet: YouTube's thumbnail fails and a neutral placeholder shows instead.
    const card = page
      .getByTestId("video-card")
      .filter({ hasText: `Ladder talk ${suffix}` })
      .first();
    await card.waitFor();
    await expect.poll(() => card.locator("img").count()).toBe(0);
    // Nor can YouTube's player API load, so the player cannot report progress.
    await page.goto(`/videos?vid=${ids.videoId}`);
    const attest = page.getByRole("button", { name: "I watched this (self-attested)" });
    await attest.waitFor({ timeout: 20_000 });
    await attest.click();
    await page.getByText("Self-attested", { exact: true }).first().waitFor();
    await expect.poll(() => attest.count()).toBe(0);
    const records = await workerApi.call<{ videoId: number; status: string; selfAttestedAt: string | null }[]>(
      "GET",
      `/api/workers/${ids.workerId}/videos`,
    );
    expect(records.find((r) => r.videoId === ids.videoId)).toMatchObject({ status: "not_watched", selfAttestedAt: expect.any(String) });
    await screenshot(page, "field-video-self-attested-phone");
    await page.close();
  });
});
