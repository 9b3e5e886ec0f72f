import { existsSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "playwright-core";

const CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

export function chromiumPath(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return CANDIDATES.find((p) => existsSync(p));
}

/** The system Chromium with the flags this machine needs (no sandbox as root, no network chatter). */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error("Chromium not found");
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
      "--disable-sync",
      "--disable-quic",
    ],
  });
}

export const DESKTOP = { width: 1366, height: 900 };
export const PHONE = { width: 390, height: 844 };

/**
 * A new browser profile. It runs the app's service worker only when `serviceWorker` is set: on its
 * first visit the worker precaches the whole app, and doing that in each of the suite's ~60 profiles
 * was about a sixth of the suite's CPU (docs/conventions.md, "The test command"). A test that goes
 * offline, receives a push or measures a repeat visit asks for it; the others test the app's screens,
 * which work the same without it.
 */
export async function newContext(
  browser: Browser,
  baseURL: string,
  viewport = DESKTOP,
  { serviceWorker = false }: { serviceWorker?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport,
    permissions: ["clipboard-read", "clipboard-write"],
    serviceWorkers: serviceWorker ? "allow" : "block",
  });
  context.setDefaultTimeout(15_000);
  return context;
}

const shotsDir = join(dirname(fileURLToPath(import.meta.url)), "..", "screenshots");

/** Saves a screenshot under e2e/screenshots (ignored by git) for a person to look at. */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: join(shotsDir, `${name}.png`), fullPage });
}

/** Signs in through the real login form and waits for the dashboard. */
/** Picks `option` in the form's select whose data-path is `path` (Mantine renders options on open). */
export async function chooseOption(page: Page, path: string, option: string): Promise<void> {
  await page.locator(`[data-path="${path}"]`).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto("/auth");
  const form = page.locator("form").first();
  await form.locator('[data-path="username"]').fill(username);
  await form.locator('[data-path="password"]').fill(password);
  await form.getByRole("button", { name: "Login" }).click();
  await page.waitForURL((url) => url.pathname === "/");
}

/** The element at the centre of `target` (scrolled into view) is the target or inside it: nothing covers it. */
export async function isUncovered(target: Locator): Promise<boolean> {
  await target.scrollIntoViewIfNeeded();
  return target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });
}
