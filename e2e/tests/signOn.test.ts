import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ApiSession } from "../lib/api.js";
import { launchBrowser, newContext, PHONE, screenshot, signIn } from "../lib/browser.js";
import { ADMIN } from "../lib/globalSetup.js";
import { signOne } from "../lib/signOn.js";

// Crew sign-on (issue #34) on a 390 px phone: the foreman hands the phone round on a JHA, three
// crew members sign (one without an account), an edit marks their signatures as of an earlier
// version, and a fourth signature made with no signal arrives once when the signal returns.

const baseUrl = inject("baseUrl");
const suffix = randomUUID().slice(0, 6);
const PASSWORD = "Passw0rd!";

describe.skipIf(!baseUrl)("crew sign-on on a phone", () => {
  let browser: Browser;
  let context: BrowserContext;
  let admin: ApiSession;
  let jhaId: number;
  const foreman = `fay_${suffix}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await new ApiSession(baseUrl).login(ADMIN.username, ADMIN.password);
    const project = await admin.call<{ id: number }>("POST", "/api/projects", {
      name: `Sewer Line ${suffix}`,
      location: "Springfield",
      startDate: "2026-01-05",
      status: "active",
    });
    const worker = (firstName: string, lastName: string, role: string, username = `${firstName.toLowerCase()}_${suffix}`) =>
      admin.call<{ id: number }>("POST", "/api/workers", {
        firstName,
        lastName,
        email: `${firstName.toLowerCase()}_${suffix}@example.com`,
        phone: "5551234567",
        role,
        company: "Acme Builders",
        username,
        password: PASSWORD,
        projectIds: [project.id],
      });
    const fay = await worker("Fay", "Foreman", "Foreman", foreman);
    await worker("Ann", "Anders", "Laborer");
    await worker("Ben", "Brooks", "Pipefitter");
    const jha = await admin.call<{ id: number }>("POST", "/api/jha-forms", {
      projectId: project.id,
      title: `Trench for sewer ${suffix}`,
      jobDescription: "Dig a 2 m trench for the sewer line",
      hazards: [{ description: "Trench collapse", riskLevel: "high" }],
      controlMeasures: [{ description: "Trench box and sloping", responsibility: "Foreman" }],
      submittedBy: fay.id,
    });
    jhaId = jha.id;
    context = await newContext(browser, baseUrl, PHONE, { serviceWorker: true });
  });
  afterAll(async () => {
    await context?.setOffline(false);
    await browser?.close();
  });

  it("three crew members sign in turn, an edit marks an earlier version, and a signature made offline arrives once", async () => {
    const page = await context.newPage();
    await signIn(page, foreman, PASSWORD);
    await page.goto(`/forms/jha/${jhaId}`);
    const card = page.getByTestId("crew-sign-on");
    await expect.poll(() => card.getByTestId("signed-of").textContent()).toBe("Signed by 0 of 3 assigned");

    await card.getByTestId("collect-sign-on").click();
    await signOne(page, { pick: "Ann Anders" }, "Trench collapse");
    await signOne(page, { pick: "Ben Brooks" }, "Trench collapse");
    await signOne(page, { name: "Gus Guest", company: "Subs Inc" }, "Trench collapse");
    await screenshot(page, "signon-flow-phone");
    await page.getByRole("dialog").getByRole("button", { name: "Done" }).click();

    await expect.poll(() => card.getByTestId("signature").count()).toBe(3);
    await expect(card.getByTestId("signed-of").textContent()).resolves.toBe("Signed by 2 of 3 assigned and 1 person without an account");
    await expect(card.getByTestId("sign-on-missing").textContent()).resolves.toBe("Not signed yet: Fay Foreman");
    await screenshot(page, "signon-signed-phone");

    // The JHA is edited: all three signed an earlier version.
    await admin.call("PUT", `/api/jha-forms/${jhaId}`, {
      hazards: [{ description: "Trench collapse and falling spoil", riskLevel: "high" }],
    });
    await page.reload();
    await expect.poll(() => card.getByTestId("earlier-version").count()).toBe(3);
    await expect(card.getByTestId("signed-of").textContent()).resolves.toBe("Signed by 0 of 3 assigned");

    // No signal: a fourth signs, waits in the Outbox, and arrives once when the signal returns.
    await context.setOffline(true);
    await card.getByTestId("collect-sign-on").click();
    await signOne(page, { name: "Olga Offline", company: "Subs Inc" }, "Trench collapse");
    await page.getByRole("dialog").getByRole("button", { name: "Done" }).click();
    await expect.poll(() => card.getByTestId("queued-signature").textContent()).toBe("Waiting to send: Olga Offline");
    await screenshot(page, "signon-offline-phone");
    await context.setOffline(false);
    await expect.poll(() => card.getByTestId("signature").count(), { timeout: 30_000 }).toBe(4);
    await expect.poll(() => card.getByTestId("queued-signature").count()).toBe(0);
    const status = await admin.call<{ signatures: { name: string; current: boolean }[] }>("GET", `/api/jha-forms/${jhaId}/sign-on`);
    expect(status.signatures.map((s) => [s.name, s.current])).toEqual([
      ["Ann Anders", false],
      ["Ben Brooks", false],
      ["Gus Guest", false],
      ["Olga Offline", true],
    ]);
    await screenshot(page, "signon-back-online-phone");
  });
});
