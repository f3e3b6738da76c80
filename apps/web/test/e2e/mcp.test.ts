import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { startEverythingHttp } from "./everything.js";
import { openApp, screenshot, unnamedControls } from "./harness.js";
import { mcpSuite, refreshUntilStatus } from "./mcp-rows.js";

// A daemon with every bundled plugin and a browser start slowly on a busy machine.
vi.setConfig({ hookTimeout: 120_000 });
const suite = mcpSuite();
let everything: Awaited<ReturnType<typeof startEverythingHttp>> | undefined;
beforeAll(async () => {
  everything = await startEverythingHttp();
});
afterAll(() => everything?.close());

describe("the MCP settings in Chromium against the MCP plugin's routes", () => {
  test("a plain account adds a url server for itself and sees it listed, running with its tools", async () => {
    const robin = await suite.daemon.createAccount("robin");
    const page = await openApp(suite.browser, suite.daemon, "#/mcp", robin.token);
    await page.getByRole("heading", { name: "MCP servers", level: 1 }).waitFor();
    await page.getByText("No MCP servers are configured.").waitFor();
    await page.getByRole("button", { name: "Add a server" }).click();
    const form = page.getByRole("form", { name: "Add an MCP server" });
    expect(await form.getByLabel("Command").count()).toBe(0);
    await form.getByLabel("Name", { exact: true }).fill("everything");
    // A refusal names its field, beside it, and the form keeps what was typed.
    await form.getByLabel("URL", { exact: true }).fill("ftp://127.0.0.1/mcp");
    await form.getByRole("button", { name: "Add" }).click();
    await expect
      .poll(() => page.locator("#mcp-add-url-error").textContent())
      .toBe("url: an http(s) URL");
    expect(await form.getByLabel("Name", { exact: true }).inputValue()).toBe("everything");
    await form.getByLabel("URL", { exact: true }).fill(everything?.url ?? "");
    await form.getByRole("button", { name: "Add" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: "Added everything; it is starting." })
      .waitFor();
    const row = page.locator('li[data-server="everything"]');
    await row.waitFor();
    expect(await row.locator(".badge.source").textContent()).toBe("your own");
    await refreshUntilStatus(page, row, "connected");
    expect(await row.locator(".badge.status").textContent()).toBe("running");
    expect(await row.locator(".hint").first().textContent()).toMatch(
      /^url · \d+ tools · no sign-in needed$/,
    );
    expect(await unnamedControls(page)).toEqual([]);
    await screenshot(page, "mcp-settings");
    // The owner does not see another account's own server.
    const listed = (await suite.daemon.owner.request("GET", "/plugins/mcp/servers")) as {
      servers: { name: string }[];
    };
    expect(listed.servers.map((s) => s.name)).not.toContain("everything");
    await page.close();
  });
});
