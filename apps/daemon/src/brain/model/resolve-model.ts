import type { ModelConfig } from "../../config/model-config.js";
import type { ModelRuntime } from "./model-runtime.js";
import { createOfflineModel } from "./offline-model.js";
import { readOfflineScript } from "./offline-script.js";
import type { LoginProvider } from "./provider-keys.js";
import { createProviderModel } from "./provider-model.js";

/**
 * The model the configuration names: the offline model (with its script, read and validated now)
 * or a provider through pi-ai. Throws `OfflineScriptError` or `MissingApiKeyError` with a message
 * an operator can act on, before the daemon starts serving.
 */
export function resolveModel(
  config: ModelConfig,
  env: Readonly<Record<string, string | undefined>>,
  stored: Partial<Record<LoginProvider, string>> = {},
): ModelRuntime {
  if (config.provider === "offline")
    return createOfflineModel(
      config.script === undefined ? undefined : readOfflineScript(config.script),
    );
  return createProviderModel(config, env, stored);
}
