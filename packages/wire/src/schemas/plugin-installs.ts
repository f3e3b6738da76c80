import { PLUGIN_MUTATIONS } from "@elowen/plugin-api";
import { z } from "zod";

/** The formats an installed plugin may be in. */
export const INSTALLED_PLUGIN_FORMATS = ["elowen", "claude-code", "agent-plugin"] as const;

const MutationsSchema = z.array(z.enum(PLUGIN_MUTATIONS)).max(PLUGIN_MUTATIONS.length);

/** How a plugin reached the running daemon after an install, update or removal. */
export const PluginActivationSchema = z.discriminatedUnion("load", [
  z.strictObject({ load: z.literal("loaded") }),
  z.strictObject({ load: z.literal("refused"), reason: z.string() }),
  z.strictObject({ load: z.literal("restart-needed"), reason: z.string() }),
]);
/** How a plugin reached the running daemon. */
export type PluginActivation = z.infer<typeof PluginActivationSchema>;

/** One installed plugin: the lockfile's pin, and its load state in the running daemon. */
export const InstalledPluginSchema = z.strictObject({
  name: z.string(),
  version: z.string(),
  format: z.enum(INSTALLED_PLUGIN_FORMATS),
  spec: z.string(),
  resolved: z.string(),
  integrity: z.string(),
  dir: z.string(),
  mutates: MutationsSchema,
  consent: MutationsSchema,
  installedAt: z.string(),
  /** `not-loaded`: installed after the daemon started and waiting for a restart. */
  state: z.enum(["loaded", "refused", "not-loaded"]),
  reason: z.string().optional(),
  diagnostics: z.array(z.string()).optional(),
});
/** One installed plugin. */
export type InstalledPlugin = z.infer<typeof InstalledPluginSchema>;

/** `GET /admin/plugins`: every installed plugin (owner). */
export const InstalledPluginListSchema = z.strictObject({
  plugins: z.array(InstalledPluginSchema),
});
/** `GET /admin/plugins`. */
export type InstalledPluginList = z.infer<typeof InstalledPluginListSchema>;

/** The consent sent with an install or update: the capabilities named, or all of them with `yes`. */
export const PluginConsentSchema = z.strictObject({
  consent: MutationsSchema.optional(),
  yes: z.boolean().optional(),
});

/** `POST /admin/plugins`: an npm spec, a folder, a tarball or `name@marketplace-dir`. */
export const InstallPluginBodySchema = PluginConsentSchema.extend({
  spec: z.string().min(1).max(1024),
});
/** `POST /admin/plugins`. */
export type InstallPluginBody = z.infer<typeof InstallPluginBodySchema>;

/** `POST /admin/plugins/update` and `/admin/plugins/remove`: a plugin by name. */
export const PluginNameBodySchema = PluginConsentSchema.extend({
  name: z.string().min(1).max(214),
});
/** A plugin by name, with consent for an update. */
export type PluginNameBody = z.infer<typeof PluginNameBodySchema>;

/**
 * What an install or update answered: `needs-consent` (nothing changed; `added` lists what it
 * asks for that was not consented before) or the plugin as installed, with what changed.
 */
export const InstallOutcomeSchema = z.discriminatedUnion("status", [
  z.strictObject({
    status: z.literal("needs-consent"),
    name: z.string(),
    version: z.string(),
    mutates: MutationsSchema,
    added: MutationsSchema,
    diagnostics: z.array(z.string()),
  }),
  z.strictObject({
    status: z.enum(["installed", "updated"]),
    plugin: InstalledPluginSchema,
    previousVersion: z.string().optional(),
    added: MutationsSchema,
    removed: MutationsSchema,
    activation: PluginActivationSchema,
    diagnostics: z.array(z.string()),
  }),
]);
/** What an install or update answered. */
export type InstallOutcome = z.infer<typeof InstallOutcomeSchema>;

/** `POST /admin/plugins/remove`: the plugin removed, and whether the daemon needs a restart. */
export const RemoveOutcomeSchema = z.strictObject({
  removed: InstalledPluginSchema,
  activation: PluginActivationSchema,
});
/** What a removal answered. */
export type RemoveOutcome = z.infer<typeof RemoveOutcomeSchema>;
