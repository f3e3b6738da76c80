import type { Access } from "@elowen/plugin-api/access";
import type { ChainDispatcher, ChainScope } from "@elowen/plugin-api/chains";
import type { PromptComposeTrait, RenderSurface } from "@elowen/plugin-api/events";
import {
  compose,
  type PluginFilter,
  type PluginSection,
  toSystemBlocks,
  toSystemText,
} from "@elowen/prompt-compose";
import type { PluginRegistry } from "../../plugins/registries/registry.js";

/** The tool that loads a skill: offering it turns on the `<available_skills>` block. */
export const SKILL_LOAD_TOOL = "SkillLoad";

/** What one composition of the system prompt reads. */
export interface ComposeSystemRequest {
  readonly hooks: ChainDispatcher;
  readonly registry: PluginRegistry;
  readonly modelId: string;
  readonly tools: readonly string[];
  readonly access: Access;
  readonly persona: string | null;
  readonly filter: PluginFilter;
  readonly scope: ChainScope;
  readonly workspace?: string;
  readonly log: (message: string) => void;
}

function surfaceOf(access: Access): RenderSurface {
  return access.surface === "cli" ? "terminal" : access.surface === "web" ? "web" : "api";
}

/** A composed system prompt and what it was composed from (empty when a chain took part). */
export interface ComposedPrompt {
  /** What it was composed from besides the fragments; empty when a chain took part. */
  readonly key: string;
  /** The fragments it was composed from: the registry's own objects, compared by identity. */
  readonly fragments: readonly PluginSection[];
  /** The whole system prompt as one string: the shared prefix, a blank line, the session suffix. */
  readonly text: string;
  /**
   * The shared prefix `text` begins with, which a provider that caches per block sends as its own
   * cacheable block (an Anthropic request); empty when the prompt has no session part or no
   * shared part, so there is nothing to split.
   */
  readonly cachePrefix: string;
}

/**
 * The turn's system prompt through @elowen/prompt-compose (a turn's third step):
 * engine sections, plugin fragments, the persona, and the `<available_skills>` block from the
 * catalog's model projection with trait `skills` when SkillLoad is offered; `prompt.compose` and
 * `prompt.section` may rewrite it. Plugin faults are logged, never thrown.
 *
 * With no hook on either chain the prompt is a function of what it is composed from, so `last`
 * (the session's previous one) is answered again when that is unchanged: the same text, composed
 * once, which is also what keeps the provider's cached prefix.
 */
export async function composeSystemPrompt(
  request: ComposeSystemRequest,
  last?: ComposedPrompt,
): Promise<ComposedPrompt> {
  const offersSkills = request.tools.includes(SKILL_LOAD_TOOL);
  const skills = offersSkills
    ? request.registry.skills
        .visibleEntries({ invocation: "model", access: request.access })
        .map((e) => ({ name: e.name, description: e.description, lineCount: e.lineCount }))
    : [];
  const traits: PromptComposeTrait[] = offersSkills ? ["skills"] : [];
  const input = {
    model: request.modelId,
    promptModel: request.modelId,
    surfaces: [surfaceOf(request.access)],
    tools: [...request.tools],
    outputStyle: null,
    traits,
  };
  const fragments = request.registry.prompts.fragments(request.filter);
  const sessionSections =
    request.workspace === undefined
      ? []
      : [{ id: "environment", text: `Your working directory is ${request.workspace}.` }];
  const chained = request.hooks.has("prompt.compose") || request.hooks.has("prompt.section");
  const key = chained ? "" : JSON.stringify([input, request.persona, skills, sessionSections]);
  if (key !== "" && last?.key === key && sameSections(last.fragments, fragments)) return last;
  const prompt = await compose({
    dispatcher: request.hooks,
    input,
    scope: request.scope,
    fragments,
    persona: request.persona,
    skills,
    sessionSections,
  });
  for (const problem of prompt.problems) request.log(`system prompt: ${problem.message}`);
  const blocks = toSystemBlocks(prompt);
  const cachePrefix = blocks.length === 2 ? (blocks[0]?.text ?? "") : "";
  return { key, fragments, text: toSystemText(prompt), cachePrefix };
}

/**
 * True when two lists hold the same fragments in the same order. The registry hands out the
 * frozen objects it keeps, so the same object is the same text; comparing them costs nothing
 * per character, where the text of twenty plugins' fragments would be read on every turn.
 */
function sameSections(a: readonly PluginSection[], b: readonly PluginSection[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}
