import { ElowenApiError, type ElowenClient } from "@elowen/client";
import type { PluginUiEntry } from "@elowen/wire";

/**
 * Lists the loaded plugins' view strings and browser bundles (`GET /ui/plugins`, parsed with
 * `PluginUiListSchema` of `@elowen/wire`, the schema the daemon serves it with). A daemon that
 * does not serve the listing (404) has none to offer: the answer is an empty list, and views fall
 * back to their own words.
 */
export async function listPluginUi(client: ElowenClient): Promise<PluginUiEntry[]> {
  try {
    return (await client.pluginUi()).plugins;
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
