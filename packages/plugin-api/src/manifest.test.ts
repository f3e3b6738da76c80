import { describe, expect, test } from "vitest";
import { isCommandName, parsePluginManifest, pluginShortName } from "./manifest.js";

const base = {
  name: "@elowen/plugin-skills",
  version: "0.1.0",
  elowen: { core: "^0.30.7", sharedApi: 14 },
};

describe("parsePluginManifest", () => {
  test("reads a minimal manifest and fills the defaults", () => {
    const result = parsePluginManifest(base);
    expect(result).toEqual({
      ok: true,
      manifest: {
        name: "@elowen/plugin-skills",
        version: "0.1.0",
        core: "^0.30.7",
        sharedApi: 14,
        capabilities: { mutates: [] },
        provides: { platforms: [] },
        routes: [],
        grantable: false,
      },
    });
  });

  test("reads capabilities, platforms, strings and routes", () => {
    const result = parsePluginManifest({
      ...base,
      elowen: {
        ...base.elowen,
        uiApi: 55,
        browser: { entry: "dist/view.js" },
        capabilities: { mutates: ["turnContext", "prompt"] },
        provides: { platforms: ["discord"] },
        strings: { default: { signIn: "Sign in" }, languages: { fr: { signIn: "Se connecter" } } },
        routes: [
          { method: "GET", path: "/plugins/skills/list" },
          { method: "PATCH", path: "/plugins/skills/:name" },
        ],
        grantable: true,
      },
    });
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.manifest.capabilities.mutates).toEqual(["turnContext", "prompt"]);
      expect(result.manifest.routes).toHaveLength(2);
      expect(result.manifest.strings?.languages?.fr?.signIn).toBe("Se connecter");
    }
  });

  test("names every problem by path", () => {
    const result = parsePluginManifest({
      name: "Bad Name",
      version: "one",
      elowen: {
        core: "^^1",
        sharedApi: 0,
        capabilities: { mutates: ["everything"] },
        routes: [{ method: "GET", path: "/elsewhere" }],
      },
    });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problems.map((p) => p.path).sort()).toEqual(
        ["capabilities.mutates.0", "core", "name", "routes.0.path", "sharedApi", "version"].sort(),
      );
      expect(result.message).toMatch(/^invalid Elowen manifest in Bad Name: /);
    }
  });

  test("says a package without an elowen block is not a plugin", () => {
    const result = parsePluginManifest({ name: "left-pad", version: "1.0.0" });
    expect(result).toEqual({
      ok: false,
      problems: [
        {
          path: "elowen",
          message: 'package.json has no "elowen" block: it is not an Elowen plugin',
        },
      ],
      message: 'package.json has no "elowen" block: it is not an Elowen plugin',
    });
  });

  test("refuses duplicate routes and a browser bundle without uiApi", () => {
    const result = parsePluginManifest({
      ...base,
      elowen: {
        ...base.elowen,
        browser: { entry: "view.js" },
        routes: [
          { method: "DELETE", path: "/plugins/skills/:name" },
          { method: "DELETE", path: "/plugins/skills/:other" },
        ],
      },
    });
    expect(result.ok ? [] : result.problems.map((p) => p.path).sort()).toEqual([
      "routes.1",
      "uiApi",
    ]);
  });

  test("refuses unknown keys in the elowen block", () => {
    const result = parsePluginManifest({ ...base, elowen: { ...base.elowen, hotReload: true } });
    expect(result.ok).toBe(false);
  });
});

describe("names", () => {
  test.each([
    ["@elowen/plugin-skills", "skills"],
    ["elowen-plugin-notes", "notes"],
    ["acme-notes", "acme-notes"],
  ])("the short name of %s is %s", (name, short) => {
    expect(pluginShortName(name)).toBe(short);
  });

  test.each([
    ["a", true],
    ["skill-review", true],
    ["9lives", true],
    ["a".repeat(32), true],
    ["a".repeat(33), false],
    ["", false],
    ["-lead", false],
    ["Upper", false],
    ["under_score", false],
    ["with space", false],
  ])("command name %j is valid: %s", (name, valid) => {
    expect(isCommandName(name)).toBe(valid);
  });
});
