import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type ApiSession, registerCrew } from "../lib/api.js";
import { launchBrowser, newContext, PHONE, screenshot, signIn } from "../lib/browser.js";
import { ADMIN } from "../lib/globalSetup.js";

const baseUrl = inject("baseUrl");
const suffix = Date.now().toString(36).slice(-5);
const PASSWORD = "Passw0rd!";
const WORKER = { username: `wendy_${suffix}`, firstName: "Wendy", lastName: "Welder" };
const MANAGER = { username: `max_${suffix}`, firstName: "Max", lastName: "Manager" };
const PROJECT = `Harbor Tower ${suffix}`;

interface Permit {
  id: number;
  status: string;
}

/** Picks an option of a Mantine Select found by its data-path. */
async function pick(page: Page, path: string, option: string) {
  await page.locator(`[data-path="${path}"]`).click();
  await page.getByRole("option", { name: option }).click();
}

describe.skipIf(!baseUrl)("hot work permits in the browser", () => {
  let browser: Browser;
  let workerApi: ApiSession;
  let workerProfileId: number;
  let projectId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({
      workerId: workerProfileId,
      projectId,
      workerApi,
    } = await registerCrew(baseUrl, ADMIN, {
      password: PASSWORD,
      manager: MANAGER,
      worker: WORKER,
      hardhatNumber: `HH-${suffix}`,
      project: { name: PROJECT, location: "Pier 4" },
    }));
  });
  afterAll(() => browser?.close());

  it("a worker requests a permit as themself; a manager rejects one and approves another; the worker closes it", async () => {
    // The worker requests a permit through the form.
    const workerContext = await newContext(browser, baseUrl);
    const worker = await workerContext.newPage();
    await signIn(worker, WORKER.username, PASSWORD);
    await worker.goto("/forms/hot-work-permits");
    await worker.getByText("No Hot Work Permits Found").waitFor();
    await worker.getByRole("button", { name: "Request Permit" }).first().click();
    await worker.getByText("Safety notice").waitFor();
    const requestedBy = worker.locator('input[data-path="requestedBy"]');
    await expect(requestedBy.inputValue()).resolves.toBe("Wendy Welder");
    await expect(requestedBy.getAttribute("readonly")).resolves.not.toBeNull();
    // Submitting the empty form shows the schema's messages.
    await worker.getByRole("button", { name: "Submit Permit Request" }).click();
    await worker.getByText("Please select a project").waitFor();
    await worker.getByText("Title must be at least 5 characters").waitFor();
    await worker.getByText("At least one safety precaution must be selected").waitFor();

    // The end time defaults to the start plus 4 hours (docs/field-grade-screens.md).
    const start = await worker.locator('[data-path="startDate"]').inputValue();
    const end = await worker.locator('[data-path="endDate"]').inputValue();
    expect(new Date(end).getTime() - new Date(start).getTime()).toBe(4 * 3600_000);
    await pick(worker, "projectId", PROJECT);
    await worker.locator('[data-path="title"]').fill("Weld stair stringers");
    await worker.locator('[data-path="location"]').fill("Level 2, east stair");
    await worker.locator('[data-path="workDescription"]').fill("Welding new steel stringers to the landing beams.");
    // Checklist choices are full-width rows (docs/field-grade-screens.md): the whole row toggles.
    await worker.getByRole("checkbox", { name: "Welding equipment" }).click();
    await worker.getByRole("checkbox", { name: "Other (please specify)" }).click();
    await worker.locator('[data-path="otherEquipment"]').fill("Plasma cutter");
    await worker.getByRole("checkbox", { name: /Fire extinguishers are available/ }).click();
    await worker.getByRole("checkbox", { name: /A fire watch has been assigned/ }).click();
    await worker.locator('[data-path="fireWatchBy"]').fill("Sam Watch");
    await screenshot(worker, "permits-form-desktop");
    await worker.getByRole("button", { name: "Submit Permit Request" }).click();
    await worker.getByText("Hot work permit submitted successfully").waitFor();
    // Field-grade screens (docs/field-grade-screens.md): the requester lands on the new permit, not on the dashboard.
    const [first] = await workerApi.call<Permit[]>("GET", "/api/hot-work-permits");
    await worker.waitForURL((url) => url.pathname === `/forms/hot-work-permits/${first?.id}`);
    expect(first).toMatchObject({
      status: "pending",
      requestedBy: workerProfileId,
      equipmentUsed: ["Welding equipment", "Other: Plasma cutter"],
    });
    const second = await workerApi.call<Permit>("POST", "/api/hot-work-permits", {
      projectId,
      title: "Cut openings in deck",
      location: "Roof deck, grid C4",
      workDescription: "Torch cutting two openings for the new exhaust fans.",
      startDate: new Date().toISOString(),
      endDate: new Date(Date.now() + 4 * 3600_000).toISOString(),
      precautions: ["Fire extinguishers are available and in working order at the work area"],
      equipmentUsed: ["Cutting torch"],
      fireWatchRequired: true,
      fireWatchBy: "Sam Watch",
      requestedBy: workerProfileId,
    });
    if (!first) throw new Error("the requested permit is missing");

    // The manager rejects the first (a reason is required) and approves the second.
    const managerContext = await newContext(browser, baseUrl);
    const manager = await managerContext.newPage();
    await signIn(manager, MANAGER.username, PASSWORD);
    await manager.goto(`/forms/hot-work-permits/${first.id}`);
    await manager.getByRole("button", { name: "Reject" }).click();
    await manager.getByRole("button", { name: "Reject Permit" }).click();
    await manager.getByText("Rejection reason required").waitFor();
    await manager.locator('[data-path="rejectionReason"]').fill("No fire watch is available on Saturday");
    await manager.getByRole("button", { name: "Reject Permit" }).click();
    await manager.getByText("The hot work permit has been rejected.").waitFor();
    await manager.getByTestId("permit-status-info").getByText("Permit Rejected").waitFor();
    await manager.getByText("No fire watch is available on Saturday").first().waitFor();

    await manager.goto(`/forms/hot-work-permits/${second.id}`);
    // All 14 precautions beside Approve: 1 checked, 13 missing; approving asks with the gaps listed.
    const checklist = manager.getByTestId("approval-review").getByTestId("precaution-checklist");
    await expect.poll(() => checklist.locator('[data-state="missing"]').count()).toBe(13);
    await expect(checklist.locator('[data-state="checked"]').count()).resolves.toBe(1);
    await manager.getByRole("button", { name: "Approve", exact: true }).click();
    await expect.poll(() => manager.getByTestId("approval-gaps").locator("li").count()).toBe(13);
    await manager.getByRole("button", { name: "Approve anyway" }).click();
    await manager.getByText("The hot work permit has been approved successfully.").waitFor();
    await manager.getByTestId("acknowledged-gaps").getByText("Approved with 13 gaps acknowledged:").waitFor();
    await manager.getByTestId("permit-status-info").getByText("Permit Approved").waitFor();
    await expect.poll(() => manager.getByRole("button", { name: "Approve", exact: true }).count()).toBe(0);

    // Staff edit a permit in any status: the form comes prefilled and the status stays.
    await manager.goto(`/forms/hot-work-permits/${first.id}/edit`);
    await expect(manager.locator('[data-path="title"]').inputValue()).resolves.toBe("Weld stair stringers");
    // The worker picker's names arrive with the workers list.
    await expect.poll(() => manager.locator('input[data-path="requestedBy"]').inputValue()).toBe("Wendy Welder");
    await expect.poll(() => manager.locator('input[data-path="projectId"]').inputValue()).toBe(PROJECT);
    await expect(manager.locator('[data-path="otherEquipment"]').inputValue()).resolves.toBe("Plasma cutter");
    await manager.locator('[data-path="location"]').fill("Level 2, east stair core");
    await screenshot(manager, "permits-edit-desktop");
    await manager.getByRole("button", { name: "Update Permit" }).click();
    await manager.getByText("Hot work permit updated successfully").waitFor();
    await manager.waitForURL((url) => url.pathname === `/forms/hot-work-permits/${first.id}`);
    const edited = await workerApi.call<Permit & { location: string }>("GET", `/api/hot-work-permits/${first.id}`);
    expect(edited).toMatchObject({ status: "rejected", location: "Level 2, east stair core" });

    // The worker closes the approved permit with notes; the history names every actor.
    await worker.goto(`/forms/hot-work-permits/${second.id}`);
    await expect(worker.getByRole("button", { name: "Approve" }).count()).resolves.toBe(0);
    await expect(worker.getByRole("button", { name: "Edit" }).count()).resolves.toBe(0);
    await worker.getByRole("button", { name: "Close Permit" }).click();
    await worker.locator('[data-path="closingNotes"]').fill("Area inspected 30 minutes after, all clear");
    await worker.getByRole("dialog").getByRole("button", { name: "Close Permit" }).click();
    await worker.getByText("The hot work permit has been closed.").waitFor();
    await worker.getByTestId("permit-status-info").getByText("Permit Closed").waitFor();
    const history = worker.getByTestId("permit-history");
    await history.getByText("Closed the permit").waitFor();
    const text = (await history.textContent()) ?? "";
    expect(text).toContain("Requested the permit");
    expect(text).toContain("Approved the permit");
    expect(text).toContain("Closed the permit");
    // Closing a permit that needs a fire watch starts the post-work watch, by whoever closed it.
    expect(text).toContain("Fire watch started");
    expect(text.match(/by Wendy Welder/g)).toHaveLength(3);
    expect(text).toContain("by Max Manager");
    await screenshot(worker, "permits-detail-desktop");

    await worker.goto("/forms/hot-work-permits");
    await worker.getByTestId("permit-card").first().waitFor();
    await expect.poll(() => worker.getByTestId("permit-card").count()).toBe(2);
    await worker.getByRole("tab", { name: PROJECT }).click();
    await worker.getByPlaceholder(/Search permits/).fill("deck");
    await expect.poll(() => worker.getByTestId("permit-card").count()).toBe(1);
    await worker.getByPlaceholder(/Search permits/).fill("");
    await expect.poll(() => worker.getByTestId("permit-card").count()).toBe(2);
    await screenshot(worker, "permits-list-desktop");

    // A permit that is not there, or not the worker's to see.
    await worker.goto("/forms/hot-work-permits/999999");
    await worker.getByText("Permit Not Found").waitFor();
    await worker.getByText(/doesn't exist or you don't have access/).waitFor();
    // The worker cannot edit a decided permit: the edit page sends them to the detail.
    await worker.goto(`/forms/hot-work-permits/${first.id}/edit`);
    await worker.waitForURL((url) => url.pathname === `/forms/hot-work-permits/${first.id}`);

    await workerContext.close();
    await managerContext.close();
  });

  it("works on a phone: list, request form and detail", async () => {
    const context = await newContext(browser, baseUrl, PHONE);
    const page = await context.newPage();
    await signIn(page, WORKER.username, PASSWORD);
    await page.goto("/forms/hot-work-permits");
    await page.getByTestId("permit-card").first().waitFor();
    await screenshot(page, "permits-list-phone");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await page.getByRole("button", { name: "Request Permit" }).first().click();
    await page.getByText("Safety notice").waitFor();
    await screenshot(page, "permits-form-phone");
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.getByText("Safety notice").waitFor({ state: "detached" });

    const permits = await workerApi.call<Permit[]>("GET", "/api/hot-work-permits");
    const closed = permits.find((p) => p.status === "closed");
    await page.goto(`/forms/hot-work-permits/${closed?.id}`);
    await page.getByTestId("permit-status-info").getByText("Permit Closed").waitFor();
    await screenshot(page, "permits-detail-phone");
    const detailOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(detailOverflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});
