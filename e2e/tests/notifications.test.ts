import pg from "pg";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ApiSession, registerCrew } from "../lib/api.js";
import { launchBrowser, newContext, PHONE, screenshot, signIn } from "../lib/browser.js";
import { ADMIN } from "../lib/globalSetup.js";

const baseUrl = inject("baseUrl");
const databaseUrl = inject("databaseUrl");
const suffix = Date.now().toString(36).slice(-5);
const PASSWORD = "Passw0rd!";
const WORKER = { username: `fiona_${suffix}`, firstName: "Fiona", lastName: "Firewatch" };
const MANAGER = { username: `mona_${suffix}`, firstName: "Mona", lastName: "Manager" };
const PROJECT = `Dock Yard ${suffix}`;

/**
 * A fire watch lasts at least 30 minutes, and a spawned server's clock cannot be injected: the
 * test moves a watch back in time in the database instead ("as if it had started an hour ago"),
 * and makes its queued steps due now, so the server's own job worker runs them. PostgreSQL only
 * (the embedded database lives inside the server process); e2e:pg runs every browser test.
 */
async function moveWatchBack(permitId: number, minutes: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `update fire_watches set starts_at = starts_at - make_interval(mins => $2), ends_at = ends_at - make_interval(mins => $2) where permit_id = $1`,
      [permitId, minutes],
    );
    await client.query(
      `update pgboss.job set start_after = now() where name = 'fire-watch-step' and state = 'created' and data->>'permitId' = $1`,
      [String(permitId)],
    );
  } finally {
    await client.end();
  }
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

function permitBody(projectId: number, workerId: number, title: string) {
  return {
    projectId,
    requestedBy: workerId,
    title,
    location: "Berth 2",
    workDescription: "Cutting old mooring brackets with a torch.",
    startDate: new Date(Date.now() - 3600_000).toISOString(),
    endDate: new Date(Date.now() + 3600_000).toISOString(),
    precautions: ["Fire extinguishers are available and in working order at the work area"],
    equipmentUsed: ["Cutting torch"],
    fireWatchRequired: true,
    fireWatchBy: "Fiona Firewatch",
  };
}

describe.skipIf(!baseUrl || !databaseUrl)("notifications and the post-work fire watch in the browser", () => {
  let browser: Browser;
  let workerApi: ApiSession;
  let managerApi: ApiSession;
  let projectId: number;
  let workerId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ projectId, workerId, workerApi } = await registerCrew(baseUrl, ADMIN, {
      password: PASSWORD,
      manager: MANAGER,
      worker: WORKER,
      hardhatNumber: `HH-${suffix}`,
      project: { name: PROJECT, location: "Pier 9" },
    }));
    managerApi = await new ApiSession(baseUrl).login(MANAGER.username, PASSWORD);
  });
  afterAll(() => browser?.close());

  it("push on this device: offered once notifications are allowed; the service worker shows a push in the reader's words and opens its page", async () => {
    const context = await newContext(browser, baseUrl, PHONE, { serviceWorker: true });
    await context.grantPermissions(["notifications"], { origin: new URL(baseUrl).origin });
    const phone = await context.newPage();
    await signIn(phone, WORKER.username, PASSWORD);
    await phone.goto("/profile");
    await phone.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const card = phone.getByTestId("push-choices");
    const device = card.getByRole("switch", { name: "Push notifications on this device" });
    await expect.poll(() => device.isEnabled()).toBe(true);
    // The fire watch's own kinds cannot be switched off for push either.
    await expect(card.getByRole("switch", { name: "A fire watch you keep ended" }).isDisabled()).resolves.toBe(true);
    await screenshot(phone, "push-choices-phone");

    // Subscribing needs the browser vendor's push service (not reachable here): the push itself is
    // delivered to the service worker through DevTools, as a push service would.
    const cdp = await context.newCDPSession(phone);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on("ServiceWorker.workerRegistrationUpdated", (event) => {
        const live = event.registrations.find((r) => !r.isDeleted);
        if (live) resolve(live.registrationId);
      });
    });
    await cdp.send("ServiceWorker.enable");
    const payload = {
      title: "SiteSafe",
      body: "Fire watch started for “Berth 2 brackets”",
      url: "/notifications-from-push",
      lang: "en",
      tag: "notification-1",
      urgent: false,
    };
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin: new URL(baseUrl).origin,
      registrationId: await registrationId,
      data: JSON.stringify(payload),
    });
    const shown = () =>
      phone.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          url: n.data?.url,
        })),
      );
    await expect.poll(shown).toEqual([{ title: payload.title, body: payload.body, tag: payload.tag, url: payload.url }]);
    // A push pointing away from the app opens the app's home instead.
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin: new URL(baseUrl).origin,
      registrationId: await registrationId,
      data: JSON.stringify({ ...payload, tag: "notification-2", url: "https://evil.example.com/" }),
    });
    await expect.poll(async () => (await shown()).find((n) => n.tag === "notification-2")?.url).toBe("/");
    await context.close();
  });

  it("the manager's bell rises, the permit opens from it; the fire watch counts down and is signed off on a phone; a skipped one is overdue", async () => {
    // The manager is signed in elsewhere, on the dashboard.
    const managerContext = await newContext(browser, baseUrl);
    const manager = await managerContext.newPage();
    await signIn(manager, MANAGER.username, PASSWORD);
    const bell = manager.getByTestId("notification-bell");
    await bell.waitFor();
    const before = Number(await bell.getAttribute("data-unread"));

    // The worker requests a permit; without a reload the manager's count rises (polling).
    const permit = await workerApi.call<{ id: number }>(
      "POST",
      "/api/hot-work-permits",
      permitBody(projectId, workerId, "Cut mooring brackets"),
    );
    await manager.waitForFunction(
      (n) => Number(document.querySelector('[data-testid="notification-bell"]')?.getAttribute("data-unread")) > n,
      before,
      { timeout: 30_000 },
    );
    await bell.click();
    const note = manager.getByTestId("notification-item").filter({ hasText: "Cut mooring brackets" }).first();
    await note.getByText("Fiona Firewatch requested the hot work permit “Cut mooring brackets”; it awaits approval").waitFor();
    await screenshot(manager, "notifications-bell-desktop");
    await note.click();
    await manager.waitForURL((url) => url.pathname === `/forms/hot-work-permits/${permit.id}`);

    // Approved from the permit page (one precaution ticked: the manager accepts the gaps).
    await manager.getByRole("button", { name: "Approve", exact: true }).click();
    await manager.getByRole("button", { name: "Approve anyway" }).click();
    await manager.getByTestId("permit-status-info").getByText("Permit Approved").waitFor();

    // The worker is told, and closes the permit: the fire watch starts.
    const told = await workerApi.call<{ kind: string; entityId: number }[]>("GET", "/api/notifications");
    expect(told.some((n) => n.kind === "permit.approved" && n.entityId === permit.id)).toBe(true);
    await workerApi.call("PUT", `/api/hot-work-permits/${permit.id}/close`, { closingNotes: "Torch work finished" });

    // The fire watch, on a phone, sees the countdown.
    const phoneContext = await newContext(browser, baseUrl, PHONE);
    const phone = await phoneContext.newPage();
    await signIn(phone, WORKER.username, PASSWORD);
    await phone.goto(`/forms/hot-work-permits/${permit.id}`);
    const watch = phone.getByTestId("fire-watch");
    await expect(watch.getAttribute("data-state")).resolves.toBe("running");
    const first = await phone.getByTestId("fire-watch-countdown").textContent();
    expect(first).toMatch(/^(59|60):\d\d$/);
    await phone.getByText("The sign-off opens when the watch ends.").waitFor();
    await screenshot(phone, "fire-watch-countdown-phone");

    // An hour later (moved back in the database), the watch has ended: inspected, signed off.
    await moveWatchBack(permit.id, 61);
    await phone.reload();
    await phone.getByTestId("fire-watch-state").getByText("Ended: waiting for sign-off").waitFor();
    const signOff = phone.getByRole("button", { name: "Sign off fire watch" });
    await expect(signOff.isDisabled()).resolves.toBe(true);
    for (const label of ["Area inspected", "No smoke", "No heat"]) await phone.getByRole("checkbox", { name: label }).check();
    await signOff.click();
    await phone.getByTestId("fire-watch-state").getByText("Signed off").waitFor();
    await phone.getByTestId("permit-history").getByText("Signed off the fire watch: area inspected, no smoke, no heat").waitFor();
    await screenshot(phone, "fire-watch-signed-off-phone");

    // Her e-mail choices, on the phone: the fire watch's own kinds cannot be switched off.
    await phone.goto("/profile");
    const choices = phone.getByTestId("email-choices");
    await expect(choices.getByRole("switch", { name: "A fire watch you keep ended" }).isDisabled()).resolves.toBe(true);
    const comments = choices.getByRole("switch", { name: "A JHA you follow has a new comment" });
    await expect(comments.isChecked()).resolves.toBe(false);
    await comments.click({ force: true });
    await until(
      () => workerApi.call<{ kind: string; email: boolean }[]>("GET", "/api/notification-preferences"),
      (list) => list.some((c) => c.kind === "jha.commented" && c.email),
    );
    await screenshot(phone, "email-choices-phone");

    // A second watch nobody signs off: 80 minutes on, the manager's dashboard shows it overdue,
    // and the server's job worker escalates it to the manager as urgent.
    const skipped = await workerApi.call<{ id: number }>(
      "POST",
      "/api/hot-work-permits",
      permitBody(projectId, workerId, "Cut ladder rungs"),
    );
    await managerApi.call("PUT", `/api/hot-work-permits/${skipped.id}/approve`, {});
    await workerApi.call("PUT", `/api/hot-work-permits/${skipped.id}/close`, {});
    await moveWatchBack(skipped.id, 80);
    await manager.goto("/");
    const overdue = manager.getByTestId("overdue-fire-watches");
    await overdue.getByText("Cut ladder rungs").waitFor();
    expect(await overdue.getByText("Cut mooring brackets").count()).toBe(0);
    const escalated = await until(
      () => managerApi.call<{ kind: string; entityId: number; urgent: boolean }[]>("GET", "/api/notifications"),
      (list) => list.some((n) => n.kind === "fireWatch.overdue" && n.entityId === skipped.id),
    );
    expect(escalated.find((n) => n.kind === "fireWatch.overdue" && n.entityId === skipped.id)?.urgent).toBe(true);
    await bell.click();
    await manager
      .getByTestId("notification-item")
      .filter({ hasText: "Fire watch for “Cut ladder rungs” was not signed off 15 minutes after it ended" })
      .first()
      .waitFor();
    await screenshot(manager, "fire-watch-overdue-desktop");
    await phoneContext.close();
    await managerContext.close();
  });
});
