import { randomUUID } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ApiSession } from "../lib/api.js";
import { chooseOption, DESKTOP, isUncovered, launchBrowser, newContext, PHONE, screenshot, signIn } from "../lib/browser.js";
import { ADMIN } from "../lib/globalSetup.js";

// Issue #35's screens that only the API had: a manager copies the built-in scaffold template,
// changes an item and adds one, and saves version 2; a new inspection walks version 2 while one
// made before keeps version 1's items. A foreman raises a corrective action from an incident report
// of their project; it is listed on the report and in its owner's "my actions".

const baseUrl = inject("baseUrl");
const suffix = randomUUID().slice(0, 6);
const PASSWORD = "Passw0rd!";
const SCAFFOLD = "Scaffold inspection (before each shift)";
const SIGNATURE = "data:image/png;base64,iVBORw0KGgo=";
const NEW_ITEM = "Debris netting secured on every lift";

type Item = { key: string; text: string; type: "passFail" | "yesNo" | "number" | "text"; min: number | null };
type Template = { id: number; name: string; builtin: boolean; currentVersion: number; sections: { title: string; items: Item[] }[] };

/** An answer that passes each item (text items may be left out). */
const passing = (items: Item[]) =>
  items
    .filter((i) => i.type !== "text")
    .map((i) => ({ itemKey: i.key, value: i.type === "passFail" ? "pass" : i.type === "yesNo" ? "yes" : (i.min ?? 0) }));

describe.skipIf(!baseUrl)("inspection templates and actions raised from records", () => {
  let browser: Browser;
  let admin: ApiSession;
  let managerApi: ApiSession;
  let projectId = 0;
  const projectName = `Pier Deck ${suffix}`;
  const manager = { username: `tm_mgr_${suffix}`, password: "Manager1!" };
  const foreman = { username: `tm_fore_${suffix}` };
  const owner = { username: `tm_own_${suffix}` };

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await new ApiSession(baseUrl).login(ADMIN.username, ADMIN.password);
    projectId = (
      await admin.call<{ id: number }>("POST", "/api/projects", {
        name: projectName,
        location: "Harbor",
        startDate: "2026-01-05",
        status: "active",
      })
    ).id;
    const worker = (username: string, firstName: string, lastName: string, role: string) =>
      admin.call("POST", "/api/workers", {
        firstName,
        lastName,
        email: `${username}@example.com`,
        phone: "5551234567",
        role,
        company: "Acme Builders",
        username,
        password: PASSWORD,
        projectIds: [projectId],
      });
    await worker(foreman.username, "Flo", "Foreman", "Foreman");
    await worker(owner.username, "Otis", "Owner", "Carpenter");
    await admin.call("POST", "/api/managers", {
      ...manager,
      firstName: "Meg",
      lastName: "Manager",
      email: `${manager.username}@example.com`,
    });
    managerApi = await new ApiSession(baseUrl).login(manager.username, manager.password);
  });
  afterAll(() => browser?.close());

  it("a manager copies the built-in scaffold template, edits an item and adds one: version 2 for new inspections, version 1 kept by an earlier one", async () => {
    const page = await (await newContext(browser, baseUrl, DESKTOP)).newPage();
    await signIn(page, manager.username, manager.password);
    await page.goto("/inspections");
    await page.getByTestId("inspection-templates").click();
    const builtin = page.getByTestId("template-card").filter({ hasText: SCAFFOLD }).first();
    await builtin.getByTestId("template-builtin").waitFor();
    await builtin.getByTestId("copy-template").click();
    const name = `Scaffold ${suffix}`;
    await page.getByRole("dialog").locator('[data-path="name"]').fill(name);
    await page.getByTestId("copy-template-submit").click();
    await page.waitForURL((u) => /^\/inspections\/templates\/\d+$/.test(u.pathname));
    const templateId = Number(new URL(page.url()).pathname.split("/").pop());

    // An inspection made with version 1, before the edit.
    const v1 = await managerApi.call<Template>("GET", `/api/inspection-templates/${templateId}`);
    expect(v1).toMatchObject({ name, builtin: false, currentVersion: 1 });
    const first = v1.sections[0]?.items[0] as Item;
    const earlier = await managerApi.call<{ id: number }>("POST", "/api/inspections", {
      projectId,
      templateId,
      answers: passing(v1.sections.flatMap((s) => s.items)),
      signature: SIGNATURE,
    });

    const edited = `${first.text} (checked by the foreman)`;
    await page.locator('[data-path="sections.0.items.0.text"]').fill(edited);
    const section = page.getByTestId("template-section").first();
    const count = await section.getByTestId("template-item").count();
    await section.getByTestId("add-item").click();
    await page.locator(`[data-path="sections.0.items.${count}.text"]`).fill(NEW_ITEM);
    await screenshot(page, "template-editor-desktop");
    // Unsaved changes: leaving asks first, and staying keeps them.
    await page.getByRole("link", { name: "Inspections", exact: true }).first().click();
    const ask = page.getByRole("dialog", { name: "Leave this form?" });
    await ask.waitFor();
    await ask.getByRole("button", { name: "Stay on the form" }).click();
    expect(new URL(page.url()).pathname).toBe(`/inspections/templates/${templateId}`);
    expect(await page.locator('[data-path="sections.0.items.0.text"]').inputValue()).toBe(edited);
    await page.getByTestId("save-template").click();
    // Saved: the page now edits version 2, and says the next save makes version 3.
    await expect.poll(() => page.getByTestId("version-note").textContent()).toContain("version 3");

    const v2 = await managerApi.call<Template>("GET", `/api/inspection-templates/${templateId}`);
    expect(v2.currentVersion).toBe(2);
    const items = v2.sections[0]?.items ?? [];
    // The edited item kept its key; the new one got a key from its text.
    expect(items[0]).toMatchObject({ key: first.key, text: edited });
    expect(items.at(-1)).toMatchObject({ key: "debris-netting-secured-on-every-lift", text: NEW_ITEM });

    // A new inspection walks version 2.
    await page.goto("/inspections/new");
    await page.getByTestId("inspection-project").click();
    await page.getByRole("option", { name: projectName, exact: true }).click();
    await page.getByTestId("inspection-template").click();
    await page.getByRole("option", { name, exact: true }).click();
    await page.getByTestId("item-debris-netting-secured-on-every-lift").waitFor();
    expect(await page.getByTestId(`item-${first.key}`).textContent()).toContain(edited);

    // The earlier one still shows version 1's items.
    await page.goto(`/inspections/${earlier.id}`);
    await page.getByTestId(`answer-row-${first.key}`).waitFor();
    expect(await page.getByTestId(`answer-row-${first.key}`).textContent()).not.toContain("checked by the foreman");
    expect(await page.getByTestId("answer-row-debris-netting-secured-on-every-lift").count()).toBe(0);
    await page.close();
  });

  it("a foreman raises a corrective action from an incident report; it shows on the report and in the owner's actions", async () => {
    const foremanApi = await new ApiSession(baseUrl).login(foreman.username, PASSWORD);
    const incident = await foremanApi.call<{ id: number }>("POST", "/api/incident-reports", {
      title: `Plank slipped ${suffix}`,
      description: "A scaffold plank slipped under load on level 2",
      severity: "near_miss",
      date: "2026-03-02",
      location: "Level 2",
      projectId,
      involvedWorkers: [],
      actionTaken: "Area cordoned",
      preventiveMeasures: "Clip every plank to the ledger before use",
      status: "open",
    });
    const page = await (await newContext(browser, baseUrl, PHONE)).newPage();
    await signIn(page, foreman.username, PASSWORD);
    await page.goto(`/forms/incident-reports/${incident.id}`);
    await page.getByTestId("source-actions").getByText("No corrective actions raised from this record yet.").waitFor();
    await page.getByTestId("raise-action").click();
    const dialog = page.getByRole("dialog");
    // Prefilled from the report's preventive measures, editable.
    await expect.poll(() => dialog.locator('[data-path="description"]').inputValue()).toBe("Clip every plank to the ledger before use");
    await chooseOption(page, "ownerUserId", "Otis Owner · Carpenter");
    await dialog.getByText("High", { exact: true }).click();
    await screenshot(page, "raise-action-phone");
    // The foreman's training is unfinished: the reminder toast must not cover the dialog's Submit.
    expect(await isUncovered(page.getByTestId("raise-action-submit"))).toBe(true);
    await page.getByTestId("raise-action-submit").click();
    await page.waitForURL((u) => /^\/actions\/\d+$/.test(u.pathname));

    await page.goto(`/forms/incident-reports/${incident.id}`);
    const listed = page.getByTestId("source-action");
    await listed.first().waitFor();
    expect(await listed.count()).toBe(1);
    expect(await listed.first().textContent()).toContain("Clip every plank to the ledger before use");
    expect(await listed.first().getByTestId("action-status").textContent()).toBe("Open");
    await page.close();

    const ownerPage = await (await newContext(browser, baseUrl, PHONE)).newPage();
    await signIn(ownerPage, owner.username, PASSWORD);
    await ownerPage.goto("/actions?mine=true");
    await ownerPage.getByTestId("action-card").filter({ hasText: "Clip every plank to the ledger before use" }).waitFor();
    await ownerPage.close();
  });
});
