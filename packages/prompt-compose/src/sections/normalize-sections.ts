import { PROMPT_COMPOSE_SCOPES, type PromptComposeSection } from "@elowen/plugin-api/events";
import { describeValue } from "@elowen/plugin-shared/errors";
import type { ComposeProblem } from "../problems.js";

/** A section list made sound, and what had to be dropped to make it so. */
export interface NormalizedSections {
  readonly sections: readonly PromptComposeSection[];
  readonly problems: readonly ComposeProblem[];
}

/**
 * Makes a section list (as a `prompt.compose` hook answered it) obey the section rules:
 *
 * - a section is `{ id, text, scope }` with a non-empty string id, a string text and a scope of
 *   `PROMPT_COMPOSE_SCOPES`; anything else is dropped and reported (`invalid-section`);
 * - ids are unique: a later section with an id already listed is dropped and reported
 *   (`duplicate-section-id`);
 * - every shared section precedes every session one: a `shared` section listed after a `session`
 *   one is sent as `session` (a section added at the end of what `next(e)` answered is session),
 *   which is the rule, not a problem.
 *
 * Returns undefined when `value` is not an array at all. Never throws.
 */
export function normalizeSections(value: unknown): NormalizedSections | undefined {
  if (!Array.isArray(value)) return undefined;
  const sections: PromptComposeSection[] = [];
  const problems: ComposeProblem[] = [];
  const seen = new Set<string>();
  let sessionSeen = false;
  value.forEach((item: unknown, index) => {
    const section = readSection(item, index, problems);
    if (section === undefined) return;
    if (seen.has(section.id)) {
      problems.push({
        code: "duplicate-section-id",
        id: section.id,
        message: `section ${index} repeats the id "${section.id}": ids are unique in one list, so the later one is left out`,
      });
      return;
    }
    seen.add(section.id);
    if (section.scope === "session") sessionSeen = true;
    sections.push(
      sessionSeen && section.scope === "shared" ? { ...section, scope: "session" } : section,
    );
  });
  return { sections, problems };
}

function readSection(
  item: unknown,
  index: number,
  problems: ComposeProblem[],
): PromptComposeSection | undefined {
  const refuse = (rule: string, id?: string): undefined => {
    problems.push({
      code: "invalid-section",
      ...(id === undefined ? {} : { id }),
      message: `section ${index} is left out: ${rule}`,
    });
    return undefined;
  };
  if (typeof item !== "object" || item === null) {
    return refuse(`a section is { id, text, scope }, got ${describeValue(item)}`);
  }
  const { id, text, scope } = item as Record<string, unknown>;
  if (typeof id !== "string" || id === "") {
    return refuse(`id must be a non-empty string, got ${describeValue(id)}`);
  }
  if (typeof text !== "string") {
    return refuse(`text of "${id}" must be a string, got ${describeValue(text)}`, id);
  }
  if (scope !== "shared" && scope !== "session") {
    return refuse(
      `scope of "${id}" must be one of ${PROMPT_COMPOSE_SCOPES.join(", ")}, got ${describeValue(scope)}`,
      id,
    );
  }
  return { id, text, scope };
}
