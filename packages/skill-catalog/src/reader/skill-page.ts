import type { Access } from "@elowen/plugin-api/access";
import type {
  SkillCatalogEntry,
  SkillInvocation,
  SkillReadResult,
} from "@elowen/plugin-api/skills";
import { ElowenError } from "@elowen/plugin-shared/errors";
import { parseArguments, substituteArguments } from "@elowen/prompt-compose";
import { countLines } from "../frontmatter/skill-source.js";
import { SKILL_LOAD_DEFAULT_LIMIT } from "../limits.js";

/** The code of the error a page request with a malformed offset or limit throws. */
export const SKILL_CATALOG_INVALID_PAGE = "skill_catalog.invalid_page";

/** What SkillLoad asks for: a skill by name, a window of lines, and optional arguments. */
export interface SkillPageRequest {
  readonly name: string;
  readonly access: Access;
  /** The first line to serve, counting from 1. Default 1. */
  readonly offset?: number;
  /** How many lines to serve. Default SKILL_LOAD_DEFAULT_LIMIT. */
  readonly limit?: number;
  /**
   * Arguments to substitute ($ARGUMENTS, $@, $1..$9, ${N:-default}, ${@:N}) into the source
   * before paging: raw text (split with prompt-compose's parseArguments) or the list. Left out,
   * the source is served as written, so a skill's shell snippets keep their `$1`.
   */
  readonly arguments?: string | readonly string[];
  /** Require the skill to be effective in this projection (see readSkill). */
  readonly invocation?: SkillInvocation;
}

/** One page of a skill's full source, and the actual length of what is served. */
export type SkillPage =
  | {
      readonly ok: true;
      readonly entry: SkillCatalogEntry;
      /** The served lines exactly as in the (substituted) source, line breaks included. */
      readonly text: string;
      readonly offset: number;
      /** Lines in `text`. */
      readonly lines: number;
      /** Lines in the whole (substituted) source now: the actual length, not the announced one. */
      readonly totalLines: number;
      /** The offset of the next page, or null when this page reaches the end. */
      readonly nextOffset: number | null;
      readonly path: string;
      readonly frontmatterProblem?: string;
    }
  | Extract<SkillReadResult, { ok: false }>;

/** A checked window of lines. */
export interface PageWindow {
  readonly offset: number;
  readonly limit: number;
}

/**
 * Checks a request's offset and limit before anything is read: each must be a positive whole
 * number when given. Throws `skill_catalog.invalid_page` naming the field otherwise.
 */
export function pageWindow(request: Pick<SkillPageRequest, "offset" | "limit">): PageWindow {
  return {
    offset: positive("offset", request.offset, 1),
    limit: positive("limit", request.limit, SKILL_LOAD_DEFAULT_LIMIT),
  };
}

/** Serves one window of a read skill's full source (the catalog's loadSkillPage does the reading). */
export function pageOf(
  read: SkillReadResult,
  { offset, limit }: PageWindow,
  args: SkillPageRequest["arguments"],
): SkillPage {
  if (!read.ok) return read;
  const written = read.source ?? read.body;
  const source =
    args === undefined
      ? written
      : substituteArguments(written, typeof args === "string" ? parseArguments(args) : args);
  const totalLines = countLines(source);
  const start = lineStart(source, offset);
  const end = start === source.length ? start : lineStart(source, limit + 1, start);
  const text = source.slice(start, end);
  const lines = countLines(text);
  const next = offset + lines;
  return {
    ok: true,
    entry: read.entry,
    text,
    offset,
    lines,
    totalLines,
    nextOffset: next <= totalLines ? next : null,
    path: read.path,
    ...(read.frontmatterProblem === undefined
      ? {}
      : { frontmatterProblem: read.frontmatterProblem }),
  };
}

/** The index where line `line` (from 1) begins, counting from `from`; the length when past the end. */
function lineStart(text: string, line: number, from = 0): number {
  let at = from;
  for (let current = 1; current < line; current++) {
    const end = text.indexOf("\n", at);
    if (end === -1) return text.length;
    at = end + 1;
  }
  return at;
}

function positive(field: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (Number.isSafeInteger(value) && value >= 1) return value;
  throw new ElowenError({
    code: SKILL_CATALOG_INVALID_PAGE,
    summary: `SkillLoad ${field} is invalid`,
    expected: "a whole number of lines, 1 or more",
    received: String(value),
    fix: `leave ${field} out or pass a positive integer`,
  });
}
