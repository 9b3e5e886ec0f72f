import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ApiSession } from "../lib/api.js";
import { chooseOption, launchBrowser, newContext, PHONE, screenshot, signIn } from "../lib/browser.js";
import { ADMIN } from "../lib/globalSetup.js";
import { scribble, signOne } from "../lib/signOn.js";

// Toolbox talks (issue #34) on a 390 px phone: a foreman gives a talk from the library, two
// attendees sign (one without an account), and the attendance sheet downloads as a PDF that shows
// both names (pdftotext reads it; pdftoppm renders its first page for a person to look at); then a
// sign-on link opens, signed out, a page with the talk alone, and a signature through it is marked so.
// Then the talk gets its group photo, the project page shows the week and the attendee her talks.

const baseUrl = inject("baseUrl");
const suffix = randomUUID().slice(0, 6);
const PASSWORD = "Passw0rd!";

describe.skipIf(!baseUrl)("toolbox talks on a phone", () => {
  let browser: Browser;
  let context: BrowserContext;
  const foreman = `tom_${suffix}`;
  const projectName = `Parking Deck ${suffix}`;
  let projectId = 0;
  let talkPath = "";

  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await new ApiSession(baseUrl).login(ADMIN.username, ADMIN.password);
    const project = await admin.call<{ id: number }>("POST", "/api/projects", {
      name: projectName,
      location: "Springfield",
      startDate: "2026-01-05",
      status: "active",
    });
    projectId = project.id;
    for (const [firstName, lastName, role, username] of [
      ["Tom", "Talker", "Foreman", foreman],
      ["Ann", "Attendee", "Laborer", `ann_${suffix}`],
    ] as const) {
      await admin.call("POST", "/api/workers", {
        firstName,
        lastName,
        email: `${username}@example.com`,
        phone: "5551234567",
        role,
        company: "Acme Builders",
        username,
        password: PASSWORD,
        projectIds: [project.id],
      });
    }
    context = await newContext(browser, baseUrl, PHONE);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a talk from the library with two attendees; its PDF attendance sheet names both", async () => {
    const page = await context.newPage();
    await signIn(page, foreman, PASSWORD);
    await page.goto("/talks");
    await page.getByTestId("new-talk").click();
    await chooseOption(page, "projectId", projectName);
    await chooseOption(page, "topicId", "Ladder safety (English)");
    await expect.poll(() => page.locator('[data-path="title"]').inputValue()).toBe("Ladder safety");
    await page.getByRole("button", { name: "Save talk" }).click();
    await page.waitForURL((u) => /^\/talks\/\d+$/.test(u.pathname));
    talkPath = new URL(page.url()).pathname;

    await page.getByTestId("collect-sign-on").click();
    await signOne(page, { pick: "Ann Attendee" }, "three points of contact");
    await signOne(page, { name: "Sam Sub", company: "Sparks Electric" }, "three points of contact");
    await page.getByRole("dialog").getByRole("button", { name: "Done" }).click();
    await expect.poll(() => page.getByTestId("signature").count()).toBe(2);
    await screenshot(page, "talk-attendance-phone");

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("attendance-pdf").click()]);
    const dir = mkdtempSync(join(tmpdir(), "signon-talk-"));
    const file = join(dir, "attendance.pdf");
    await download.saveAs(file);
    const text = execFileSync("pdftotext", ["-layout", file, "-"]).toString();
    expect(text).toContain("Toolbox Talk Attendance Sheet");
    expect(text).toContain("Ladder safety");
    expect(text).toContain("Ann Attendee");
    expect(text).toContain("Sam Sub");
    expect(text).toContain("Sparks Electric");
    // Rendered for a person to look at: the first page as a PNG beside the browser's screenshots.
    execFileSync("pdftoppm", ["-png", "-r", "60", "-f", "1", "-l", "1", file, join(dir, "page")]);
    writeFileSync(join(tmpdir(), "signon-talk-pdf-path.txt"), dir);

    // A sign-on link for someone without the app, opened on another phone with nobody signed in.
    await page.getByTestId("open-sign-on-links").click();
    await page.getByTestId("create-link").click();
    await page.getByTestId("sign-on-qr").waitFor();
    const url = (await page.getByTestId("sign-on-url").textContent()) ?? "";
    expect(url).toMatch(/\/s\/[A-Za-z0-9_-]{32}$/);
    await screenshot(page, "talk-sign-on-link-phone");
    const stranger = await (await newContext(browser, baseUrl, PHONE)).newPage();
    await stranger.goto(url);
    await stranger.getByRole("heading", { name: "Sign on: Ladder safety" }).waitFor();
    await expect(stranger.getByRole("navigation").count()).resolves.toBe(0);
    await stranger.locator('[data-path="guestName"]').fill("Lou Link");
    await stranger.locator('[data-path="guestCompany"]').fill("Day Labor Co");
    await scribble(stranger);
    await stranger.getByTestId("public-sign").click();
    await stranger.getByTestId("public-signed").waitFor();
    await screenshot(stranger, "talk-public-sign-on-phone");
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).first().click();
    await page.reload();
    await expect
      .poll(() => page.getByTestId("signature").filter({ hasText: "Lou Link" }).textContent())
      .toContain("Signed through a sign-on link");
  });

  it("a group photo on the talk; the attendee's profile lists the talk; the project's page shows its week", async () => {
    const page = await context.newPage();
    await page.goto(talkPath);
    const strip = page.getByTestId("photo-strip");
    await strip.getByText("Group photo").waitFor();
    await strip.getByText("No photos yet.").waitFor();
    const base64 = await page.evaluate(() => {
      const canvas = document.createElement("canvas");
      canvas.width = 800;
      canvas.height = 600;
      const ctx = canvas.getContext("2d") as CanvasRenderingContext2D;
      ctx.fillStyle = "#2f9e44";
      ctx.fillRect(0, 0, 800, 600);
      ctx.fillStyle = "#fff";
      ctx.fillRect(200, 150, 400, 300);
      return canvas.toDataURL("image/png").split(",")[1] as string;
    });
    await strip
      .locator('input[type="file"][multiple]')
      .setInputFiles({ name: "crew.png", mimeType: "image/png", buffer: Buffer.from(base64, "base64") });
    await expect.poll(() => strip.getByRole("button", { name: /Open photo crew/ }).count(), { timeout: 30_000 }).toBe(1);
    await strip.getByText("1 of 1").waitFor();
    await screenshot(page, "talk-group-photo-phone");

    // The project's page: this week's card names the talk and its three signatures.
    await page.goto(`/projects/${projectId}`);
    const weeks = page.getByTestId("project-talk-weeks");
    await weeks.getByTestId("week-talk").filter({ hasText: "Ladder safety" }).waitFor();
    await expect(weeks.getByTestId("talk-week").first().textContent()).resolves.toContain("1 talk · 3 signed");
    await screenshot(page, "project-talk-weeks-phone");

    // Ann, on her own phone: her profile lists the talk she signed.
    const ann = await (await newContext(browser, baseUrl, PHONE)).newPage();
    await signIn(ann, `ann_${suffix}`, PASSWORD);
    await ann.goto("/profile");
    const attended = ann.getByTestId("talks-attended");
    await attended.getByTestId("attended-talk").filter({ hasText: "Ladder safety" }).waitFor();
    await expect(attended.textContent()).resolves.toContain(projectName);
    await screenshot(ann, "profile-talks-attended-phone");
  });
});
