import {
  SKILL_FRONTMATTER_MAX_CHARS,
  SKILL_FRONTMATTER_MAX_DEPTH,
  SKILL_FRONTMATTER_MAX_VALUES,
} from "@elowen/plugin-api/limits";
import type { SkillFrontmatter } from "@elowen/plugin-api/skills";
import { Composer, type Document, isMap, Parser } from "yaml";
import { flowBoundsProblem } from "./flow-bounds.js";
import { splitFrontmatter } from "./skill-source.js";
import { cstDepthExceeds } from "./yaml-depth.js";
import { frontmatterToJson } from "./yaml-json.js";

/**
 * What became of a skill file's frontmatter: `ok` (parsed, perhaps with keys left out), `absent`
 * (the file has no frontmatter), `unterminated` (an opening fence and no closing one), `invalid`
 * (not YAML, or not a mapping) or `bounds` (past a size, depth, value or alias bound).
 */
export type FrontmatterStatus = "ok" | "absent" | "unterminated" | "invalid" | "bounds";

/** A skill source split and parsed: the frontmatter (always JSON-safe, `{}` unless `ok`) and the body. */
export interface ParsedSkillSource {
  readonly status: FrontmatterStatus;
  readonly frontmatter: SkillFrontmatter;
  /** Why the frontmatter, or a key of it, was left out: prose for a person. */
  readonly problem?: string;
  /** Keys left out of an `ok` frontmatter (prototype keys, keys that are collections). */
  readonly leftOut: readonly string[];
  /** The markdown after the closing fence, or the whole text when there is no complete block. */
  readonly body: string;
  /** The raw frontmatter block between the fences (for an editor that keeps it), or null if none. */
  readonly yaml: string | null;
}

const EMPTY: SkillFrontmatter = Object.freeze({});

// Core schema (YAML 1.2): a date stays its text, `<<` is an ordinary key, unknown tags read as strings.
const YAML_OPTIONS = {
  version: "1.2",
  schema: "core",
  merge: false,
  uniqueKeys: true,
  strict: true,
  intAsBigInt: false,
} as const;

/**
 * Splits decoded skill source and parses its frontmatter with `yaml`, within the bounds of
 * plugin-api: SKILL_FRONTMATTER_MAX_CHARS characters and flow collections nested at most
 * SKILL_FRONTMATTER_MAX_DEPTH deep, at most SKILL_FRONTMATTER_MAX_VALUES of them (both checked
 * in one linear pass before parsing),
 * SKILL_FRONTMATTER_MAX_DEPTH levels (checked on the CST before composing, so no input can exhaust
 * the stack), SKILL_FRONTMATTER_MAX_VALUES values and a bounded number of alias expansions. Never
 * throws for any input.
 */
export function parseSkillSource(text: string): ParsedSkillSource {
  const parts = splitFrontmatter(text);
  if (parts.kind === "none")
    return { status: "absent", frontmatter: EMPTY, leftOut: [], body: parts.body, yaml: null };
  if (parts.kind === "unterminated") {
    return failed(
      "unterminated",
      'the frontmatter opened by "---" on line 1 is never closed by a "---" line',
      parts.body,
      null,
    );
  }
  const yaml = parts.yaml;
  if (yaml.length > SKILL_FRONTMATTER_MAX_CHARS) {
    return failed(
      "bounds",
      `frontmatter is ${yaml.length.toLocaleString("en-US")} characters, more than the ${SKILL_FRONTMATTER_MAX_CHARS.toLocaleString("en-US")} it may hold`,
      parts.body,
      yaml,
    );
  }
  const flow = flowBoundsProblem(yaml, SKILL_FRONTMATTER_MAX_DEPTH, SKILL_FRONTMATTER_MAX_VALUES);
  if (flow !== undefined) return failed("bounds", flow, parts.body, yaml);
  const tokens = Array.from(new Parser().parse(yaml));
  if (cstDepthExceeds(tokens, SKILL_FRONTMATTER_MAX_DEPTH)) {
    return failed(
      "bounds",
      `frontmatter nests more than ${SKILL_FRONTMATTER_MAX_DEPTH} levels deep`,
      parts.body,
      yaml,
    );
  }
  const document = composeOne(tokens, yaml.length);
  const error = document?.errors[0];
  if (document === undefined || error !== undefined) {
    const where =
      error === undefined ? "" : ` (line ${lineOf(yaml, error.pos[0]) + 1} of the file)`;
    return failed(
      "invalid",
      `frontmatter is not valid YAML: ${firstLine(error?.message)}${where}`,
      parts.body,
      yaml,
    );
  }
  const root = document.contents;
  if (root !== null && !isMap(root)) {
    return failed("invalid", "frontmatter is not a mapping of keys to values", parts.body, yaml);
  }
  const json = frontmatterToJson(document);
  if (!json.ok) return failed(json.status, json.problem, parts.body, yaml);
  if (json.leftOut.length === 0) {
    return { status: "ok", frontmatter: json.frontmatter, leftOut: [], body: parts.body, yaml };
  }
  const names = json.leftOut.map((key) => JSON.stringify(key)).join(", ");
  return {
    status: "ok",
    frontmatter: json.frontmatter,
    problem: `left out key ${names}: __proto__, constructor, prototype and keys that are lists or mappings never reach the frontmatter object`,
    leftOut: json.leftOut,
    body: parts.body,
    yaml,
  };
}

function failed(
  status: FrontmatterStatus,
  problem: string,
  body: string,
  yaml: string | null,
): ParsedSkillSource {
  return { status, frontmatter: EMPTY, problem, leftOut: [], body, yaml };
}

function composeOne(
  tokens: Parameters<Composer["compose"]>[0],
  length: number,
): Document.Parsed | undefined {
  const composer = new Composer(YAML_OPTIONS);
  let first: Document.Parsed | undefined;
  for (const document of composer.compose(tokens, true, length)) {
    // A second document (a "..." end marker followed by more YAML) is not a frontmatter block.
    if (first !== undefined) return undefined;
    first = document;
  }
  return first;
}

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let at = text.indexOf("\n"); at !== -1 && at < offset; at = text.indexOf("\n", at + 1))
    line++;
  return line;
}

function firstLine(message: string | undefined): string {
  if (message === undefined) return "it holds more than one document";
  const end = message.indexOf("\n");
  return end === -1 ? message : message.slice(0, end);
}
