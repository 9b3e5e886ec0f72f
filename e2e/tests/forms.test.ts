import { randomUUID } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ApiSession } from "../lib/api.js";
import { chooseOption, DESKTOP, launchBrowser, newContext, PHONE, screenshot, signIn } from "../lib/browser.js";
import { ADMIN } from "../lib/globalSetup.js";

const baseUrl = inject("baseUrl");
const suffix = randomUUID().slice(0, 6);
const PASSWORD = "Passw0rd!";

interface Account {
  username: string;
  password: string;
}

/** Picks an option of a Mantine Select found by its form path. */
const choose = chooseOption;

describe.skipIf(!baseUrl)("JHA forms and incident reports", () => {
  let browser: Browser;
  let admin: ApiSession;
  let projectA: { id: number; name: string };
  let projectB: { id: number; name: string };
  let workerA: Account; // on project A
  let workerB: Account; // on project B only
  let manager: Account;
  const jhaTitle = `Trench dig ${suffix}`;
  const incidentTitle = `Ladder slip ${suffix}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await new ApiSession(baseUrl).login(ADMIN.username, ADMIN.password);
    const newProject = (name: string) =>
      admin.call<{ id: number; name: string }>("POST", "/api/projects", {
        name,
        location: "Springfield",
        startDate: "2026-01-05",
        status: "active",
      });
    projectA = await newProject(`Alpha Tower ${suffix}`);
    projectB = await newProject(`Bravo Bridge ${suffix}`);
    const newWorker = async (first: string, last: string, projectId: number): Promise<Account> => {
      const username = `${first.toLowerCase()}_${suffix}`;
      await admin.call("POST", "/api/workers", {
        firstName: first,
        lastName: last,
        email: `${username}@example.com`,
        phone: "5551234567",
        role: "Carpenter",
        company: "Acme Builders",
        hardhatNumber: `HH-${username}`,
        username,
        password: PASSWORD,
        projectIds: [projectId],
      });
      return { username, password: PASSWORD };
    };
    workerA = await newWorker("Walt", "Alpha", projectA.id);
    workerB = await newWorker("Bea", "Bravo", projectB.id);
    const invite = await admin.call<{ token: string }>("POST", "/api/invite-tokens", { role: "manager" });
    manager = { username: `manny_${suffix}`, password: PASSWORD };
    await new ApiSession(baseUrl).call("POST", "/api/register", {
      username: manager.username,
      email: `${manager.username}@example.com`,
      firstName: "Manny",
      lastName: "Manager",
      password: PASSWORD,
      role: "manager",
      inviteToken: invite.token,
    });
  });
  afterAll(() => browser?.close());

  it("a worker files a JHA with two hazards and a control measure and sees it listed", async () => {
    const context = await newContext(browser, baseUrl, DESKTOP);
    const page = await context.newPage();
    await signIn(page, workerA.username, workerA.password);
    await page.goto("/forms/jha");
    await page.getByRole("button", { name: "New JHA" }).click();
    const form = page.getByRole("form", { name: "New JHA form" });
    // The only assigned project is preselected; the submitter is the worker, read only.
    await expect.poll(() => form.locator('[data-path="projectId"]').inputValue()).toBe(projectA.name);
    await expect.poll(() => form.locator('[data-path="submittedBy"]').inputValue()).toBe("Walt Alpha");
    await form.locator('[data-path="title"]').fill(jhaTitle);
    await form.locator('[data-path="jobDescription"]').fill("Excavate a 2 m trench for the water main");
    // With one hazard left, Remove is disabled.
    await expect(form.getByRole("button", { name: "Remove hazard 1" }).isDisabled()).resolves.toBe(true);
    await form.locator('[data-path="hazards.0.description"]').fill("Trench wall collapse");
    const hazardRows = form.getByTestId("hazard-row");
    await hazardRows.nth(0).getByRole("radio", { name: "High" }).click();
    await form.getByRole("button", { name: "Add Hazard" }).click();
    // A new hazard's risk level is nobody's choice until someone makes it (issue #37: it used to start at Medium).
    await expect(hazardRows.nth(1).getByRole("radio", { checked: true }).count()).resolves.toBe(0);
    await form.locator('[data-path="hazards.1.description"]').fill("Buried utilities");
    await form.locator('[data-path="controlMeasures.0.description"]').fill("Shoring and trench boxes");
    await form.locator('[data-path="controlMeasures.0.responsibility"]').fill("Site foreman");
    await form.getByRole("button", { name: "Submit JHA" }).click();
    await form.getByText("Choose the risk level of each hazard").waitFor();
    await hazardRows.nth(1).getByRole("radio", { name: "Medium" }).click();
    await form.getByRole("button", { name: "Submit JHA" }).click();
    // Field-grade screens (docs/field-grade-screens.md): the worker lands on the new analysis, with a toast; the list shows it too.
    await page.getByText("JHA form submitted").waitFor();
    await page.waitForURL((u) => /^\/forms\/jha\/\d+$/.test(u.pathname));
    await page.getByRole("heading", { name: jhaTitle }).waitFor();
    await page.goto("/forms/jha");

    const card = page.getByTestId("jha-card").filter({ hasText: jhaTitle });
    await card.waitFor();
    await expect(card.textContent()).resolves.toContain("2 hazards");
    await expect(card.textContent()).resolves.toContain("High risk");
    await expect(card.textContent()).resolves.toContain("Walt Alpha");
    await screenshot(page, "forms-jha-list-desktop");

    await card.click();
    await page.getByRole("heading", { name: jhaTitle }).waitFor();
    await expect(page.getByTestId("hazard").count()).resolves.toBe(2);
    // Workers neither edit nor delete JHA forms.
    await expect(page.getByRole("button", { name: "Edit", exact: true }).count()).resolves.toBe(0);
    await expect(page.getByRole("button", { name: "Delete", exact: true }).count()).resolves.toBe(0);
    await page.locator('[data-path="content"]').fill("Shoring inspected before entry");
    await page.getByRole("button", { name: "Add Comment" }).click();
    await page.getByTestId("jha-comment").filter({ hasText: "Shoring inspected before entry" }).waitFor();
    await screenshot(page, "forms-jha-detail-desktop");

    await page.setViewportSize(PHONE);
    await page.reload();
    await page.getByRole("heading", { name: jhaTitle }).waitFor();
    await screenshot(page, "forms-jha-detail-phone");
    await page.goto("/forms/jha");
    await page.getByTestId("jha-card").first().waitFor();
    await screenshot(page, "forms-jha-list-phone");
    await page.getByRole("button", { name: "New JHA" }).click();
    await page.getByRole("form", { name: "New JHA form" }).waitFor();
    await screenshot(page, "forms-jha-new-phone");
    await context.close();
  });

  it("a worker of another project gets Access Denied on that JHA's URL", async () => {
    const forms = await admin.call<{ id: number; title: string }[]>("GET", `/api/jha-forms?search=${encodeURIComponent(jhaTitle)}`);
    const id = forms[0]?.id;
    expect(id).toBeDefined();
    const context = await newContext(browser, baseUrl, DESKTOP);
    const page = await context.newPage();
    await signIn(page, workerB.username, workerB.password);
    await page.goto(`/forms/jha/${id}`);
    await page.getByRole("heading", { name: "Access Denied" }).waitFor();
    await page
      .getByText("You don't have permission to view this JHA form. You can only view forms for projects you're assigned to.")
      .waitFor();
    await page.goto("/forms/jha/99999999");
    await page.getByRole("heading", { name: "JHA Form Not Found" }).waitFor();
    await context.close();

    // An admin edits the form (the submitter stays the worker) and then deletes it.
    const adminContext = await newContext(browser, baseUrl, DESKTOP);
    const apage = await adminContext.newPage();
    await signIn(apage, ADMIN.username, ADMIN.password);
    await apage.goto(`/forms/jha/${id}`);
    await apage.getByRole("heading", { name: jhaTitle }).waitFor();
    await apage.getByRole("button", { name: "Edit", exact: true }).click();
    const edit = apage.getByRole("form", { name: "Edit JHA form" });
    await expect.poll(() => edit.locator('[data-path="submittedBy"]').inputValue()).toContain("Walt Alpha");
    await edit.locator('[data-path="title"]').fill(`${jhaTitle} rev 2`);
    await edit.getByRole("button", { name: "Remove hazard 2" }).click();
    await expect(edit.getByRole("button", { name: "Remove hazard 1" }).isDisabled()).resolves.toBe(true);
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await apage.getByRole("heading", { name: `${jhaTitle} rev 2` }).waitFor();
    await expect(apage.getByTestId("hazard").count()).resolves.toBe(1);
    await apage.getByRole("button", { name: "Delete", exact: true }).click();
    await apage.getByRole("dialog").getByRole("button", { name: "Delete", exact: true }).click();
    await apage.waitForURL((u) => u.pathname === "/forms/jha");
    await apage.getByText("JHA form deleted").waitFor();
    await adminContext.close();
  });

  it("a worker reports an incident and edits it; a manager closes it (Resolved)", async () => {
    const context = await newContext(browser, baseUrl, DESKTOP);
    const page = await context.newPage();
    await signIn(page, workerA.username, workerA.password);
    await page.goto("/forms/incident-reports");
    await page.getByRole("button", { name: "Report New Incident" }).click();
    const form = page.getByRole("form", { name: "New incident report" });
    await expect.poll(() => form.locator('[data-path="projectId"]').inputValue()).toBe(projectA.name);
    // Field-grade screens (docs/field-grade-screens.md): no silent "Minor"; the reporter has to choose, and the form says so.
    await expect(form.locator('[data-path="severity"]').inputValue()).resolves.toBe("");
    await expect(form.locator('[data-path="status"]').inputValue()).resolves.toBe("Open");
    await expect.poll(() => form.locator('[data-path="reportedBy"]').inputValue()).toBe("Walt Alpha");
    await form.locator('[data-path="title"]').fill(incidentTitle);
    await form.locator('[data-path="location"]').fill("North stairwell");
    await form.locator('[data-path="description"]').fill("Extension ladder slid on wet concrete");
    await form.locator('[data-path="actionTaken"]').fill("First aid given, area taped off");
    await form.getByRole("button", { name: "Submit Report" }).click();
    await form.getByText("Please choose the severity").waitFor();
    await choose(page, "severity", "Moderate");
    await form.getByRole("button", { name: "Submit Report" }).click();
    await page.waitForURL((u) => /^\/forms\/incident-reports\/\d+$/.test(u.pathname));
    await page.getByRole("heading", { name: incidentTitle }).waitFor();
    await page.goto("/forms/incident-reports");

    const card = page.getByTestId("incident-card").filter({ hasText: incidentTitle });
    await card.waitFor();
    await expect(card.textContent()).resolves.toContain("Moderate");
    await expect(card.textContent()).resolves.toContain("Open");
    await page.getByRole("tab", { name: projectA.name }).click();
    await card.waitFor();
    await page.locator('input[aria-label="Search incident reports"]').fill("stairwell");
    await card.waitFor();
    await page.locator('input[aria-label="Search incident reports"]').fill("no such words");
    await page.getByText("No Incident Reports Found").waitFor();
    await page.locator('input[aria-label="Search incident reports"]').fill("");
    await card.waitFor();
    await screenshot(page, "forms-incidents-list-desktop");

    await card.click();
    await page.getByRole("heading", { name: incidentTitle }).waitFor();
    await page.getByRole("button", { name: "Edit", exact: true }).click();
    const edit = page.getByRole("form", { name: "Edit incident report" });
    await edit.locator('[data-path="title"]').fill(`${incidentTitle} (updated)`);
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await page.getByRole("heading", { name: `${incidentTitle} (updated)` }).waitFor();
    const url = page.url();
    await context.close();

    const managerContext = await newContext(browser, baseUrl, DESKTOP);
    const mpage = await managerContext.newPage();
    await signIn(mpage, manager.username, manager.password);
    await mpage.goto(url);
    await mpage.getByRole("heading", { name: `${incidentTitle} (updated)` }).waitFor();
    await mpage.getByRole("button", { name: "Edit", exact: true }).click();
    await choose(mpage, "status", "Resolved");
    await mpage.getByRole("button", { name: "Save Changes" }).click();
    await mpage.getByRole("heading", { name: `${incidentTitle} (updated)` }).waitFor();
    await mpage.locator('[data-status="closed"]').filter({ hasText: "Resolved" }).first().waitFor();
    await mpage.getByText("Open → Resolved").waitFor();
    await screenshot(mpage, "forms-incident-detail-desktop");
    await mpage.setViewportSize(PHONE);
    await mpage.reload();
    await mpage.getByText("Open → Resolved").waitFor();
    await screenshot(mpage, "forms-incident-detail-phone");
    await mpage.goto("/forms/incident-reports");
    await mpage.getByTestId("incident-card").first().waitFor();
    await screenshot(mpage, "forms-incidents-list-phone");
    await mpage.getByRole("button", { name: "Report New Incident" }).click();
    await mpage.getByRole("form", { name: "New incident report" }).waitFor();
    await screenshot(mpage, "forms-incident-new-phone");
    await managerContext.close();
  });
});
