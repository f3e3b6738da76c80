import type { SkillCatalogEntry, SkillReadResult } from "@elowen/plugin-api/skills";
import { xmlElement } from "@elowen/plugin-shared/xml";
import { SKILL_INVOCATION_PREFIX } from "../limits.js";

/** An explicit invocation split into its parts: `/skill:` + name + separator + rest. */
export interface InvocationParts {
  readonly name: string;
  /** The first whitespace character after the name (space, tab, newline...), or "" at the end. */
  readonly separator: string;
  /** Everything after the separator, byte for byte. */
  readonly rest: string;
}

const FIRST_WHITESPACE = /\s/;

/**
 * Splits `/skill:name rest` at the first whitespace character (a space, a tab, a line break or any
 * other), keeping that separator and the rest exactly as typed. Undefined when the text does not
 * start with `/skill:` or names no skill (`/skill:` alone, or whitespace right after it), as the
 * Skills plugin's parser reads it. The same split serves command aliases, whose tail the host
 * forwards unchanged.
 */
export function parseInvocation(text: string): InvocationParts | undefined {
  if (!text.startsWith(SKILL_INVOCATION_PREFIX)) return undefined;
  const after = text.slice(SKILL_INVOCATION_PREFIX.length);
  const match = FIRST_WHITESPACE.exec(after);
  if (match === null) return after === "" ? undefined : { name: after, separator: "", rest: "" };
  if (match.index === 0) return undefined;
  return {
    name: after.slice(0, match.index),
    separator: match[0],
    rest: after.slice(match.index + 1),
  };
}

/**
 * What explicit invocation made of the input: `none` (not an invocation: the text is unchanged),
 * `expanded` (the skill's markdown body in a `<skill name="...">` element, then the separator and
 * the user's arguments as typed), or `unavailable` (a missing, denied or unreadable skill; `text`
 * is the input unchanged, `message` says why, and `error` carries a file failure's typed cause).
 */
export type InvocationResult =
  | { readonly kind: "none"; readonly text: string }
  | {
      readonly kind: "expanded";
      readonly text: string;
      readonly entry: SkillCatalogEntry;
      readonly parts: InvocationParts;
    }
  | {
      readonly kind: "unavailable";
      readonly text: string;
      readonly parts: InvocationParts;
      readonly reason: Extract<SkillReadResult, { ok: false }>["reason"];
      readonly message: string;
      readonly error?: Error;
    };

/**
 * Builds the expansion of an invocation from the skill as the canonical reader served it. The
 * element's attribute is escaped (plugin-shared/xml); the body goes in as written, with blank
 * lines at its ends trimmed.
 */
export function expansionOf(
  input: string,
  parts: InvocationParts,
  read: SkillReadResult,
): InvocationResult {
  if (!read.ok) {
    return {
      kind: "unavailable",
      text: input,
      parts,
      reason: read.reason,
      message: `skill ${JSON.stringify(parts.name)} is not available: ${read.message}`,
      ...(read.error === undefined ? {} : { error: read.error }),
    };
  }
  const body = read.body.replace(/^\n+/, "").replace(/\s+$/, "");
  const element = xmlElement("skill", { name: read.entry.name }, `\n${body}\n`);
  return {
    kind: "expanded",
    text: element + parts.separator + parts.rest,
    entry: read.entry,
    parts,
  };
}
