import { describe, expect, test } from "vitest";
import { parseServerConfig } from "../config/server-config.js";
import { serverLaunch } from "./server-view.js";

function launchOf(entry: Record<string, unknown>) {
  const checked = parseServerConfig(entry, "");
  if (!checked.ok) throw new Error(checked.message);
  return serverLaunch(checked.config);
}

describe("serverLaunch", () => {
  test("shows a command server's program, arguments and folder, and only the names of its environment", () => {
    expect(
      launchOf({ command: "npx", args: ["-y", "pkg"], cwd: "/w", env: { TOKEN: "s3cret" } }),
    ).toEqual({ command: "npx", args: ["-y", "pkg"], cwd: "/w", env: ["TOKEN"] });
  });

  test("shows a url server's address and only the names of its headers", () => {
    expect(
      launchOf({ url: "https://x.test/mcp", headers: { Authorization: "Bearer s3cret" } }),
    ).toEqual({ url: "https://x.test/mcp", headers: ["Authorization"] });
  });
});
