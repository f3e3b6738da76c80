import { mkdirSync } from "node:fs";
import type { ElowenPlugin } from "@elowen/plugin-api";
import { errorMessage } from "@elowen/plugin-shared/errors";
import { createPluginContext } from "../context/plugin-context.js";
import type { PluginHost } from "../context/plugin-host.js";
import type { LoadedPlugin } from "./loaded-plugin.js";

/** How long a plugin's `register` may take before it is refused (ours). */
export const REGISTER_TIMEOUT_MS = 10_000;

/**
 * Declares the manifest's routes, then runs `register(ctx)` within REGISTER_TIMEOUT_MS and
 * commits what it registered; the reason it was refused otherwise, with nothing left behind.
 */
export async function registerPlugin(
  plugin: ElowenPlugin,
  loaded: LoadedPlugin,
  host: PluginHost,
): Promise<string | undefined> {
  const { manifest } = loaded;
  try {
    for (const route of manifest.routes) {
      host.registry.routes.declare(manifest.name, route.method, route.path, manifest.grantable);
    }
  } catch (error) {
    host.registry.routes.withdraw(manifest.name);
    return errorMessage(error);
  }
  mkdirSync(loaded.dataDir, { recursive: true, mode: 0o700 });
  const { ctx, staging } = createPluginContext(loaded, host);
  try {
    await withTimeout(Promise.resolve(plugin.register(ctx)), REGISTER_TIMEOUT_MS, manifest.name);
  } catch (error) {
    staging.close();
    await staging.abort();
    return `register threw: ${errorMessage(error)}`;
  }
  staging.close();
  try {
    await staging.settled();
  } catch (error) {
    await staging.abort();
    return `a registration failed: ${errorMessage(error)}`;
  }
  staging.commit();
  return undefined;
}

async function withTimeout<T>(promise: Promise<T>, ms: number, plugin: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`${plugin} did not finish register within ${ms} ms`)),
          ms,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
