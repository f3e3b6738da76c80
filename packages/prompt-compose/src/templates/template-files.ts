import { realpathSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { isAbsolute, join, resolve, sep } from "node:path";
import { errorMessage } from "@elowen/plugin-shared/errors";
import { PromptComposeError } from "../prompt-compose-error.js";

/** True when `path` is `dir` or lies below it (both already real paths). */
export function isInside(dir: string, path: string): boolean {
  return path === dir || path.startsWith(dir.endsWith(sep) ? dir : dir + sep);
}

/**
 * The real path of a template directory: `dir` as given when absolute, else relative to the
 * plugin root; it must exist and, followed through links, stay inside `root` when one is given.
 */
export function resolveTemplateDir(dir: string, root: string | undefined, field: string): string {
  if (typeof dir !== "string" || dir === "") {
    throw new PromptComposeError("invalid-input", `${field} must be a non-empty path`, { field });
  }
  const absolute = isAbsolute(dir) || root === undefined ? resolve(dir) : resolve(root, dir);
  let real: string;
  try {
    real = realpathSync(absolute);
  } catch (cause) {
    throw new PromptComposeError(
      "template-unreadable",
      `${field} ${absolute} cannot be opened: ${errorMessage(cause)}`,
      {
        field,
        cause,
      },
    );
  }
  if (root !== undefined && !isInside(realpathSync(root), real)) {
    throw new PromptComposeError(
      "template-escapes-dir",
      `${field} ${absolute} is outside the plugin's root ${root}`,
      {
        field,
      },
    );
  }
  return real;
}

/**
 * The real path of template `name` (`<dir>/<name>.md`), checked to exist and to stay inside
 * `realDir` once links are followed.
 */
export function templateFileSync(realDir: string, name: string, field: string): string {
  const path = join(realDir, `${name}.md`);
  let real: string;
  try {
    real = realpathSync(path);
  } catch (cause) {
    throw new PromptComposeError(
      "template-unreadable",
      `${field}: template file ${path} cannot be opened: ${errorMessage(cause)}`,
      {
        field,
        cause,
      },
    );
  }
  if (!isInside(realDir, real)) {
    throw new PromptComposeError(
      "template-escapes-dir",
      `${field}: template file ${path} leads outside ${realDir}`,
      { field },
    );
  }
  return real;
}

/** Reads template `name` from `realDir`, checking again that its real path stays inside. */
export async function readTemplateFile(realDir: string, name: string): Promise<string> {
  const real = templateFileSync(realDir, name, "name");
  try {
    return await readFile(real, "utf8");
  } catch (cause) {
    throw new PromptComposeError(
      "template-unreadable",
      `template "${name}" cannot be read: ${errorMessage(cause)}`,
      { cause },
    );
  }
}
