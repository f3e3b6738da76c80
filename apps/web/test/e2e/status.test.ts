import { describe, expect, test } from "vitest";
import { openApp, screenshot, unnamedControls, webSuite } from "./harness.js";

// The web kit's status provider contributes two MCP rows to administrators (one carrying a field
// that is not part of a row, which the host drops) and null to everyone else.
const suite = webSuite();

describe("the brain-status rail in Chromium, from the daemon's GET /brain/status", () => {
  test("shows the owner each MCP row with its sign-in state, and the offline model labelled", async () => {
    const session = await suite.daemon.owner.sessions.create({ title: "Status" });
    const page = await openApp(
      suite.browser,
      suite.daemon,
      `#/s/${session.id}`,
      suite.daemon.ownerToken,
    );
    const rail = page.getByRole("complementary", { name: "Status" });
    const mcp = rail.getByRole("region", { name: "MCP servers" });
    await mcp.waitFor();
    expect(await mcp.locator("li").allTextContents()).toEqual([
      "docs connected signed in",
      "tracker disconnected needs sign-in",
    ]);
    expect(
      await mcp.locator(".badge.auth").evaluateAll((els) => els.map((e) => e.className)),
    ).toEqual(["badge auth signed-in", "badge auth needs-sign-in"]);
    expect(await mcp.textContent()).not.toContain("secret");
    expect(await rail.locator(".badge.offline").textContent()).toBe("offline model");
    expect(await unnamedControls(page)).toEqual([]);
    await screenshot(page, "status-rail-mcp");
    await page.close();
  });

  test("shows an account that is not an administrator no MCP section at all", async () => {
    const sam = await suite.daemon.createAccount("sam");
    const session = await sam.client.sessions.create({ title: "Mine" });
    const page = await openApp(suite.browser, suite.daemon, `#/s/${session.id}`, sam.token);
    const rail = page.getByRole("complementary", { name: "Status" });
    await rail.getByRole("region", { name: "Plugins" }).waitFor();
    expect(await rail.getByRole("region", { name: "MCP servers" }).count()).toBe(0);
    expect(await rail.getByText("MCP", { exact: true }).count()).toBe(0);
    expect(await rail.getByRole("heading", { name: /MCP/ }).count()).toBe(0);
    await page.close();
  });
});
