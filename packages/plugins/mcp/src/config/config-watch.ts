import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/**
 * Calls `changed` whenever one of the files or directories' `*.json` files is created, edited or
 * removed, checking every `intervalMs` (polling, which also sees a directory that does not exist
 * yet and works the same on every file system). The timer never keeps the process alive.
 * Returns the function that stops watching.
 */
export function watchConfigFiles(
  files: readonly string[],
  dirs: readonly string[],
  intervalMs: number,
  changed: () => void,
): () => void {
  const signature = () => {
    const parts = files.map((file) => `${file}:${stamp(file)}`);
    for (const dir of dirs) {
      let names: string[] = [];
      try {
        names = readdirSync(dir).filter((name) => name.endsWith(".json"));
      } catch {
        // An absent directory has no files.
      }
      for (const name of names.sort()) parts.push(`${name}:${stamp(join(dir, name))}`);
      parts.push("|");
    }
    return parts.join("\n");
  };
  let last = signature();
  const timer = setInterval(() => {
    const now = signature();
    if (now === last) return;
    last = now;
    changed();
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

function stamp(file: string): string {
  try {
    const stat = statSync(file);
    return `${stat.mtimeMs}:${stat.size}:${stat.ino}`;
  } catch {
    return "-";
  }
}
