import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The app's entry document inside {@link webRoot}. */
export const WEB_INDEX_FILE = "index.html";

/**
 * The absolute path of the built browser app (`dist/app` of this package): the directory a daemon
 * serves at `/`. It is computed from this module's own location, so it holds wherever the package
 * is installed. The directory exists only after `pnpm run build` (`vite build`).
 */
export function webRoot(): string {
  // dist/index.js sits beside dist/app; from src (tests), the build is in ../dist/app.
  const here = fileURLToPath(new URL(".", import.meta.url));
  const beside = join(here, "app");
  return existsSync(join(beside, WEB_INDEX_FILE)) ? beside : join(here, "..", "dist", "app");
}

/** True when {@link webRoot} holds a built app (its `index.html`). */
export function hasWebBuild(root: string = webRoot()): boolean {
  return existsSync(join(root, WEB_INDEX_FILE));
}
