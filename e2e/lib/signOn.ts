import type { Page } from "playwright-core";

/** Crew sign-on in the browser (issue #34): what the sign-on and talks tests share. */

/** A short scribble on the signature pad, as a finger would draw it. */
export async function scribble(page: Page) {
  const pad = page.getByTestId("signature-pad");
  const box = await pad.boundingBox();
  if (!box) throw new Error("no signature pad");
  await page.mouse.move(box.x + 30, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 30 + i * 20, box.y + box.height / 2 + (i % 2 ? -30 : 30), { steps: 2 });
  await page.mouse.up();
}

/** One person through the flow: who (a name from the list, or name and company), read, sign. */
export async function signOne(page: Page, who: { pick: string } | { name: string; company: string }, summaryText: string) {
  const flow = page.getByRole("dialog");
  if ("pick" in who) {
    await flow.getByTestId("pick-signer").click();
    await page.getByRole("option", { name: who.pick, exact: true }).click();
  } else {
    await flow.getByTestId("no-account").click();
    await flow.locator('[data-path="guestName"]').fill(who.name);
    await flow.locator('[data-path="guestCompany"]').fill(who.company);
  }
  await flow.getByTestId("signer-next").click();
  await flow.getByTestId("sign-on-summary").getByText(summaryText, { exact: false }).first().waitFor();
  await flow.getByTestId("read-done").click();
  await scribble(page);
  await flow.getByTestId("sign-submit").click();
  // The flow starts again for the next person.
  await flow.getByTestId("signer-next").waitFor();
}
