import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { openApp, screenshot, unnamedControls, webSuite } from "./harness.js";

const FIXTURES = join(import.meta.dirname, "..", "fixtures", "plugins");
const suite = webSuite(undefined, {
  plugins: { dirs: [join(FIXTURES, "notes-kit"), join(FIXTURES, "mismatch-kit")] },
});

describe("plugin browser views in Chromium, served by the daemon", () => {
  test("runs a plugin's bundle against host UI API 55: its strings, utils and its own routes with the token", async () => {
    const page = await openApp(suite.browser, suite.daemon, "#/", suite.daemon.ownerToken);
    await page.getByRole("link", { name: "Notes" }).click();
    await page.getByRole("heading", { name: "Notes", level: 1 }).waitFor();
    expect(await page.locator(".plugin-view-root .notes-count").textContent()).toBe("2 notes kept");
    await page.getByRole("button", { name: "Show the notes" }).click();
    await expect
      .poll(() => page.locator(".plugin-view-root .notes li").allTextContents())
      .toEqual(["Buy milk (1m 01s ago)", "Call Ada (1m 01s ago)"]);
    await screenshot(page, "plugin-view-notes");
    expect(await unnamedControls(page)).toEqual([]);
  });

  test("the bundle's URL answers the token only", async () => {
    const { plugins } = await suite.daemon.owner.pluginUi();
    const url = plugins.find((p) => p.name === "notes-kit")?.browser?.url ?? "";
    expect(url).toBe("/ui/plugins/notes-kit/bundle.js");
    const page = await openApp(suite.browser, suite.daemon, "#/", suite.daemon.ownerToken);
    const status = (token?: string) =>
      page.evaluate(
        async ([path, bearer]) =>
          (
            await fetch(
              path as string,
              bearer ? { headers: { authorization: `Bearer ${bearer}` } } : {},
            )
          ).status,
        [url, token] as const,
      );
    expect(await status(suite.daemon.ownerToken)).toBe(200);
    expect(await status()).toBe(401);
  });

  test("refuses a bundle that declares another host UI API than its manifest, naming both, and mounts nothing", async () => {
    const page = await openApp(
      suite.browser,
      suite.daemon,
      "#/plugins/mismatch-kit",
      suite.daemon.ownerToken,
    );
    const alert = page.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toBe(
      "mismatch-kit's browser bundle declares host UI API 54, but its manifest declares 55",
    );
    expect(await page.getByText("must not mount").count()).toBe(0);
  });

  test("the Skills settings speak in the Skills plugin's strings from the listing", async () => {
    const page = await openApp(suite.browser, suite.daemon, "#/skills", suite.daemon.ownerToken);
    await page.getByRole("heading", { name: "Skills", level: 1 }).waitFor();
    await page.getByText("Browse and manage your skills").waitFor();
    const use = page.locator("li[data-skill] .skill-use").first();
    await use.waitFor();
    expect(await use.textContent()).toMatch(/^Type \/skill:[a-z0-9-]+ to use it\.$/);
  });
});
