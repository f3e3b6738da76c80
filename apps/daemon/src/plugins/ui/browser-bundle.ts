import { realpathSync, statSync } from "node:fs";
import { resolve, sep } from "node:path";

/** Where a plugin's browser bundle is, or why it cannot be served. */
export type BundleFile =
  | { readonly ok: true; readonly file: string }
  | { readonly ok: false; readonly reason: string };

/**
 * Resolves a manifest's `browser.entry`: a file inside the plugin's directory, links followed
 * (a link that leads outside is refused as an escaping path is). Checked when the plugin loads
 * and again whenever the bundle is served.
 */
export function browserBundleFile(dir: string, entry: string): BundleFile {
  const root = resolve(dir);
  const file = resolve(root, entry);
  const outside = {
    ok: false as const,
    reason: `browser.entry ${entry} resolves outside the plugin directory`,
  };
  if (!file.startsWith(root + sep)) return outside;
  const notAFile = {
    ok: false as const,
    reason: `browser.entry ${entry} is not a file in the plugin directory`,
  };
  let real: string;
  try {
    real = realpathSync(file);
    if (!real.startsWith(realpathSync(root) + sep)) return outside;
    if (!statSync(real).isFile()) return notAFile;
  } catch {
    return notAFile;
  }
  return { ok: true, file: real };
}
