import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
// The OAuth-protected test server of the MCP plugin's own tests (the SDK's server auth pieces).
import {
  type OAuthMcpServer,
  startOAuthMcpServer,
} from "../../../../packages/plugins/mcp/test/oauth-server.js";
import { openApp } from "./harness.js";
import { mcpSuite, refreshUntilStatus } from "./mcp-rows.js";

vi.setConfig({ hookTimeout: 120_000 });
const suite = mcpSuite();
let server: OAuthMcpServer | undefined;
beforeAll(async () => {
  server = await startOAuthMcpServer();
});
afterAll(() => server?.close());

describe("signing in to an OAuth MCP server from the MCP settings in Chromium", () => {
  test("the row waits for a sign-in, the link goes to the authorization page, and the page it comes back to finishes it", async () => {
    const robin = await suite.daemon.createAccount("robin");
    await robin.client.request("POST", "/plugins/mcp/servers", {
      body: { name: "docs", url: server?.url },
    });
    const page = await openApp(suite.browser, suite.daemon, "#/mcp", robin.token);
    const row = page.locator('li[data-server="docs"]');
    await refreshUntilStatus(page, row, "needs-sign-in");
    expect(await row.locator(".badge.status").textContent()).toBe("waiting for a sign-in");
    await row.getByRole("button", { name: "Sign in to docs" }).click();
    const link = page.getByRole("link", { name: "Open the sign-in page" });
    await link.waitFor();
    expect(await link.getAttribute("href")).toMatch(
      new RegExp(`^${(server?.url ?? "").replace(/\/mcp$/, "")}/authorize\\?`),
    );
    await link.click();
    // The authorization server signs in at once and sends the browser back to the daemon's root.
    await page
      .getByRole("status")
      .filter({ hasText: "Signed in to docs; it is connecting." })
      .waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).search).toBe("");
    await refreshUntilStatus(page, row, "connected");
    expect(await row.locator(".hint").first().textContent()).toBe("url · 1 tool · signed in");
    await page.close();
  });
});
