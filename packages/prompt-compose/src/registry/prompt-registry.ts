import type { PluginContext } from "@elowen/plugin-api";
import {
  TURN_CONTEXT_PLACEMENTS,
  type TurnContextPlacement,
} from "@elowen/plugin-api/prompt-context";
import type { PluginSection } from "../compose.js";
import type { PlatformFragments } from "../platform/platform-fragments.js";
import { PromptComposeError } from "../prompt-compose-error.js";
import type { InputTransformRegistration } from "../providers/input-transforms.js";
import type { StepContextRegistration } from "../providers/step-context.js";
import type { TurnContextRegistration } from "../providers/turn-context.js";
import { type CoreTemplates, TemplateRegistry } from "../templates/template-registry.js";
import {
  checkContributionName,
  checkFunction,
  checkIdentity,
  type PluginIdentity,
  requireGrant,
} from "./plugin-identity.js";

/** A system prompt fragment is refused past this many characters (ours; the platform file cap). */
export const SYSTEM_PROMPT_FRAGMENT_MAX_CHARS = 8000;

/** The prompt seams of `PluginContext`, bound to one plugin. */
export type PluginPromptSeams = Pick<
  PluginContext,
  | "registerSystemPromptFragment"
  | "registerTurnContext"
  | "registerInputTransform"
  | "registerStepContext"
  | "registerPrompts"
  | "rawTemplate"
  | "renderTemplate"
>;

/** Picks the plugins that take part in one session (grants, enabled state); all when omitted. */
export type PluginFilter = (plugin: string) => boolean;

/**
 * Everything plugins registered for prompts on one host. The daemon keeps one, hands each plugin
 * `forPlugin(identity)` as part of its context, and reads the lists per turn.
 */
export interface PromptRegistry {
  /** The registration seams for one plugin, checked against its identity and grants. */
  forPlugin(identity: PluginIdentity): PluginPromptSeams;
  /** Keeps a plugin's platform fragments, read by `loadPlatformFragments` when it was loaded. */
  addPlatformFragments(fragments: PlatformFragments): void;
  /**
   * System prompt fragments in registration order, as shared sections `<plugin>:<name>`: the
   * same frozen objects on every call, so a host may tell an unchanged list by identity.
   */
  fragments(include?: PluginFilter): PluginSection[];
  /** Platform fragments that apply to `platform`, one section `<plugin>:platform` per plugin. */
  platformFragments(platform: string, include?: PluginFilter): PluginSection[];
  turnContextProviders(include?: PluginFilter): TurnContextRegistration[];
  /** Input transforms in registration order. */
  inputTransforms(include?: PluginFilter): InputTransformRegistration[];
  stepContextProviders(include?: PluginFilter): StepContextRegistration[];
  /** Withdraws every contribution of a plugin (it was disabled or unloaded). */
  withdraw(plugin: string): void;
}

/** Creates an empty registry. `coreTemplates` are the host's own templates, if any. */
export function createPromptRegistry(
  options: { readonly coreTemplates?: CoreTemplates } = {},
): PromptRegistry {
  const fragments: PluginSection[] = [];
  const platform = new Map<string, PlatformFragments>();
  const turnContext: TurnContextRegistration[] = [];
  const transforms: InputTransformRegistration[] = [];
  const steps: StepContextRegistration[] = [];
  const templates = new TemplateRegistry(options.coreTemplates);
  const pick = <T extends { readonly plugin: string }>(
    list: readonly T[],
    include?: PluginFilter,
  ) => (include === undefined ? [...list] : list.filter((item) => include(item.plugin)));
  const refuseTwice = (taken: boolean, plugin: string, what: string, name: string) => {
    if (!taken) return;
    throw new PromptComposeError(
      "duplicate",
      `plugin ${plugin} already registered a ${what} named "${name}"; pass another options.name`,
      {
        field: "options.name",
      },
    );
  };

  return {
    forPlugin(identity) {
      checkIdentity(identity);
      const plugin = identity.name;
      return {
        registerSystemPromptFragment(text, options) {
          const name = checkContributionName(options?.name ?? "fragment", "options.name");
          if (name === "platform") {
            throw new PromptComposeError(
              "invalid-input",
              'options.name "platform" is kept for platform fragments',
              { field: "options.name" },
            );
          }
          if (typeof text !== "string" || text.trim() === "") {
            throw new PromptComposeError(
              "invalid-input",
              `the fragment text of ${plugin} must be a non-empty string`,
              { field: "text" },
            );
          }
          if (text.length > SYSTEM_PROMPT_FRAGMENT_MAX_CHARS) {
            throw new PromptComposeError(
              "oversized",
              `the fragment "${name}" of ${plugin} has ${text.length} characters, more than ${SYSTEM_PROMPT_FRAGMENT_MAX_CHARS}`,
              {
                field: "text",
              },
            );
          }
          const id = `${plugin}:${name}`;
          refuseTwice(
            fragments.some((f) => f.id === id),
            plugin,
            "system prompt fragment",
            name,
          );
          fragments.push(Object.freeze({ id, plugin, text }));
        },
        registerTurnContext(provider, options) {
          checkFunction(provider, "provider");
          const name = checkContributionName(options?.name ?? "turn-context", "options.name");
          const placement: TurnContextPlacement = options?.placement ?? "before-user";
          if (!TURN_CONTEXT_PLACEMENTS.includes(placement)) {
            throw new PromptComposeError(
              "invalid-input",
              `options.placement must be one of ${TURN_CONTEXT_PLACEMENTS.join(", ")}, got ${JSON.stringify(placement)}`,
              {
                field: "options.placement",
              },
            );
          }
          const taken = turnContext.some((t) => t.plugin === plugin && t.name === name);
          refuseTwice(taken, plugin, "turn-context provider", name);
          turnContext.push({ plugin, name, placement, provider });
        },
        registerInputTransform(transform) {
          requireGrant(identity, "turnContext", "registerInputTransform");
          checkFunction(transform, "transform");
          transforms.push({ plugin, transform });
        },
        registerStepContext(provider) {
          checkFunction(provider, "provider");
          const count = steps.filter((s) => s.plugin === plugin).length;
          steps.push({
            plugin,
            name: count === 0 ? "step-context" : `step-context-${count + 1}`,
            provider,
          });
        },
        registerPrompts(prompts) {
          requireGrant(identity, "prompt", "registerPrompts");
          templates.register(plugin, identity.root, prompts);
        },
        rawTemplate: (name) => templates.raw(plugin, name),
        renderTemplate: (name, variables) => templates.render(plugin, name, variables),
      };
    },
    addPlatformFragments(loaded) {
      platform.set(loaded.plugin, loaded);
    },
    fragments: (include) => pick(fragments, include),
    platformFragments(name, include) {
      const sections: PluginSection[] = [];
      for (const loaded of platform.values()) {
        if (loaded.text === "" || !loaded.platforms.includes(name)) continue;
        if (include !== undefined && !include(loaded.plugin)) continue;
        sections.push({
          id: `${loaded.plugin}:platform`,
          plugin: loaded.plugin,
          text: loaded.text,
        });
      }
      return sections;
    },
    turnContextProviders: (include) => pick(turnContext, include),
    inputTransforms: (include) => pick(transforms, include),
    stepContextProviders: (include) => pick(steps, include),
    withdraw(plugin) {
      for (const list of [fragments, turnContext, transforms, steps] as { plugin: string }[][]) {
        for (let i = list.length - 1; i >= 0; i--)
          if (list[i]?.plugin === plugin) list.splice(i, 1);
      }
      platform.delete(plugin);
      templates.withdraw(plugin);
    },
  };
}
