import type { ModelChoice } from "@elowen/wire";
import { type ModelConfig, ModelConfigSchema } from "../../config/model-config.js";
import type { Store } from "../../store/store.js";
import { StoreError } from "../../store/store-error.js";
import { listModels, otherProviderKey } from "./model-catalog.js";
import type { ModelRuntime } from "./model-runtime.js";
import { createOfflineModel } from "./offline-model.js";
import { isLoginProvider, readProviderKeys } from "./provider-keys.js";
import { createProviderModel } from "./provider-model.js";

/** The hidden off-branch journal entry that records a session's model choice (`{ provider, id }`). */
export const MODEL_CHOICE_ENTRY = "elowen.model-choice";

type Env = Readonly<Record<string, string | undefined>>;

/** What the session models are built from. */
export interface SessionModelsOptions {
  readonly config: ModelConfig;
  /** The configured model, resolved at start: every session's model until it chooses another. */
  readonly configured: ModelRuntime;
  readonly env: Env;
  /** The data directory, where `elowen login` stores keys (read at each use: no restart). */
  readonly home: string;
  readonly store: Store;
}

/**
 * The model each session runs on. A choice is kept with the session as a hidden off-branch journal
 * entry, so it survives a restart and reaches every instance on a shared store; a choice the
 * daemon no longer offers (its key was removed) falls back to the configured model.
 */
export class SessionModels {
  readonly #options: SessionModelsOptions;
  readonly #runtimes = new Map<string, { readonly key: string; readonly runtime: ModelRuntime }>();

  constructor(options: SessionModelsOptions) {
    this.#options = options;
  }

  /** Every model a session may switch to, the configured one first. */
  list(): ModelChoice[] {
    const { config, configured, env, home } = this.#options;
    return listModels({ config, configured, env, stored: readProviderKeys(home) });
  }

  /** The model the session's next turn runs on. */
  async current(sessionId: string): Promise<ModelChoice> {
    const entries = await this.#options.store.journal.offBranch(sessionId, MODEL_CHOICE_ENTRY);
    const last = entries.at(-1)?.data as { provider?: unknown; id?: unknown } | undefined;
    const models = this.list();
    const chosen = models.find((m) => m.provider === last?.provider && m.id === last?.id);
    return chosen ?? (models[0] as ModelChoice);
  }

  /**
   * Switches the session to `choice` from its next turn. Throws a StoreError `invalid` (400) when
   * the daemon does not offer that model, naming what it offers.
   */
  async choose(
    sessionId: string,
    choice: { readonly provider: string; readonly id: string },
  ): Promise<ModelChoice> {
    const models = this.list();
    const found = models.find((m) => m.provider === choice.provider && m.id === choice.id);
    if (!found) {
      const providers = [...new Set(models.map((m) => m.provider))].join(", ");
      throw new StoreError(
        "invalid",
        `model: "${choice.provider}/${choice.id}" is not a model this daemon offers (providers with a key: ${providers}; GET /sessions/:id/model lists them)`,
      );
    }
    await this.#options.store.journal.append(
      sessionId,
      [
        {
          kind: "custom",
          customType: MODEL_CHOICE_ENTRY,
          hidden: true,
          offBranch: true,
          data: { provider: found.provider, id: found.id },
        },
      ],
      { touch: false },
    );
    return found;
  }

  /** The runtime of the session's current model (built once per model and key). */
  async runtimeFor(sessionId: string): Promise<ModelRuntime> {
    return this.runtimeOf(await this.current(sessionId));
  }

  /** The runtime of one offered model. */
  runtimeOf(choice: ModelChoice): ModelRuntime {
    const { config, configured, env, home } = this.#options;
    if (choice.provider === configured.status.provider && choice.id === configured.status.id)
      return configured;
    const stored = readProviderKeys(home);
    let runtimeConfig: ModelConfig;
    let runtimeEnv: Env = env;
    let key = "";
    if (choice.provider === config.provider) {
      // The configured provider's settings (base URL, key) carry over; its label names its model.
      const { label: _label, ...settings } = config;
      runtimeConfig = { ...settings, id: choice.id };
    } else {
      runtimeConfig = ModelConfigSchema.parse({ provider: choice.provider, id: choice.id });
      // Another provider reads its own variable or stored key, never the configured one's.
      if (isLoginProvider(choice.provider)) {
        key = otherProviderKey(choice.provider, env, stored) ?? "";
        runtimeEnv = {};
      }
    }
    const name = `${choice.provider}/${choice.id}`;
    const cached = this.#runtimes.get(name);
    if (cached && cached.key === key) return cached.runtime;
    cached?.runtime.close();
    const runtime =
      runtimeConfig.provider === "offline"
        ? createOfflineModel(undefined)
        : createProviderModel(
            key === "" ? runtimeConfig : { ...runtimeConfig, apiKey: key },
            runtimeEnv,
            stored,
          );
    this.#runtimes.set(name, { key, runtime });
    return runtime;
  }

  /** Closes every runtime built for a choice (the configured one is the daemon's). */
  close(): void {
    for (const { runtime } of this.#runtimes.values()) runtime.close();
    this.#runtimes.clear();
  }
}
