import type { PromptComposeSection } from "@elowen/plugin-api/events";

/**
 * A composed system prompt: its sections in order, and the text of each side of the cache
 * boundary. `shared` is the same for every session on one build, model, trait set, plugin set and
 * platform whose output style keeps the coding instructions (one that does not leaves out
 * `doing_tasks`), unless a hook varies it, so a provider may cache it; `session` varies.
 */
export interface SystemPrompt {
  readonly sections: readonly PromptComposeSection[];
  /** The shared sections' texts joined by a blank line, in order ("" when there are none). */
  readonly shared: string;
  /** The session sections' texts joined by a blank line, in order ("" when there are none). */
  readonly session: string;
}

/** One system block for a provider request; `cacheable` marks the shared prefix. */
export interface SystemBlock {
  readonly text: string;
  readonly cacheable: boolean;
}

/** The blank line that separates sections on one side of the boundary, and the two sides. */
export const SECTION_SEPARATOR = "\n\n";

/**
 * Builds the prompt from a sound section list (see `normalizeSections`): sections on each side
 * are joined by a blank line, in the list's order. A section with empty text adds nothing to the
 * text.
 */
export function buildSystemPrompt(sections: readonly PromptComposeSection[]): SystemPrompt {
  const shared: string[] = [];
  const session: string[] = [];
  for (const section of sections) {
    if (section.text === "") continue;
    (section.scope === "shared" ? shared : session).push(section.text);
  }
  return {
    sections,
    shared: shared.join(SECTION_SEPARATOR),
    session: session.join(SECTION_SEPARATOR),
  };
}

/**
 * The prompt as two system blocks, shared first and marked cacheable, for a provider that caches
 * per block (an Anthropic request puts `cache_control` on the first). An empty side is left out.
 */
export function toSystemBlocks(prompt: SystemPrompt): SystemBlock[] {
  const blocks: SystemBlock[] = [];
  if (prompt.shared !== "") blocks.push({ text: prompt.shared, cacheable: true });
  if (prompt.session !== "") blocks.push({ text: prompt.session, cacheable: false });
  return blocks;
}

/**
 * The prompt as one string for a provider that takes a single system text (OpenAI, pi-ai's
 * `systemPrompt`): the shared prefix, a blank line, the session suffix. The shared prefix is the
 * string's beginning byte for byte, so a provider's automatic prefix cache matches it.
 */
export function toSystemText(prompt: SystemPrompt): string {
  if (prompt.session === "") return prompt.shared;
  if (prompt.shared === "") return prompt.session;
  return prompt.shared + SECTION_SEPARATOR + prompt.session;
}
