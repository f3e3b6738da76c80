import type { HostUi } from "@elowen/plugin-api/browser";
import { useMemo } from "preact/hooks";
import { createHostUi } from "../model/host-ui.js";
import { SkillsStore } from "../model/skills-store.js";
import { pluginStrings, useApp } from "./app-context.js";

/** The Skills plugin, whose routes and view strings the Skills settings use. */
export const SKILLS_PLUGIN = "@elowen/plugin-skills";

/**
 * The Skills settings' host UI (API 55, bound to the Skills plugin's routes and view strings) and
 * a catalog store over it.
 */
export function useSkills(): { readonly host: HostUi; readonly store: SkillsStore } {
  const { client, plugins } = useApp();
  return useMemo(() => {
    const host = createHostUi({
      client,
      plugin: SKILLS_PLUGIN,
      strings: pluginStrings(plugins, SKILLS_PLUGIN),
    });
    return { host, store: new SkillsStore(host) };
  }, [client, plugins]);
}

/** A view string of the host's plugin, `{name}` placeholders filled; the fallback when undeclared. */
export function viewText(
  host: HostUi,
  key: string,
  fallback: string,
  values: Readonly<Record<string, string | number>> = {},
): string {
  return host.utils.interpolate(host.strings[key] ?? fallback, values);
}
