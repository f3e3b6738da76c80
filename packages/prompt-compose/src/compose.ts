import type { ChainDispatcher, ChainScope } from "@elowen/plugin-api/chains";
import {
  type PromptComposeInput,
  PromptComposeInputSchema,
  type PromptComposeResult,
  type PromptComposeScope,
  type PromptComposeSection,
} from "@elowen/plugin-api/events";
import {
  AVAILABLE_SKILLS_SECTION,
  type AvailableSkill,
  renderAvailableSkills,
} from "./available-skills.js";
import { runChain } from "./chains/run-chain.js";
import type { ComposeProblem } from "./problems.js";
import { checkInput } from "./prompt-compose-error.js";
import {
  ENGINE_SECTIONS,
  type EngineSection,
  engineSectionText,
} from "./sections/engine-sections.js";
import { normalizeSections } from "./sections/normalize-sections.js";
import { buildSystemPrompt, type SystemPrompt } from "./sections/system-prompt.js";

/** A plugin's stable section, id `<plugin>:<name>`: a system prompt fragment or platform fragments. */
export interface PluginSection {
  readonly id: string;
  readonly plugin: string;
  readonly text: string;
}

/** A section the host adds after the engine's session sections (bare id), such as its environment. */
export interface HostSection {
  readonly id: string;
  readonly text: string;
}

/** Everything one composition of the system prompt reads, passed explicitly. */
export interface ComposeRequest {
  /** The chain engine (`@elowen/hook-bus` in the daemon). */
  readonly dispatcher: ChainDispatcher;
  /** The facts the prompt is composed from; validated against `PromptComposeInputSchema`. */
  readonly input: PromptComposeInput;
  /** Who raised the chains. */
  readonly scope?: ChainScope;
  /** The engine's own sections; {@link ENGINE_SECTIONS} when omitted. */
  readonly engineSections?: readonly EngineSection[];
  /** Plugin system prompt fragments (shared), in registration order. */
  readonly fragments?: readonly PluginSection[];
  /** Platform fragments for this session's platform (shared), one section per plugin. */
  readonly platformFragments?: readonly PluginSection[];
  /** The session's persona from `brain.session.beforeSpawn` (session section `persona`). */
  readonly persona?: string | null;
  /** The catalog's model projection; listed as `available_skills` (session) under trait `skills`. */
  readonly skills?: readonly AvailableSkill[];
  /** Host sections after every other session section (bare ids), e.g. the date or working directory. */
  readonly sessionSections?: readonly HostSection[];
}

/** A composed system prompt and what went wrong on the way (nothing is thrown for plugin faults). */
export interface ComposedSystemPrompt extends SystemPrompt {
  readonly problems: readonly ComposeProblem[];
}

interface Candidate {
  readonly id: string;
  readonly text: string | null;
  readonly scope: PromptComposeScope;
}

/**
 * Composes the system prompt. Raises `prompt.compose` over the sections the engine builds; the
 * engine's part (the chain's bottom) asks `prompt.section` about each section by id, in order,
 * before listing it (a `null` answer, or empty text, leaves it out; an engine section its traits
 * leave out is asked about with `text: null`). The engine lists, shared first: its shared
 * sections, plugin fragments, platform fragments; then session: its session sections, `persona`,
 * `available_skills`, the host's session sections. Under trait `bare` only the engine's sections
 * and the host's session sections are listed.
 *
 * The answer is made sound by `normalizeSections` and split at the cache boundary; a section a
 * hook added after the last of the engine's sections (at the end of what `next(e)` answered) is
 * sent as `session` whatever scope it declares. A chain that
 * fails, or answers something that is not a section list, is reported and the engine's own list is
 * used. Throws {@link PromptComposeError} (`invalid-input`, naming the field) only when `input`
 * breaks the `PromptComposeInput` contract, which is the host's own error.
 */
export async function compose(request: ComposeRequest): Promise<ComposedSystemPrompt> {
  checkInput(PromptComposeInputSchema, request.input, "compose", "input");
  const problems: ComposeProblem[] = [];
  const { dispatcher, scope } = request;
  const engineIds = new Set<string>();
  const bottom = async (e: PromptComposeInput): Promise<PromptComposeResult> => {
    const sections: PromptComposeSection[] = [];
    const asked = dispatcher.has("prompt.section");
    for (const candidate of candidates(request, e, problems)) {
      let text = candidate.text;
      if (asked) {
        const input = { name: candidate.id, text };
        text = (
          await runChain(dispatcher, "prompt.section", input, (s) => ({ text: s.text }), problems, {
            scope,
          })
        ).text;
      }
      if (text !== null && text !== "") {
        sections.push({ id: candidate.id, text, scope: candidate.scope });
        engineIds.add(candidate.id);
      }
    }
    return { sections };
  };
  const result = await runChain(dispatcher, "prompt.compose", request.input, bottom, problems, {
    scope,
    read: (value, found) => {
      const sections =
        typeof value === "object" && value !== null
          ? (value as { sections?: unknown }).sections
          : undefined;
      const normalized = normalizeSections(sections);
      if (normalized === undefined) return undefined;
      found.push(...normalized.problems);
      return { sections: normalized.sections };
    },
  });
  return { ...buildSystemPrompt(appendedAsSession(result.sections, engineIds)), problems };
}

/**
 * Sends as `session` every section a hook added at the end of what the engine answered: those
 * after the last section of the engine's own list (hooks see it as what `next(e)` answered). A
 * section inserted before one of the engine's keeps its scope; an answer that keeps none of the
 * engine's sections (a hook that composed its own prompt) keeps the scopes it declares.
 */
function appendedAsSession(
  sections: readonly PromptComposeSection[],
  engineIds: ReadonlySet<string>,
): readonly PromptComposeSection[] {
  let last = -1;
  sections.forEach((section, index) => {
    if (engineIds.has(section.id)) last = index;
  });
  if (last < 0 || last === sections.length - 1) return sections;
  return sections.map((section, index) =>
    index > last && section.scope === "shared" ? { ...section, scope: "session" } : section,
  );
}

function candidates(
  request: ComposeRequest,
  input: PromptComposeInput,
  problems: ComposeProblem[],
): Candidate[] {
  const engine = request.engineSections ?? ENGINE_SECTIONS;
  const bare = input.traits.includes("bare");
  const shared: Candidate[] = [];
  const session: Candidate[] = [];
  for (const section of engine) {
    (section.scope === "shared" ? shared : session).push({
      id: section.id,
      text: engineSectionText(section, input),
      scope: section.scope,
    });
  }
  if (!bare) {
    for (const fragment of request.fragments ?? []) shared.push({ ...fragment, scope: "shared" });
    for (const fragment of request.platformFragments ?? [])
      shared.push({ ...fragment, scope: "shared" });
    if (request.persona) session.push({ id: "persona", text: request.persona, scope: "session" });
    if (
      input.traits.includes("skills") &&
      request.skills !== undefined &&
      request.skills.length > 0
    ) {
      session.push({
        id: AVAILABLE_SKILLS_SECTION,
        text: renderAvailableSkills(request.skills),
        scope: "session",
      });
    }
  }
  for (const section of request.sessionSections ?? [])
    session.push({ ...section, scope: "session" });
  const seen = new Set<string>();
  return [...shared, ...session].filter((candidate) => {
    if (!seen.has(candidate.id)) return seen.add(candidate.id);
    problems.push({
      code: "duplicate-section-id",
      id: candidate.id,
      message: `two sections are named "${candidate.id}"; the later one is left out`,
    });
    return false;
  });
}
