import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The nearest package.json above this module (dist/ when built, src/cli/ in tests). */
function packageVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i += 1) {
    const file = join(dir, "package.json");
    if (existsSync(file))
      return (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
    dir = dirname(dir);
  }
  return "0.0.0";
}

/** This package's version, read from its package.json. */
export const CLI_VERSION: string = packageVersion();
