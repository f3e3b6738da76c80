import type { PluginMutation } from "@elowen/plugin-api";

/**
 * The operator's consent the daemon assumes for bundled plugins when `plugins.consent` names no
 * entry for them: the Skills plugin's `turnContext`, so that `/skill:name` expands out of the box
 * (it rewrites only the current turn's text, which the person typed). Capabilities that buy more
 * model work or change tools (Todo's `runBoundary` continuation, any `tools` denial) still need
 * the operator's explicit consent. An explicit entry, even `{ mutates: [] }`, replaces the
 * default; a plugin of the same name loaded from elsewhere never gets it.
 */
export const BUNDLED_PLUGIN_CONSENT: Readonly<
  Record<string, { readonly mutates: readonly PluginMutation[] }>
> = {
  "@elowen/plugin-skills": { mutates: ["turnContext"] },
  // Expands `/mcp__<server>__<prompt> args` into the server's prompt.
  "@elowen/plugin-mcp": { mutates: ["turnContext"] },
};
