import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import dashboardEs from "../../apps/web/src/features/dashboard/locales/es.js";
import jhaEs from "../../apps/web/src/features/jha/locales/es.js";
import permitsEs from "../../apps/web/src/features/permits/locales/es.js";
import trainingEs from "../../apps/web/src/features/training/locales/es.js";
import commonEs from "../../apps/web/src/lib/i18n/locales/es.js";
import { translateMessage } from "../../packages/domain/src/i18n/messagesEs.js";
import { ApiSession, registerCrew } from "../lib/api.js";
import { launchBrowser, newContext, PHONE, screenshot, signIn } from "../lib/browser.js";
import { ADMIN } from "../lib/globalSetup.js";

// A worker whose saved language is Spanish signs in on a phone (390 px) and the whole walk is in
// Spanish: the dashboard, a JHA form with a client-side validation message (the domain's Zod
// message, translated in the browser), a hot work permit request and a training quiz. The texts
// expected are the Spanish locale files' own (apps/web/src/**/locales/es.ts), so a screen that
// still shows English, or a key, fails here.
//   pnpm build && cd e2e && npx vitest run tests/spanish.test.ts

const baseUrl = inject("baseUrl");
const suffix = Date.now().toString(36);
const password = "Passw0rd!";
const dashboard = dashboardEs.dashboard;
const jha = jhaEs.jha;
const permits = permitsEs.permits;
const training = trainingEs.training;

interface Module {
  id: number;
  slug: string | null;
  title: string;
  content: { sections: { title: string }[]; quiz: { question: string; options: string[] }[] };
}

/** The answer key (never sent before an attempt): a throwaway worker submits one and reads the grading. */
async function answerKey(module: Module): Promise<number[]> {
  const name = `clave_${suffix}`;
  const res = await fetch(`${baseUrl}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({
      username: name,
      email: `${name}@example.com`,
      firstName: "Clave",
      lastName: "Lector",
      password,
      role: "worker",
      company: "Acme",
      hardhatNumber: `HH-${name}`,
    }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const session = await new ApiSession(baseUrl).login(name, password);
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

describe.skipIf(!baseUrl)("a Spanish-speaking worker on a phone", () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let module: Module;
  const firstName = "Lupe";

  beforeAll(async () => {
    const crew = await registerCrew(baseUrl, ADMIN, {
      password,
      manager: { username: `jefa_${suffix}`, firstName: "Marta", lastName: "Jefa" },
      worker: { username: `lupe_${suffix}`, firstName, lastName: "Obrera" },
      hardhatNumber: `HH-${suffix}`,
      project: { name: `Obra Norte ${suffix}`, location: "Phoenix, AZ" },
    });
    // The choice saved on the user (as the profile's language switch does), not the browser's.
    await crew.workerApi.call("PUT", "/api/user/language", { language: "es" });
    const modules = await crew.workerApi.call<Module[]>("GET", "/api/training-modules");
    const found = modules.find((m) => m.slug === "hard-hat-safety") ?? modules[0];
    if (!found) throw new Error("no training module seeded");
    module = await crew.workerApi.call<Module>("GET", `/api/training-modules/${found.id}`);

    browser = await launchBrowser();
    // An English-speaking browser: the Spanish comes from the saved choice alone.
    context = await newContext(browser, baseUrl, PHONE);
    page = await context.newPage();
    await signIn(page, `lupe_${suffix}`, password);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it("opens the dashboard in Spanish", async () => {
    await page.getByRole("heading", { level: 1, name: dashboard.welcome.replace("{{name}}", firstName) }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("es");
    expect(await page.evaluate(() => localStorage.getItem("sitesafe.language"))).toBe("es");
    await page.getByText(dashboard.quick.title, { exact: true }).first().waitFor();
    await page.getByRole("link", { name: commonEs.common.nav.home, exact: true }).waitFor();
    expect(await page.getByText("Welcome back").count()).toBe(0);
    expect(await page.getByText("Quick Actions").count()).toBe(0);
    await screenshot(page, "spanish-dashboard-phone");
  });

  it("a JHA form says its client-side validation message in Spanish", async () => {
    await page.goto("/forms/jha");
    await page.getByRole("button", { name: jha.list.newButton }).first().click();
    const form = page.getByRole("form", { name: jha.form.newLabel });
    await form.waitFor();
    await form.getByRole("button", { name: jha.form.submit }).click();
    // "Title is required" from the domain's schema, shown through lib/validation.ts in Spanish.
    const message = translateMessage("Title is required");
    expect(message).not.toBe("Title is required");
    await form.getByText(message).first().waitFor();
    expect(await form.getByText("Title is required").count()).toBe(0);
    await screenshot(page, "spanish-jha-validation-phone");
  });

  it("a hot work permit request is in Spanish", async () => {
    await page.goto("/forms/hot-work-permits");
    // Leaving the changed JHA form asked first; the new page is the permits list.
    const leave = page.getByRole("dialog", { name: commonEs.common.leave.title });
    if (await leave.isVisible().catch(() => false)) await leave.getByRole("button", { name: commonEs.common.leave.confirm }).click();
    await page.getByRole("heading", { level: 1, name: permits.list.title }).waitFor();
    await page.getByRole("button", { name: permits.list.requestButton }).first().click();
    await page.getByText(permits.form.noticeTitle).first().waitFor();
    await page.getByRole("button", { name: permits.list.submitRequest }).click();
    expect(translateMessage("Please select a project")).not.toBe("Please select a project");
    await page.getByText(translateMessage("Please select a project")).first().waitFor();
    await page.getByText(translateMessage("Title must be at least 5 characters")).first().waitFor();
    expect(await page.getByText("Please select a project").count()).toBe(0);
    await screenshot(page, "spanish-permit-request-phone");
  });

  it("a training quiz is taken and graded in Spanish", async () => {
    await page.goto(`/training/required/${module.id}`);
    const quizTab = page.getByRole("tab", { name: training.module.tabQuiz });
    await quizTab.waitFor();
    for (const section of module.content.sections) {
      await page.getByRole("button", { name: section.title }).click();
    }
    await page.waitForFunction(() => !document.querySelector('[role="tab"][disabled]'));
    await quizTab.click();
    const key = await answerKey(module);
    for (const [i, q] of module.content.quiz.entries()) {
      await page
        .getByTestId("quiz-question")
        .nth(i)
        .getByRole("radio", { name: q.options[key[i] as number] as string, exact: true })
        .check();
    }
    await page.getByRole("button", { name: training.module.submit }).click();
    await page.getByText(training.module.yourScore.replace("{{score}}", "100")).waitFor();
    await page.getByRole("heading", { name: training.module.completeTitle }).waitFor();
    expect(await page.getByText("Your score").count()).toBe(0);
    await screenshot(page, "spanish-training-quiz-phone");
  });
});
