import {
  type PluginManifest,
  PluginManifestSchema,
  type PluginMutation,
  SHARED_API_VERSION,
} from "@elowen/plugin-api";
import semver from "semver";
import type { ForeignPlugin, MappedHookEvent } from "./foreign-plugin.js";

/**
 * The capability a hook event's decision needs (`HOOK_PATCH_CAPABILITY`): a PreToolUse denial or
 * `updatedInput` and a PostToolUse block or context need `tools`, context added at
 * UserPromptSubmit or SessionStart (or a blocked prompt) needs `turnContext`, a Stop/SubagentStop
 * block (one more run) needs `runBoundary`. SessionEnd only observes.
 */
export const HOOK_EVENT_CAPABILITY: Readonly<Record<MappedHookEvent, PluginMutation | undefined>> =
  {
    PreToolUse: "tools",
    UserPromptSubmit: "turnContext",
    SessionStart: "turnContext",
    Stop: "runBoundary",
    SubagentStop: "runBoundary",
    PostToolUse: "tools",
    SessionEnd: undefined,
  };

/** The capabilities a foreign plugin asks for: what its hooks' decisions need. */
export function foreignCapabilities(plugin: ForeignPlugin): PluginMutation[] {
  const asked = new Set<PluginMutation>();
  for (const hook of plugin.hooks) {
    const capability = HOOK_EVENT_CAPABILITY[hook.event];
    if (capability) asked.add(capability);
  }
  return [...asked].sort();
}

/**
 * The manifest a foreign plugin loads under: its name and version (`0.0.0` when absent or not
 * semver), any core, this host's shared API, and the capabilities its parts ask for.
 */
export function foreignManifest(plugin: ForeignPlugin): PluginManifest {
  return PluginManifestSchema.parse({
    name: plugin.name,
    version: semver.valid(plugin.version) ? plugin.version : "0.0.0",
    ...(plugin.description === undefined ? {} : { description: plugin.description.slice(0, 500) }),
    core: ">=0.0.0",
    sharedApi: SHARED_API_VERSION,
    capabilities: { mutates: foreignCapabilities(plugin) },
  });
}
