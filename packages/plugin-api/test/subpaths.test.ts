import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";

// Imported by the package's own name, so each import goes through package.json `exports` to the
// built `dist`, as a plugin's would.
const packageDir = fileURLToPath(new URL("..", import.meta.url));
const packageJson = JSON.parse(readFileSync(`${packageDir}package.json`, "utf8")) as {
  exports: Record<string, string | { types: string; default: string }>;
};
const subpaths = Object.keys(packageJson.exports).filter(
  (key) => key !== "." && key !== "./package.json",
);

describe("@elowen/plugin-api's public surfaces", () => {
  test("the root exports the entry point, the manifest and the version numbers, and nothing else", async () => {
    const root = await import("@elowen/plugin-api");
    expect(Object.keys(root).sort()).toEqual(
      [
        "CORE_VERSION",
        "HOST_UI_API_VERSION",
        "HOST_VERSIONS",
        "MIN_SHARED_API_VERSION",
        "PLUGIN_MUTATIONS",
        "PLUGIN_ROUTE_METHODS",
        "PluginManifestBlockSchema",
        "PluginManifestSchema",
        "PluginRouteSchema",
        "PluginStringsSchema",
        "SHARED_API_VERSION",
        "definePlugin",
        "isCommandName",
        "parsePluginManifest",
        "pluginShortName",
      ].sort(),
    );
  });

  test("no subpath exports semver helpers: version ranges are read with npm's semver", async () => {
    const names = new Set<string>();
    for (const subpath of [".", ...subpaths]) {
      const mod = (await import(`@elowen/plugin-api${subpath.slice(1)}`)) as object;
      for (const name of Object.keys(mod)) names.add(name);
    }
    for (const helper of ["satisfies", "isValidRange", "parseVersion", "compareVersions"])
      expect(names.has(helper)).toBe(false);
  });

  test.each(subpaths)(
    "%s has built types and code behind its types and default conditions",
    (subpath) => {
      const entry = packageJson.exports[subpath];
      expect(typeof entry === "object" && Object.keys(entry)).toEqual(["types", "default"]);
      if (typeof entry !== "object") return;
      expect(existsSync(`${packageDir}${entry.types}`)).toBe(true);
      expect(existsSync(`${packageDir}${entry.default}`)).toBe(true);
    },
  );

  test("a schema reached through two subpaths is one object", async () => {
    const chains = await import("@elowen/plugin-api/chains");
    const events = await import("@elowen/plugin-api/events");
    expect(chains.CHAIN_SCHEMAS["prompt.submit"].input).toBe(events.PromptSubmitInputSchema);
  });
});
