import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ApiSession } from "../lib/api.js";
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot, signIn } from "../lib/browser.js";
import { ADMIN } from "../lib/globalSetup.js";

const baseUrl = inject("baseUrl");

interface Module {
  id: number;
  slug: string | null;
  title: string;
  content: { sections: { title: string }[]; quiz: { question: string; options: string[] }[] };
}

const suffix = Date.now().toString(36);
const worker = {
  username: `trainee_${suffix}`,
  email: `trainee_${suffix}@example.com`,
  firstName: "Tara",
  lastName: "Trainee",
  password: "Worker123!",
  role: "worker",
  company: "Acme Builders",
  hardhatNumber: `HH-${suffix}`,
};
const manager = {
  username: `videoboss_${suffix}`,
  email: `videoboss_${suffix}@example.com`,
  firstName: "Vera",
  lastName: "Manager",
  password: "Manager123!",
  role: "manager",
};

async function register(body: Record<string, unknown>) {
  const res = await fetch(`${baseUrl}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
}

/**
 * The answer key, which the API never sends before an attempt (docs/field-grade-screens.md): a throwaway worker
 * submits an attempt and reads the graded result.
 */
async function answerKey(module: Module): Promise<number[]> {
  const name = `keyreader_${suffix}_${module.id}`;
  await register({ ...worker, username: name, email: `${name}@example.com`, hardhatNumber: `HH-${name}` });
  const session = await new ApiSession(baseUrl).login(name, worker.password);
  const profile = await session.call<{ id: number }>("GET", "/api/worker-profile");
  const graded = await session.call<{ results: { correctAnswer: number }[] }>(
    "POST",
    `/api/workers/${profile.id}/trainings/${module.id}/attempts`,
    {
      answers: module.content.quiz.map(() => 0),
    },
  );
  return graded.results.map((r) => r.correctAnswer);
}

/** Picks an option by its label inside one quiz question card. */
async function choose(page: Page, questionIndex: number, option: string) {
  await page.getByTestId("quiz-question").nth(questionIndex).getByRole("radio", { name: option, exact: true }).check();
}

describe.skipIf(!baseUrl)("training and weekly videos", () => {
  let browser: Browser;
  let hardHat: Module;

  beforeAll(async () => {
    browser = await launchBrowser();
    await register(worker);
    const admin = await new ApiSession(baseUrl).login(ADMIN.username, ADMIN.password);
    const invite = await admin.call<{ token: string }>("POST", "/api/invite-tokens", { role: "manager" });
    await register({ ...manager, inviteToken: invite.token });
    const modules = await admin.call<Module[]>("GET", "/api/training-modules");
    const found = modules.find((m) => m.slug === "hard-hat-safety");
    if (!found) throw new Error("seeded module missing");
    hardHat = found;
  });
  afterAll(() => browser?.close());

  it("a worker reads every section, fails the quiz, retries and completes the module", async () => {
    const context = await newContext(browser, baseUrl, DESKTOP);
    const page = await context.newPage();
    await signIn(page, worker.username, worker.password);
    await page.goto("/training/required");
    await page.getByRole("heading", { name: "Required Safety Training" }).waitFor();
    const card = page.getByTestId("module-card").filter({ hasText: hardHat.title });
    await card.getByRole("button", { name: "Start Training" }).click();
    await page.waitForURL((u) => u.pathname === `/training/required/${hardHat.id}`);

    const quizTab = page.getByRole("tab", { name: "Knowledge Check" });
    expect(await quizTab.isDisabled()).toBe(true);
    for (const section of hardHat.content.sections) {
      await page.getByRole("button", { name: section.title }).click();
    }
    await page.waitForFunction(() => !document.querySelector('[role="tab"][disabled]'));
    await screenshot(page, "training-module-desktop");
    await quizTab.click();

    // First attempt: every answer wrong. The right ones show only once the server has graded it.
    const key = await answerKey(hardHat);
    expect(await page.locator('[data-result="correct"]').count()).toBe(0);
    for (const [i, q] of hardHat.content.quiz.entries()) {
      await choose(page, i, q.options[((key[i] as number) + 1) % q.options.length] as string);
    }
    await page.getByRole("button", { name: "Submit Answers" }).click();
    await page.getByText("Your score: 0%").waitFor();
    expect(await page.locator('[data-result="wrong"]').count()).toBe(hardHat.content.quiz.length);
    expect(await page.locator('[data-result="correct"]').count()).toBe(hardHat.content.quiz.length);
    await page.getByRole("button", { name: "Try Again" }).click();

    // Second attempt: all correct.
    for (const [i, q] of hardHat.content.quiz.entries()) {
      await choose(page, i, q.options[key[i] as number] as string);
    }
    await page.getByRole("button", { name: "Submit Answers" }).click();
    await page.getByText("Your score: 100%").waitFor();
    await page.getByRole("heading", { name: "Training Complete" }).waitFor();

    await page.goto("/training/required");
    const done = page.getByTestId("module-card").filter({ hasText: hardHat.title });
    await done.getByRole("button", { name: "Review Training" }).waitFor();
    expect(await done.getByText("Completed").first().isVisible()).toBe(true);
    await screenshot(page, "training-required-desktop");

    const session = await new ApiSession(baseUrl).login(worker.username, worker.password);
    const profile = await session.call<{ id: number }>("GET", "/api/worker-profile");
    const records = await session.call<{ moduleId: number; status: string; progress: number; completedAt: string | null }[]>(
      "GET",
      `/api/workers/${profile.id}/trainings`,
    );
    expect(records.find((r) => r.moduleId === hardHat.id)).toMatchObject({
      status: "completed",
      progress: 100,
      completedAt: expect.any(String),
    });
    await context.close();
  });

  it("a manager adds an .mp4 video published now and the worker sees it under This Week's Video", async () => {
    const title = `Toolbox talk ${suffix}`;
    const mgrContext = await newContext(browser, baseUrl, DESKTOP);
    const mgr = await mgrContext.newPage();
    await signIn(mgr, manager.username, manager.password);
    await mgr.goto("/videos");
    await mgr.getByRole("button", { name: "Add Video URL" }).click();
    const dialog = mgr.getByRole("dialog", { name: "Add Weekly Safety Video" });
    await dialog.locator('[data-path="title"]').fill(title);
    await dialog.locator('[data-path="url"]').fill("https://cdn.example.com/videos/toolbox-talk.mp4");
    await dialog.locator('[data-path="minutes"]').fill("4");
    await dialog.locator('[data-path="seconds"]').fill("30");
    await dialog.locator('[data-path="tags"]').fill("ppe, housekeeping, ladders");
    await dialog.getByRole("button", { name: "Add Video" }).click();
    await mgr.getByText("Video added successfully").waitFor();
    await mgrContext.close();

    for (const [name, viewport] of [
      ["desktop", DESKTOP],
      ["phone", PHONE],
    ] as const) {
      const context = await newContext(browser, baseUrl, viewport);
      const page = await context.newPage();
      await signIn(page, worker.username, worker.password);
      await page.goto("/videos");
      const panel = page.getByRole("tabpanel", { name: "This Week's Video" });
      const card = panel.getByTestId("video-card").filter({ hasText: title });
      await card.waitFor();
      expect(await card.getByText("4:30").isVisible()).toBe(true);
      // Cards show the first two tags only.
      expect(await card.getByText("housekeeping").isVisible()).toBe(true);
      expect(await card.getByText("ladders").count()).toBe(0);
      await screenshot(page, `training-videos-${name}`);

      await card.getByRole("button", { name: `Play ${title}` }).click();
      await page.waitForURL((u) => u.searchParams.has("vid"));
      await page.getByTestId("video-file-player").waitFor();
      await page.getByRole("button", { name: "Back to Videos" }).waitFor();
      await screenshot(page, `training-video-player-${name}`);

      if (name === "phone") {
        await page.goto("/training/required");
        await page.getByRole("heading", { name: "Required Safety Training" }).waitFor();
        await page.getByTestId("module-card").first().waitFor();
        await screenshot(page, "training-required-phone");
        await page.goto(`/training/required/${hardHat.id}`);
        await page.getByRole("button", { name: "Back to All Modules" }).first().waitFor();
        await screenshot(page, "training-module-phone");
        await page.goto("/training/fall-protection");
        await page.getByText("6 feet").first().waitFor();
        await screenshot(page, "training-fall-protection-phone");
      }
      await context.close();
    }
  });

  it("a static page records completion after a passed quiz, and staff see it on Safety Training Programs", async () => {
    const admin = await new ApiSession(baseUrl).login(ADMIN.username, ADMIN.password);
    const spotter = (await admin.call<Module[]>("GET", "/api/training-modules?type=spotter_safety")).find(
      (m) => m.slug === "spotter-safety",
    );
    if (!spotter) throw new Error("seeded spotter module missing");
    const key = await answerKey(spotter);
    const context = await newContext(browser, baseUrl, DESKTOP);
    const page = await context.newPage();
    await signIn(page, worker.username, worker.password);
    await page.goto("/training/spotter-safety");
    await page.getByRole("tab", { name: "Knowledge Check" }).click();
    for (const [i, q] of spotter.content.quiz.entries()) {
      await page.getByText(q.question).waitFor();
      await page.getByRole("radio", { name: q.options[key[i] as number] as string, exact: true }).click();
      // The answer locks; right or wrong is told after the server grades the whole quiz.
      await page.getByText("Answer locked.", { exact: false }).waitFor();
      const next = i < spotter.content.quiz.length - 1 ? "Next Question" : "Complete Quiz";
      await page.getByRole("button", { name: next }).click();
    }
    await page.getByText("Your score:").waitFor();
    await expect.poll(() => page.getByTestId("quiz-review").getByLabel("Correct").count()).toBe(spotter.content.quiz.length);
    await page.getByRole("button", { name: "Mark as Complete" }).click();
    await page.getByText("Training Marked as Complete").waitFor();
    await page.getByRole("button", { name: "Completed" }).waitFor();
    await screenshot(page, "training-static-quiz-desktop");
    await context.close();

    const staff = await newContext(browser, baseUrl, DESKTOP);
    const adminPage = await staff.newPage();
    await signIn(adminPage, ADMIN.username, ADMIN.password);
    await adminPage.goto("/training/modules");
    await adminPage.getByRole("heading", { name: "Safety Training Programs" }).waitFor();
    await adminPage.getByRole("tab", { name: "Worker Compliance" }).click();
    const row = adminPage.getByRole("row").filter({ hasText: `${worker.firstName} ${worker.lastName}` });
    await row.getByText("2 of").waitFor();
    await screenshot(adminPage, "training-programs-compliance-desktop");
    await adminPage.goto("/videos");
    await adminPage.getByRole("button", { name: "Add Video URL" }).waitFor();
    await screenshot(adminPage, "training-videos-admin-desktop");
    await staff.close();
  });
});
