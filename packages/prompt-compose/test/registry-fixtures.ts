import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PluginMutation } from "@elowen/plugin-api";
import { afterEach, beforeEach } from "vitest";
import type { PromptComposeError } from "../src/prompt-compose-error.js";
import { createPromptRegistry } from "../src/registry/prompt-registry.js";

/** Real directories for each test: plugin `acme` with two templates, and core's `compact`. */
export function registryFixture() {
  const dirs = { base: "", root: "", core: "" };
  beforeEach(async () => {
    dirs.base = await mkdtemp(join(tmpdir(), "prompt-compose-registry-"));
    dirs.root = join(dirs.base, "acme");
    dirs.core = join(dirs.base, "core");
    await mkdir(join(dirs.root, "prompts", "review"), { recursive: true });
    await mkdir(dirs.core);
    await writeFile(join(dirs.root, "prompts", "codex-work.md"), "Work on {{task}}.");
    await writeFile(join(dirs.root, "prompts", "review", "diff.md"), "Review {{ diff }}.");
    await writeFile(join(dirs.core, "compact.md"), "Summarize.");
  });
  afterEach(async () => {
    await rm(dirs.base, { recursive: true, force: true });
  });
  return {
    dirs,
    identity: (grants: PluginMutation[] = ["prompt", "turnContext"], name = "acme") => ({
      name,
      grants,
      root: join(dirs.base, name),
    }),
    registry: () => createPromptRegistry({ coreTemplates: { dir: dirs.core, names: ["compact"] } }),
  };
}

/** The error `fn` throws; fails the test when it throws none. */
export function thrown(fn: () => unknown): PromptComposeError {
  try {
    fn();
  } catch (error) {
    return error as PromptComposeError;
  }
  throw new Error("expected a throw");
}
