import type { ModelChoice } from "@elowen/wire";
import { getModels } from "@mariozechner/pi-ai";
import type { ModelConfig } from "../../config/model-config.js";
import { OFFLINE_MODEL } from "../../plugins/status/status-assembly.js";
import type { ModelRuntime } from "./model-runtime.js";
import { LOGIN_PROVIDERS, type LoginProvider } from "./provider-keys.js";

type Env = Readonly<Record<string, string | undefined>>;

/** Where the catalog reads the providers from: the configured model, the environment, stored keys. */
export interface CatalogSource {
  readonly config: ModelConfig;
  /** The configured model, resolved at start. */
  readonly configured: ModelRuntime;
  readonly env: Env;
  readonly stored: Partial<Record<LoginProvider, string>>;
}

const choiceOf = (model: ModelRuntime): ModelChoice => ({
  provider: model.status.provider,
  id: model.status.id,
  label: model.status.label,
});

/** pi-ai's list of a provider's models, named with the provider as our configuration spells it. */
function piModels(piProvider: LoginProvider, provider: string): ModelChoice[] {
  return getModels(piProvider).map((m) => ({
    provider,
    id: m.id,
    label: `${m.name} (${provider})`,
  }));
}

/**
 * The key of a provider other than the configured one: its own variable, else the stored key
 * (`ELOWEN_API_KEY` and `model.apiKey` belong to the configured provider).
 */
export function otherProviderKey(
  provider: LoginProvider,
  env: Env,
  stored: Partial<Record<LoginProvider, string>>,
): string | undefined {
  const fromEnv = env[LOGIN_PROVIDERS[provider]];
  return fromEnv !== undefined && fromEnv !== "" ? fromEnv : stored[provider];
}

/**
 * Every model a session may run on: the configured model first, the models pi-ai knows of the
 * configured provider and of every provider that has a key (in the environment or stored by
 * `elowen login`), then the offline model. A provider without a key is not listed.
 */
export function listModels(source: CatalogSource): ModelChoice[] {
  const { config, configured, env, stored } = source;
  const out: ModelChoice[] = [choiceOf(configured)];
  if (config.provider === "anthropic") out.push(...piModels("anthropic", "anthropic"));
  if (config.provider === "openai" || config.provider === "openai-completions")
    out.push(...piModels("openai", config.provider));
  for (const provider of Object.keys(LOGIN_PROVIDERS) as LoginProvider[]) {
    if (provider === config.provider) continue;
    if (otherProviderKey(provider, env, stored) !== undefined)
      out.push(...piModels(provider, provider));
  }
  out.push({ provider: OFFLINE_MODEL.provider, id: OFFLINE_MODEL.id, label: OFFLINE_MODEL.label });
  const seen = new Set<string>();
  return out.filter((m) => {
    const name = `${m.provider}/${m.id}`;
    if (seen.has(name)) return false;
    seen.add(name);
    return true;
  });
}
