import { describe, expect, test } from "vitest";
import { ConfigError } from "./config-error.js";
import { pluginSettings } from "./plugin-sections.js";

describe("pluginSettings", () => {
  test("a section named by a plugin's short name is its settings, under plugins.settings", () => {
    const settings = pluginSettings(
      undefined,
      { mcp: { servers: { a: { url: "http://x" } }, timeoutMs: 5 } },
      { "@elowen/plugin-mcp": { timeoutMs: 9 }, "@elowen/plugin-todo": { x: 1 } },
      ["@elowen/plugin-mcp", "@elowen/plugin-todo"],
    );
    expect(settings).toEqual({
      "@elowen/plugin-mcp": { servers: { a: { url: "http://x" } }, timeoutMs: 9 },
      "@elowen/plugin-todo": { x: 1 },
    });
  });

  test("a section no plugin claims is refused, naming it", () => {
    let error: unknown;
    try {
      pluginSettings("/x/elowen.yaml", { servr: { port: 1 } }, {}, ["@elowen/plugin-mcp"]);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      {
        path: "servr",
        message:
          "is not a setting of elowen.yaml nor the section of a plugin found (misspelt, or in the wrong section?)",
      },
    ]);
  });
});
