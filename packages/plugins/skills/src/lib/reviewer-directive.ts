import type { SkillCatalogEntry } from "@elowen/plugin-api/skills";
import {
  REVIEW_CATALOG_DESCRIPTION_CHARS,
  REVIEW_CATALOG_MAX_ENTRIES,
  REVIEW_CONTENT_MAX_CHARS,
} from "./limits.js";
import type { OfferedSkill } from "./reviewer-store.js";

/** What the directive is built from. */
export interface DirectiveInput {
  /** The most writes this review may make: the captured budget. */
  readonly cap: number;
  /** The reviewed account's visible catalog (bounded here). */
  readonly catalog: readonly SkillCatalogEntry[];
  /** The reviewer's own personal skills loaded in this exchange, with the revision offered. */
  readonly patchable: readonly OfferedSkill[];
}

/**
 * Builds the review directive appended after the exchange: the procedure rules, the proposal
 * schema, the visible catalog (at most {@link REVIEW_CATALOG_MAX_ENTRIES} names with clipped
 * descriptions) and the patchable bodies, asking for JSON only. Deterministic for one input.
 */
export function buildDirective(input: DirectiveInput): string {
  const catalog = input.catalog.slice(0, REVIEW_CATALOG_MAX_ENTRIES).map((entry) => ({
    name: entry.name,
    source: entry.catalogSource,
    description: clip(entry.description),
  }));
  const omitted = input.catalog.length - catalog.length;
  const patchable = input.patchable.map((skill) => ({
    name: skill.name,
    description: skill.description,
    content: skill.content,
  }));
  return [
    "Review the exchange above for one thing: a reusable procedure worth keeping as a skill. You are not answering the user and you cannot call tools.",
    "",
    "Rules:",
    "1. Propose a skill only for a procedure that worked in this exchange, took real effort to find, and is likely to be needed again. Most exchanges teach nothing new: then answer with an empty list.",
    '2. "create" makes a new personal skill. Its name must not be in the catalog below. Use lowercase letters, digits and single dashes, at most 64 characters.',
    '3. "patch" rewrites one of the patchable skills below and nothing else. Give its complete new content, keeping what is still right and fixing what this exchange showed to be wrong or missing.',
    "4. The description is one sentence that says when to use the skill. The content is markdown instructions: steps, checks and pitfalls, general enough to reuse, without details of this one conversation.",
    `5. Never include credentials, tokens, passwords, keys, personal data or anything copied from secrets in a skill. Keep each content under ${REVIEW_CONTENT_MAX_CHARS} characters.`,
    `6. At most ${input.cap} proposal${input.cap === 1 ? "" : "s"}. Proposals past that are not written.`,
    "",
    "Answer with JSON only, no prose and no code fence, exactly this shape:",
    '{"proposals":[{"action":"create","name":"...","description":"...","content":"..."},{"action":"patch","name":"...","content":"...","description":"optional"}]}',
    'An answer with nothing worth keeping is {"proposals":[]}.',
    "",
    `Catalog (visible skills${omitted > 0 ? `, ${omitted} more not shown` : ""}):`,
    JSON.stringify(catalog),
    "",
    "Patchable skills (yours, loaded in this exchange):",
    JSON.stringify(patchable),
  ].join("\n");
}

function clip(text: string): string {
  return text.length <= REVIEW_CATALOG_DESCRIPTION_CHARS
    ? text
    : `${text.slice(0, REVIEW_CATALOG_DESCRIPTION_CHARS - 1)}…`;
}
