import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { openApp, webSuite } from "./harness.js";

const suite = webSuite(`turns:
  - steps:
      - text: "Here is **an answer** with a [link](https://example.com)."
`);

/** The serious and critical axe-core violations on the page as it is now: rule, impact, targets. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => n.target.join(" ")),
    }));
}

describe("axe-core on every screen, in Chromium", { timeout: 240_000 }, () => {
  test("the sign-in screen has no serious violations", async () => {
    const page = await openApp(suite.browser, suite.daemon, "#/");
    await page.getByRole("heading", { name: "Sign in to Elowen" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  test("the chat with a turn, /help's panel and the skills picker have no serious violations", async () => {
    const session = await suite.daemon.owner.sessions.create({ title: "Axe" });
    const page = await openApp(
      suite.browser,
      suite.daemon,
      `#/s/${session.id}`,
      suite.daemon.ownerToken,
    );
    await page.getByLabel("Message").fill("Hello");
    await page.keyboard.press("Enter");
    await page.getByText("an answer").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel("Message").fill("/help");
    await page.keyboard.press("Escape");
    await page.keyboard.press("Enter");
    await page.getByRole("region", { name: "Commands" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel("Message").fill("/skills");
    await page.keyboard.press("Escape");
    await page.keyboard.press("Enter");
    await page.getByRole("dialog").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  test("the Skills settings, the new-skill form and the status page have no serious violations", async () => {
    const page = await openApp(suite.browser, suite.daemon, "#/skills", suite.daemon.ownerToken);
    await page.getByRole("heading", { name: "Skills", level: 1 }).waitFor();
    await page.locator("li[data-skill]").first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "New skill" }).click();
    await page.getByRole("form", { name: "New skill" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${suite.daemon.url}/#/status`);
    await page.getByRole("region", { name: "Plugins" }).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});
