import { join } from "node:path";
import { describe, expect, test, vi } from "vitest";
import { openApp, screenshot, unnamedControls, webSuite } from "./harness.js";

const INSTALL_KIT = join(import.meta.dirname, "..", "fixtures", "plugins", "install-kit");

// A daemon with every bundled plugin and a browser start slowly on a busy machine.
vi.setConfig({ hookTimeout: 120_000 });
const suite = webSuite();

describe("the Plugins page in Chromium against the daemon's /admin/plugins routes", () => {
  test("the owner adds a plugin from a folder after consenting to its capabilities, and sees it listed", async () => {
    const page = await openApp(suite.browser, suite.daemon, "#/", suite.daemon.ownerToken);
    await page
      .getByRole("navigation", { name: "Pages" })
      .getByRole("link", { name: "Plugins" })
      .click();
    await page.getByRole("heading", { name: "Plugins", level: 1 }).waitFor();
    await page.getByText("No plugins are installed.").waitFor();
    await page.getByLabel("npm spec, folder or tarball on the daemon's host").fill(INSTALL_KIT);
    await page.getByRole("button", { name: "Add" }).click();
    const consent = page.getByRole("group", { name: "Install install-kit@1.0.0?" });
    await consent.waitFor();
    expect(await consent.getByRole("listitem").allTextContents()).toEqual(["turnContext"]);
    // Nothing is installed before the consent.
    expect(await suite.daemon.owner.request("GET", "/admin/plugins")).toEqual({ plugins: [] });
    await screenshot(page, "plugins-consent");
    await page.keyboard.press("Enter"); // focus is on "Consent and install"
    const row = page.locator('li[data-plugin="install-kit"]');
    await row.waitFor();
    expect(await row.locator(".badge.state").textContent()).toBe("loaded");
    expect(await row.locator(".plugin-facts dd").allTextContents()).toEqual([
      INSTALL_KIT,
      "elowen",
      "turnContext",
      "turnContext",
    ]);
    expect(await unnamedControls(page)).toEqual([]);
    await screenshot(page, "plugins-listed");
    await page.close();
  });

  test("an account that is not the owner is offered no Plugins page", async () => {
    const sam = await suite.daemon.createAccount("sam", { role: "admin" });
    const page = await openApp(suite.browser, suite.daemon, "#/plugins", sam.token);
    await page.getByRole("alert").filter({ hasText: "Only the instance owner" }).waitFor();
    const nav = page.getByRole("navigation", { name: "Pages" });
    expect(await nav.getByRole("link", { name: "MCP" }).count()).toBe(1);
    expect(await nav.getByRole("link", { name: "Plugins" }).count()).toBe(0);
    await page.close();
  });
});
