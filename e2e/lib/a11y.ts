import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { BrowserContext, Page } from "playwright-core";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export interface AxeProblem {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core on the page as it is and answers the serious and critical violations. The script
 * is evaluated through the DevTools protocol, which the page's CSP does not apply to.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeProblem[]> {
  await animationsFinished(page);
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is a global the evaluated source defined
    const axe = (window as any).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return (result.violations as { id: string; impact: string; help: string; nodes: { target: string[] }[] }[])
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")) }));
  });
}

/**
 * Waits (at most 3 s) for the page's transitions and finite animations to end: a toast fading in
 * or out, colours changing with the theme. axe measures contrast on the colours of that moment, so
 * a check mid-transition reports a contrast nobody sees for more than a blink. Endless animations
 * (a loader, a skeleton's pulse) are not waited for.
 */
async function animationsFinished(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY);
    await Promise.race([Promise.allSettled(finite.map((a) => a.finished)), new Promise((done) => setTimeout(done, 3000))]);
  });
}

/**
 * Switches the open page to `scheme` the way another tab of the app does: the value in localStorage
 * and the storage event that Mantine's colour scheme manager listens to (apps/web/src/main.tsx).
 * The page is not reloaded, so one load serves both themes' checks.
 */
export async function switchColorScheme(page: Page, scheme: "light" | "dark"): Promise<void> {
  await page.evaluate((value) => {
    localStorage.setItem("sitesafe-color-scheme", value);
    window.dispatchEvent(new StorageEvent("storage", { key: "sitesafe-color-scheme", newValue: value, storageArea: localStorage }));
  }, scheme);
  await page.waitForFunction((value) => document.documentElement.getAttribute("data-mantine-color-scheme") === value, scheme);
}

/** Opens every page of this context in the given colour scheme (the app keeps it in localStorage). */
export async function useColorScheme(context: BrowserContext, scheme: "light" | "dark") {
  await context.addInitScript((value) => window.localStorage.setItem("sitesafe-color-scheme", value), scheme);
}

export interface SmallTarget {
  what: string;
  width: number;
  height: number;
}

/**
 * Every visible control smaller than `min` px in either direction. A control inside a larger
 * clickable row or label (a checkbox in its row, a radio in its card) is measured as that row;
 * links inside running text are exempt (WCAG 2.5.8's inline exception).
 */
export async function smallTapTargets(page: Page, min = 44): Promise<SmallTarget[]> {
  return page.evaluate((limit) => {
    const selector =
      'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="checkbox"], [role="radio"], [role="tab"], [role="switch"], [role="menuitem"]';
    const found: { what: string; width: number; height: number }[] = [];
    const seen = new Set<Element>();
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      const style = window.getComputedStyle(el);
      if (style.visibility === "hidden" || style.display === "none") continue;
      if (el.closest('[aria-hidden="true"], [inert]')) continue;
      // The clickable thing a finger hits: a wrapping label or choice row counts as the target.
      const target =
        (el.closest(
          'label, [role="checkbox"], [role="radio"], .mantine-Checkbox-root, .mantine-Radio-root, .mantine-Switch-root, .mantine-MultiSelect-input, .mantine-TagsInput-input',
        ) as HTMLElement | null) ?? el;
      if (seen.has(target)) continue;
      seen.add(target);
      const box = target.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // Off screen horizontally (scrolled tab strips) or not rendered.
      if (box.right < 0 || box.left > window.innerWidth) continue;
      if (el.tagName === "A" && el.closest("p") && !el.closest("button")) continue;
      if (box.width < limit || box.height < limit) {
        const label = (el.getAttribute("aria-label") || el.textContent || el.getAttribute("placeholder") || el.getAttribute("name") || "")
          .trim()
          .slice(0, 40);
        found.push({
          what: `${el.tagName.toLowerCase()}${el.getAttribute("role") ? `[role=${el.getAttribute("role")}]` : ""} "${label}"`,
          width: Math.round(box.width),
          height: Math.round(box.height),
        });
      }
    }
    return found;
  }, min);
}

/** The page's h1 count and whether heading levels never skip downwards (h2 then h4). */
export async function headingOutline(page: Page): Promise<{ h1: number; skips: string[] }> {
  return page.evaluate(() => {
    const headings = Array.from(document.querySelectorAll<HTMLElement>("h1, h2, h3, h4, h5, h6")).filter((h) => {
      const s = window.getComputedStyle(h);
      return s.display !== "none" && s.visibility !== "hidden" && !h.closest('[aria-hidden="true"]');
    });
    const skips: string[] = [];
    let last = 0;
    for (const h of headings) {
      const level = Number(h.tagName[1]);
      if (last && level > last + 1) skips.push(`h${last} -> h${level} "${(h.textContent ?? "").trim().slice(0, 40)}"`);
      last = level;
    }
    return { h1: headings.filter((h) => h.tagName === "H1").length, skips };
  });
}
