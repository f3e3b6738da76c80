import { SKILL_DESCRIPTION_MAX_CHARS } from "@elowen/plugin-api/limits";
import { errorMessage } from "@elowen/plugin-shared/errors";
import { isRecord } from "@elowen/plugin-shared/record";
import { REVIEW_CONTENT_MAX_CHARS } from "./limits.js";
import { findSecret } from "./secret-guard.js";
import { isSkillName } from "./skill-paths.js";

/** A proposal that passed the strict parse (not yet the guards). */
export type Proposal =
  | {
      readonly action: "create";
      readonly name: string;
      readonly description: string;
      readonly content: string;
    }
  | {
      readonly action: "patch";
      readonly name: string;
      readonly content: string;
      readonly description?: string;
    };

/** The strict parse of a review's text: the proposals, or why the whole output is refused. */
export type ParsedReview =
  | { readonly ok: true; readonly proposals: readonly Proposal[] }
  | { readonly ok: false; readonly reason: string };

/**
 * Parses a completed review's text strictly: exactly one JSON document (surrounding whitespace
 * allowed, nothing else: no prose, no code fence), an object with exactly `proposals`, an array
 * of proposals each with exactly its action's keys and string values. Any deviation refuses the
 * whole output before any write: invalid JSON never becomes an empty proposal list.
 */
export function parseReview(text: string): ParsedReview {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: `the review is not valid JSON: ${errorMessage(error)}` };
  }
  if (!isRecord(value) || Object.keys(value).length !== 1 || !Array.isArray(value.proposals)) {
    return { ok: false, reason: 'the review is not exactly {"proposals":[...]}' };
  }
  const proposals: Proposal[] = [];
  for (const [index, item] of value.proposals.entries()) {
    const proposal = parseProposal(item);
    if (typeof proposal === "string")
      return { ok: false, reason: `proposals[${index}] ${proposal}` };
    proposals.push(proposal);
  }
  return { ok: true, proposals };
}

function parseProposal(item: unknown): Proposal | string {
  if (!isRecord(item)) return "is not an object";
  const keys = Object.keys(item);
  const strings = (names: readonly string[]) => names.every((key) => typeof item[key] === "string");
  if (item.action === "create") {
    if (
      !sameKeys(keys, ["action", "name", "description", "content"]) ||
      !strings(["name", "description", "content"])
    ) {
      return 'must be exactly { action: "create", name, description, content } with string values';
    }
    return {
      action: "create",
      name: item.name as string,
      description: item.description as string,
      content: item.content as string,
    };
  }
  if (item.action === "patch") {
    const withDescription = sameKeys(keys, ["action", "name", "content", "description"]);
    if (
      (!withDescription && !sameKeys(keys, ["action", "name", "content"])) ||
      !strings(keys.filter((k) => k !== "action"))
    ) {
      return 'must be exactly { action: "patch", name, content, description? } with string values';
    }
    const base = {
      action: "patch" as const,
      name: item.name as string,
      content: item.content as string,
    };
    return withDescription ? { ...base, description: item.description as string } : base;
  }
  return 'has an action other than "create" or "patch"';
}

function sameKeys(keys: readonly string[], expected: readonly string[]): boolean {
  return keys.length === expected.length && expected.every((key) => keys.includes(key));
}

/**
 * The size and secret guards of one proposal: the name rule, a non-blank description within the
 * Agent Skills bound, a non-blank body within {@link REVIEW_CONTENT_MAX_CHARS}, and no credential
 * anywhere in it. Answers why it is refused, or `undefined`.
 */
export function guardProposal(proposal: Proposal): string | undefined {
  const shown = proposal.name.slice(0, 80);
  if (!isSkillName(proposal.name)) return `"${shown}" is not a skill name`;
  const description = proposal.description;
  if (
    description !== undefined &&
    (description.trim() === "" || description.length > SKILL_DESCRIPTION_MAX_CHARS)
  ) {
    return `the description of "${proposal.name}" is blank or longer than ${SKILL_DESCRIPTION_MAX_CHARS} characters`;
  }
  if (proposal.content.trim() === "" || proposal.content.length > REVIEW_CONTENT_MAX_CHARS) {
    return `the body of "${proposal.name}" is blank or longer than ${REVIEW_CONTENT_MAX_CHARS} characters`;
  }
  const secret = findSecret(`${proposal.description ?? ""}\n${proposal.content}`);
  return secret === undefined ? undefined : `"${proposal.name}" contains ${secret}`;
}
