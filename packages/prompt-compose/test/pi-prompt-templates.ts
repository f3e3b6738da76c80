import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** The two functions of pi's `dist/core/prompt-templates.js` the parity tests and benchmarks use. */
export interface PiPromptTemplates {
  substituteArgs(content: string, args: string[]): string;
  parseCommandArgs(argsString: string): string[];
}

/**
 * Loads pi's prompt-template functions by path: the package's exports map does not expose
 * `dist/core/prompt-templates.js`, so it is found beside the resolved package entry.
 */
export async function loadPiPromptTemplates(): Promise<PiPromptTemplates> {
  const file = join(piDistDir(), "core", "prompt-templates.js");
  if (!existsSync(file)) throw new Error(`pi's prompt templates are not at ${file}`);
  return (await import(pathToFileURL(file).href)) as PiPromptTemplates;
}

function piDistDir(): string {
  const linked = fileURLToPath(
    new URL("../node_modules/@mariozechner/pi-coding-agent/dist", import.meta.url),
  );
  if (existsSync(linked)) return linked;
  const entry = fileURLToPath(import.meta.resolve("@mariozechner/pi-coding-agent"));
  return join(entry, "..");
}
