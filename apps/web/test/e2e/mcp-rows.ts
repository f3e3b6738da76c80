import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { webSuite } from "./harness.js";

/**
 * One daemon and one browser for an MCP settings test file. The test servers listen on loopback,
 * which an account's own server may reach only when the operator allows it, as here.
 */
export function mcpSuite(): ReturnType<typeof webSuite> {
  return webSuite(undefined, {
    plugins: { settings: { "@elowen/plugin-mcp": { allowPrivateUrls: ["loopback"] } } },
  });
}

/** Presses Refresh until the server row's `data-status` is `status` (servers connect in the background). */
export async function refreshUntilStatus(page: Page, row: Locator, status: string): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.getByRole("button", { name: "Refresh" }).click();
        return row.getAttribute("data-status");
      },
      { timeout: 30_000 },
    )
    .toBe(status);
}
