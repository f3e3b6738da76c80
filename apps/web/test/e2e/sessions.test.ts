import { describe, expect, test } from "vitest";
import { launchBrowser, openApp, screenshot, webSuite } from "./harness.js";

const suite = webSuite();

describe("signing in and managing sessions in Chromium", () => {
  test("refuses a wrong token with a message, signs in with the printed one, and stays signed in across a reload", async () => {
    const page = await openApp(suite.browser, suite.daemon);
    await page.getByLabel("Account token").fill("elw_not-the-right-token");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toMatch(/not accepted/);
    await page.getByLabel("Account token").fill(suite.daemon.ownerToken);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("navigation", { name: "Sessions" }).waitFor();
    await screenshot(page, "signed-in");
    await page.reload();
    await page.getByRole("navigation", { name: "Sessions" }).waitFor();
    expect(await page.getByText("owner").first().isVisible()).toBe(true);
    await page.close();
  });

  test("creates, renames (refusing an empty title) and deletes a session, all from the keyboard", async () => {
    const page = await openApp(suite.browser, suite.daemon, "#/", suite.daemon.ownerToken);
    const sessions = page.getByRole("navigation", { name: "Sessions" });
    await sessions.getByRole("button", { name: "New session" }).click();
    await page.waitForURL(/#\/s\/s_/);
    const id = new URL(page.url()).hash.slice(4);
    expect((await suite.daemon.owner.sessions.get(id)).title).toBeNull();

    await sessions
      .getByRole("button", { name: /^Rename/ })
      .first()
      .focus();
    await page.keyboard.press("Enter");
    const title = sessions.getByLabel("New title");
    await title.fill("   ");
    await page.keyboard.press("Enter");
    await expect
      .poll(() => sessions.getByRole("alert").textContent())
      .toMatch(/^title: a title is required/);
    await title.fill("Release notes");
    await page.keyboard.press("Enter");
    await sessions.getByRole("link", { name: "Release notes" }).waitFor();
    expect((await suite.daemon.owner.sessions.get(id)).title).toBe("Release notes");
    await screenshot(page, "session-renamed");

    await sessions.getByRole("button", { name: "Delete Release notes" }).click();
    await sessions.getByRole("button", { name: "Delete", exact: true }).click();
    await sessions.getByRole("link", { name: "Release notes" }).waitFor({ state: "detached" });
    await expect(suite.daemon.owner.sessions.get(id)).rejects.toMatchObject({ status: 404 });
    await page.close();
  });

  test("is usable on a 320 px screen: the sessions list opens as a drawer, and no page scrolls sideways", async () => {
    const narrow = await launchBrowser({ width: 320, height: 740 });
    try {
      const page = await openApp(narrow, suite.daemon, "#/", suite.daemon.ownerToken);
      const toggle = page.getByRole("button", { name: "Sessions" });
      await toggle.waitFor();
      expect(await page.getByRole("navigation", { name: "Sessions" }).isVisible()).toBe(false);
      await toggle.click();
      expect(await toggle.getAttribute("aria-expanded")).toBe("true");
      await page
        .getByRole("navigation", { name: "Sessions" })
        .getByRole("button", { name: "New session" })
        .click();
      await page.waitForURL(/#\/s\/s_/);
      await page.getByLabel("Message").waitFor();
      const width = () => page.evaluate(() => document.documentElement.scrollWidth);
      expect(await width()).toBeLessThanOrEqual(320);
      await screenshot(page, "narrow-chat");

      await page.getByRole("link", { name: "Skills" }).click();
      await page.locator("li[data-skill]").first().waitFor();
      await page.getByRole("button", { name: "New skill" }).click();
      await page.getByRole("form", { name: "New skill" }).waitFor();
      expect(await width()).toBeLessThanOrEqual(320);
      await screenshot(page, "narrow-skills");

      await page.getByRole("link", { name: "Status" }).click();
      await page.getByRole("region", { name: "Plugins" }).waitFor();
      expect(await width()).toBeLessThanOrEqual(320);
      await screenshot(page, "narrow-status");
    } finally {
      await narrow.close();
    }
  });
});
