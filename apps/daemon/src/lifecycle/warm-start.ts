import { warmWorkspaceTools } from "../brain/tools/workspace-tools.js";
import type { ModelProviderName } from "../config/model-config.js";

/**
 * The pi-ai module that streams each configured provider's API. pi-ai imports it (and the
 * provider's SDK) on the first request, which put that load on the first turn's path.
 */
const PROVIDER_MODULES: Record<Exclude<ModelProviderName, "offline">, string> = {
  anthropic: "@mariozechner/pi-ai/anthropic",
  openai: "@mariozechner/pi-ai/openai-responses",
  "openai-completions": "@mariozechner/pi-ai/openai-completions",
  codex: "@mariozechner/pi-ai/openai-codex-responses",
  "openai-compatible": "@mariozechner/pi-ai/openai-completions",
};

/**
 * Loads what the first turn would otherwise load on its path: the configured provider's pi-ai
 * module, then the workspace tools (when on). Run once the daemon serves, off any request's path;
 * never rejects (a failure shows again, with its message, on the turn that needs the module).
 */
export async function warmFirstTurn(options: {
  readonly provider: ModelProviderName;
  readonly workspaceTools: boolean;
}): Promise<void> {
  if (options.provider !== "offline")
    await import(PROVIDER_MODULES[options.provider]).catch(() => undefined);
  if (options.workspaceTools) await warmWorkspaceTools();
}
