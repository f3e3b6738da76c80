import { z } from "zod";

/** `GET /ui/plugins`: the route listing plugins' view strings and browser bundles. */
export const PLUGIN_UI_PATH = "/ui/plugins";

/**
 * One loaded plugin the account may use, as a web host needs it: its view strings for the
 * request's language (`Accept-Language`, the manifest's language overrides over its default
 * table; `{}` when it declares none) and, for a plugin with a browser bundle, the host UI API its
 * manifest declares and where the bundle is served (behind the token).
 */
export const PluginUiEntrySchema = z.object({
  name: z.string(),
  displayName: z.string().optional(),
  strings: z.record(z.string(), z.string()),
  browser: z
    .object({
      uiApi: z.number().int(),
      url: z.string().startsWith(`${PLUGIN_UI_PATH}/`),
    })
    .optional(),
});
/** One plugin as a web host sees it. */
export type PluginUiEntry = z.infer<typeof PluginUiEntrySchema>;

/** `GET /ui/plugins`. */
export const PluginUiListSchema = z.object({ plugins: z.array(PluginUiEntrySchema) });
/** `GET /ui/plugins`. */
export type PluginUiList = z.infer<typeof PluginUiListSchema>;

/** `GET /ui/plugins/:plugin/bundle.js` path parameters: the plugin's package name. */
export const PluginUiBundleParamsSchema = z.strictObject({
  plugin: z.string().min(1).max(214),
});
