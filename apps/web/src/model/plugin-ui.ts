import { ElowenApiError, type ElowenClient } from "@elowen/client";
import { z } from "zod";

/**
 * `GET /ui/plugins`: what the web needs of each loaded plugin: its view strings for the reader's
 * language (`Accept-Language`) and, for a plugin with a browser bundle, the UI API its manifest
 * declares and where the bundle is served.
 */
export const PluginUiListSchema = z.object({
  plugins: z.array(
    z.object({
      name: z.string(),
      displayName: z.string().optional(),
      strings: z.record(z.string(), z.string()),
      browser: z.object({ uiApi: z.number().int(), url: z.string().startsWith("/") }).optional(),
    }),
  ),
});
/** One plugin as the web sees it. */
export type PluginUiEntry = z.infer<typeof PluginUiListSchema>["plugins"][number];

/** The daemon route listing plugins' view strings and browser bundles. */
export const PLUGIN_UI_PATH = "/ui/plugins";

/**
 * Lists the loaded plugins' view strings and browser bundles. A daemon that does not serve the
 * listing (404) has none to offer: the answer is an empty list, and views fall back to their
 * own words.
 */
export async function listPluginUi(client: ElowenClient): Promise<PluginUiEntry[]> {
  try {
    return (await client.request("GET", PLUGIN_UI_PATH, { schema: PluginUiListSchema })).plugins;
  } catch (error) {
    if (error instanceof ElowenApiError && error.status === 404) return [];
    throw error;
  }
}

/**
 * Loads a plugin's browser bundle as an ES module. The bundle is fetched with the account's token
 * (a bare `import()` could not send it) and imported from a blob URL, which the app's content
 * security policy allows for scripts; the URL is revoked once the module has been evaluated.
 */
export async function importPluginBundle(client: ElowenClient, url: string): Promise<unknown> {
  const response = await client.raw("GET", url);
  const source = await response.text();
  const blobUrl = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  try {
    return await import(/* @vite-ignore */ blobUrl);
  } finally {
    URL.revokeObjectURL(blobUrl);
  }
}
