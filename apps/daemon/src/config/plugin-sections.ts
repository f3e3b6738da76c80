import { pluginShortName } from "@elowen/plugin-api";
import { ConfigError } from "./config-error.js";

type Settings = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

/**
 * Each plugin's settings: its top-level section of `elowen.yaml` (named by its short name, `mcp:`
 * for `@elowen/plugin-mcp`) with `plugins.settings.<package name>` merged over it, one level deep.
 * A section no discovered plugin claims is a misspelt setting: throws ConfigError naming it
 * (a disabled plugin still claims its section, so disabling it does not break the file).
 */
export function pluginSettings(
  file: string | undefined,
  sections: Settings,
  byName: Settings,
  pluginNames: readonly string[],
): Settings {
  const owners = new Map(pluginNames.map((name) => [pluginShortName(name), name]));
  const problems = Object.keys(sections)
    .filter((key) => !owners.has(key))
    .map((key) => ({
      path: key,
      message:
        "is not a setting of elowen.yaml nor the section of a plugin found (misspelt, or in the wrong section?)",
    }));
  if (problems.length > 0) throw new ConfigError(file, problems);
  const settings: Record<string, Readonly<Record<string, unknown>>> = { ...byName };
  for (const [key, section] of Object.entries(sections)) {
    const name = owners.get(key) as string;
    settings[name] = { ...section, ...byName[name] };
  }
  return settings;
}
