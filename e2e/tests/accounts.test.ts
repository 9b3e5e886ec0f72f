import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ApiSession } from "../lib/api.js";
import { launchBrowser, newContext, PHONE, screenshot, signIn } from "../lib/browser.js";
import { ADMIN } from "../lib/globalSetup.js";

const baseUrl = inject("baseUrl");

let seq = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${++seq}`;

/** A worker account made through the real REST API, as the Register tab would. */
async function registerWorker(password = "secret123"): Promise<{ username: string; password: string; email: string }> {
  const username = unique("w");
  const email = `${username}@example.com`;
  const res = await fetch(`${baseUrl}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({
      username,
      email,
      firstName: "Wendy",
      lastName: "Field",
      password,
      role: "worker",
      company: "Acme",
      hardhatNumber: "HH-42",
    }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  return { username, password, email };
}

/** A browser context with a roomier timeout: the machine's two cores are shared with other suites. */
async function open(browser: Browser, viewport?: { width: number; height: number }) {
  const context = await newContext(browser, baseUrl, viewport);
  context.setDefaultTimeout(40_000);
  return context;
}

/** The form of the tab that is showing (Mantine keeps the other tab's form mounted, hidden). */
const visibleForm = (page: Page) => page.locator("form:visible").first();

describe.skipIf(!baseUrl)("accounts", () => {
  let browser: Browser;
  let admin: ApiSession;
  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await new ApiSession(baseUrl).login(ADMIN.username, ADMIN.password);
  });
  afterAll(() => browser?.close());

  it("registers a worker on /auth and lands on the dashboard", async () => {
    const context = await open(browser);
    const page = await context.newPage();
    await page.goto("/auth");
    await page.getByRole("tab", { name: "Register" }).click();
    const form = visibleForm(page);
    const username = unique("reg");
    await form.locator('[data-path="username"]').fill(username);
    await form.locator('[data-path="email"]').fill(`${username}@example.com`);
    await form.locator('[data-path="firstName"]').fill("Rita");
    await form.locator('[data-path="lastName"]').fill("Rivet");
    await form.locator('[data-path="password"]').fill("secret123");
    await form.locator('[data-path="confirmPassword"]').fill("secret123");
    await form.locator('[data-path="company"]').fill("Acme Builders");
    await form.locator('[data-path="hardhatNumber"]').fill("HH-100");
    await form.getByRole("button", { name: "Register" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    // A new worker has finished no training. Field-grade screens (docs/field-grade-screens.md): the dashboard's banner says so, and the
    // reminder toast does not repeat it there; it shows on the next page, clear of the header, so
    // the account menu stays usable while it shows (a toast over it paused its own timer on hover).
    await page.getByTestId("training-banner").waitFor();
    const reminder = page.locator(".mantine-Notification-root", { hasText: "Required Training Reminder" });
    await expect(reminder.count()).resolves.toBe(0);
    await page.goto("/videos");
    await reminder.waitFor();
    const header = await page.locator("header").boundingBox();
    const toast = await reminder.boundingBox();
    expect(toast!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    // Signed in as the new worker: the account menu shows their name.
    await page.getByRole("button", { name: "Account menu" }).click({ timeout: 5_000 });
    await page.getByText("Rita Rivet").first().waitFor();
    // An already signed-in visitor on /auth goes back to /.
    await page.goto("/auth");
    await page.waitForURL((url) => url.pathname === "/");
    await context.close();
  });

  it("an admin generates a manager invite token, copies it, and it registers a manager", async () => {
    const context = await open(browser);
    const page = await context.newPage();
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.goto("/admin/invite-tokens");
    await page.getByRole("heading", { name: "Invite Tokens", exact: true }).waitFor();
    await page.getByRole("button", { name: "Generate Invite Token" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.locator('[data-path="role"]').inputValue()).resolves.toBe("Manager");
    await dialog.getByRole("button", { name: "Generate Token" }).click();
    const shown = (await dialog.getByTestId("new-invite-token").textContent())?.trim() ?? "";
    expect(shown.length).toBeGreaterThanOrEqual(24);
    await dialog.getByRole("button", { name: "Copy token" }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(shown);
    await screenshot(page, "accounts-invite-dialog-desktop");
    await dialog.getByRole("button", { name: "Done" }).click();
    const row = page.getByTestId("invite-token-row").filter({ hasText: `${shown.slice(0, 8)}...` });
    await row.getByText("Active").waitFor();
    await row.getByText("Manager").waitFor();

    // The list's copy button still copies the full token while this page session has it.
    await page.evaluate(() => navigator.clipboard.writeText(""));
    await row.getByRole("button", { name: "Copy token" }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText()), { timeout: 15_000 }).toBe(shown);

    // A new visitor registers as a manager with the copied token.
    const visitor = await open(browser);
    const reg = await visitor.newPage();
    await reg.goto("/auth");
    await reg.getByRole("tab", { name: "Register" }).click();
    const form = visibleForm(reg);
    const username = unique("mgr");
    await form.locator('[data-path="username"]').fill(username);
    await form.locator('[data-path="email"]').fill(`${username}@example.com`);
    await form.locator('[data-path="firstName"]').fill("Marco");
    await form.locator('[data-path="lastName"]').fill("Polo");
    await form.locator('[data-path="password"]').fill("secret123");
    await form.locator('[data-path="confirmPassword"]').fill("secret123");
    await form.locator('[data-path="role"]').click();
    await reg.getByRole("option", { name: "Manager" }).click();
    await form.locator('[data-path="inviteToken"]').fill(copied);
    await form.getByRole("button", { name: "Register" }).click();
    await reg.waitForURL((url) => url.pathname === "/");
    const me = await reg.evaluate(async () => (await fetch("/api/user")).json());
    expect(me).toMatchObject({ username, role: "manager" });
    await visitor.close();

    // The admin sees the token as used.
    await page.reload();
    await row.getByText("Used", { exact: true }).waitFor();
    await row.getByText(/^Used on /).waitFor();
    await context.close();
  });

  it("an admin deletes an invite token", async () => {
    const created = await admin.call<{ id: number; tokenPreview: string }>("POST", "/api/invite-tokens", { role: "admin" });
    const context = await open(browser);
    const page = await context.newPage();
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.goto("/admin/invite-tokens");
    const row = page.getByTestId("invite-token-row").filter({ hasText: created.tokenPreview });
    await row.getByText("Admin").waitFor();
    await row.getByRole("button", { name: `Delete token ${created.tokenPreview}` }).click();
    const dialog = page.getByRole("dialog", { name: "Delete Invite Token" });
    await dialog.getByText("Are you sure you want to delete this invite token? This action cannot be undone.").waitFor();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await page.getByText("Token deleted").waitFor();
    await row.waitFor({ state: "detached" });
    const list = await admin.call<Array<{ id: number }>>("GET", "/api/invite-tokens");
    expect(list.map((t) => t.id)).not.toContain(created.id);
    await context.close();
  });

  it("an admin resets a user's password and the user signs in with it", async () => {
    const user = await registerWorker();
    const context = await open(browser);
    const page = await context.newPage();
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.goto("/admin/users");
    await page.getByRole("heading", { name: "User Management", exact: true }).waitFor();
    await page.getByPlaceholder("Search users...").fill(user.username.toUpperCase());
    // Exact: "21 user(s) found", before the search is answered, holds "1 user(s) found".
    await page.getByText("1 user(s) found", { exact: true }).waitFor();
    await page.getByRole("button", { name: `Actions for ${user.username}` }).click();
    await page.getByRole("menuitem", { name: "Reset Password" }).click();
    const dialog = page.getByRole("dialog", { name: "Reset Password" });
    await dialog.getByText(`Set a new password for ${user.username}. User will need to use this password for their next login.`).waitFor();
    const submit = dialog.getByRole("button", { name: "Reset Password" });
    await expect(submit.isDisabled()).resolves.toBe(true);
    await dialog.locator('[data-path="password"]').fill("NewSecret9");
    await dialog.locator('[data-path="confirmPassword"]').fill("NewSecret9");
    await expect.poll(() => submit.isEnabled(), { timeout: 15_000 }).toBe(true);
    await screenshot(page, "accounts-reset-dialog-desktop");
    await submit.click();
    await page.getByText("Password reset successful").waitFor();
    await page.getByText(`The password for ${user.username} has been reset.`).waitFor();
    await context.close();

    const userContext = await open(browser);
    const userPage = await userContext.newPage();
    await signIn(userPage, user.username, "NewSecret9");
    await userContext.close();
  });

  it("an admin deletes a user after confirming", async () => {
    const user = await registerWorker();
    const context = await open(browser);
    const page = await context.newPage();
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.goto("/admin/users");
    await page.getByPlaceholder("Search users...").fill("zz-nobody-matches-this");
    await page.getByText("No users matching your search").waitFor();
    await page.getByPlaceholder("Search users...").fill(user.username);
    await page.getByRole("button", { name: `Actions for ${user.username}` }).click();
    await page.getByRole("menuitem", { name: "Delete User" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm User Deletion" });
    await dialog.getByText(/training completion records, video viewing records and project assignments/).waitFor();
    await dialog.getByRole("button", { name: "Delete User" }).click();
    await page.getByText("User has been successfully deleted").waitFor();
    await page.getByText("No users matching your search").waitFor();
    const users = await admin.call<Array<{ username: string }>>("GET", "/api/users");
    expect(users.map((u) => u.username)).not.toContain(user.username);
    await context.close();
  });

  it("an admin opens a user's profile with account details and worker profile", async () => {
    const user = await registerWorker();
    const context = await open(browser);
    const page = await context.newPage();
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.goto("/admin/users");
    await page.getByPlaceholder("Search users...").fill(user.username);
    // The search runs on the server once typing pauses; wait for its answer, not the first page.
    // Exact: "21 user(s) found", before the search is answered, holds "1 user(s) found".
    await page.getByText("1 user(s) found", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Open Wendy Field" }).click();
    await page.waitForURL((url) => /^\/admin\/users\/\d+$/.test(url.pathname));
    await page.getByRole("heading", { name: "User Profile", exact: true }).waitFor();
    await page.getByText("Account Created").waitFor();
    await page.getByRole("tab", { name: "Worker Profile" }).click();
    await page.getByText("HH-42").waitFor();
    await screenshot(page, "accounts-user-profile-desktop");
    await page.getByRole("link", { name: "Back to Users" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/users");
    await context.close();
  });

  it("keeps the chosen theme across a reload", async () => {
    const context = await open(browser);
    const page = await context.newPage();
    await signIn(page, ADMIN.username, ADMIN.password);
    const scheme = () => page.evaluate(() => document.documentElement.getAttribute("data-mantine-color-scheme"));
    await expect(scheme()).resolves.toBe("light");
    await page.getByRole("button", { name: /^Theme:/ }).click();
    await expect.poll(scheme, { timeout: 15_000 }).toBe("dark");
    await page.reload();
    await page.getByRole("button", { name: /^Theme:/ }).waitFor();
    await expect(scheme()).resolves.toBe("dark");
    await context.close();
  });

  it("sends a worker away from the admin pages", async () => {
    const user = await registerWorker();
    const context = await open(browser);
    const page = await context.newPage();
    await signIn(page, user.username, user.password);
    await page.goto("/admin/users");
    await page.waitForURL((url) => url.pathname === "/");
    await page.goto("/admin/invite-tokens");
    await page.waitForURL((url) => url.pathname === "/");
    // The worker can still change their own password.
    await page.goto("/account/password");
    await page.getByRole("heading", { name: "Account Settings", exact: true }).waitFor();
    const form = visibleForm(page);
    await form.locator('[data-path="currentPassword"]').fill(user.password);
    await form.locator('[data-path="newPassword"]').fill("brandnewpw");
    await form.locator('[data-path="confirmPassword"]').fill("brandnewpw");
    await form.getByRole("button", { name: "Update Password" }).click();
    await page.getByText("Password updated").waitFor();
    await page.goto("/profile");
    await page.getByRole("tab", { name: "Worker Profile" }).waitFor();
    await context.close();
  });

  it("screenshots the users and invite-token pages on desktop and on a phone", async () => {
    await admin.call("POST", "/api/invite-tokens", { role: "manager" });
    for (const [name, viewport] of [
      ["desktop", undefined],
      ["phone", PHONE],
    ] as const) {
      const context = await open(browser, viewport);
      const page = await context.newPage();
      await signIn(page, ADMIN.username, ADMIN.password);
      await page.goto("/admin/users");
      await page.getByTestId("user-card").first().waitFor();
      await screenshot(page, `accounts-users-${name}`);
      await page.goto("/admin/invite-tokens");
      await page.getByTestId("invite-token-row").first().waitFor();
      await screenshot(page, `accounts-invite-tokens-${name}`);
      await page.getByRole("button", { name: "Generate Invite Token" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Generate Token" }).waitFor();
      await page.waitForTimeout(400); // let the modal finish its opening transition
      await screenshot(page, `accounts-invite-form-${name}`);
      await page.getByRole("dialog").getByRole("button", { name: "Generate Token" }).click();
      await page.getByTestId("new-invite-token").waitFor();
      await screenshot(page, `accounts-invite-created-${name}`);
      await page.getByRole("dialog").getByRole("button", { name: "Done" }).click();
      await page.goto("/account/password");
      await page.getByText("Update your password to keep your account secure").waitFor();
      await screenshot(page, `accounts-password-${name}`);
      await page.goto("/profile");
      await page.getByText("Account Created").waitFor();
      await screenshot(page, `accounts-profile-${name}`);
      await context.close();
    }
  });
});
