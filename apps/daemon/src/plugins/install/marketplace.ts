import { resolve, sep } from "node:path";
import { readJsonObject } from "../formats/read-json-object.js";
import { PLUGIN_INSTALL_ERRORS, PluginInstallError } from "./install-error.js";
import type { FetchableSource } from "./install-spec.js";
import { MARKETPLACE_FILE } from "./install-spec.js";

/**
 * The install source of `<name>` in a marketplace folder's `.claude-plugin/marketplace.json`:
 * a relative `source` path is a folder inside the marketplace, `{ source: "npm", package }` an
 * npm spec. Sources we cannot fetch from here (`github`, `url`) and unknown names throw naming
 * what the marketplace lists.
 */
export function marketplaceSource(name: string, marketplaceDir: string): FetchableSource {
  const file = resolve(marketplaceDir, MARKETPLACE_FILE);
  const plugins = readJsonObject(file).plugins;
  if (!Array.isArray(plugins))
    throw new PluginInstallError(
      PLUGIN_INSTALL_ERRORS.spec,
      `${file}: plugins: expected a list of plugins`,
    );
  const entry = plugins.find(
    (p): p is Record<string, unknown> => typeof p === "object" && p !== null && p.name === name,
  );
  if (!entry) {
    const names = plugins
      .map((p) => (p as { name?: unknown })?.name)
      .filter((n) => typeof n === "string");
    throw new PluginInstallError(
      PLUGIN_INSTALL_ERRORS.spec,
      `${file} lists no plugin named ${name}; it lists ${names.join(", ") || "none"}`,
    );
  }
  const source = entry.source;
  if (typeof source === "string") {
    const dir = resolve(marketplaceDir, source);
    if (dir !== marketplaceDir && !dir.startsWith(marketplaceDir + sep))
      throw new PluginInstallError(
        PLUGIN_INSTALL_ERRORS.spec,
        `${file}: ${name}'s source ${source} is outside the marketplace folder`,
      );
    return { kind: "dir", dir };
  }
  const kind = (source as { source?: unknown } | undefined)?.source;
  const pkg = (source as { package?: unknown } | undefined)?.package;
  if (kind === "npm" && typeof pkg === "string") return { kind: "npm", spec: pkg };
  throw new PluginInstallError(
    PLUGIN_INSTALL_ERRORS.spec,
    `${file}: ${name}'s source ${JSON.stringify(source)} cannot be installed here; a relative folder or { "source": "npm", "package": … } can`,
  );
}
