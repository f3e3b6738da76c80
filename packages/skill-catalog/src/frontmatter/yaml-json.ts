import {
  SKILL_FRONTMATTER_MAX_DEPTH,
  SKILL_FRONTMATTER_MAX_VALUES,
} from "@elowen/plugin-api/limits";
import type { SkillFrontmatter, SkillFrontmatterValue } from "@elowen/plugin-api/skills";
import { type Document, isAlias, isMap, isPair, isScalar, isSeq, type Node, type Pair } from "yaml";
import { SKILL_FRONTMATTER_MAX_ALIASES } from "../limits.js";

const PROTOTYPE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/** Thrown inside the conversion when a bound is passed or an alias leads nowhere. */
class Unusable {
  constructor(
    readonly status: "bounds" | "invalid",
    readonly problem: string,
  ) {}
}

/** The JSON-safe frontmatter of a composed YAML document, or why it is handed as `{}`. */
export type FrontmatterJson =
  | {
      readonly ok: true;
      readonly frontmatter: SkillFrontmatter;
      readonly leftOut: readonly string[];
    }
  | { readonly ok: false; readonly status: "bounds" | "invalid"; readonly problem: string };

interface Walk {
  values: number;
  aliases: number;
  readonly anchors: Map<string, Node>;
  readonly leftOut: string[];
}

/**
 * Converts a composed document whose root is a mapping into plain JSON data, counting as it goes:
 * more than SKILL_FRONTMATTER_MAX_DEPTH levels, SKILL_FRONTMATTER_MAX_VALUES values or
 * SKILL_FRONTMATTER_MAX_ALIASES alias expansions stop the walk before anything more is allocated.
 * Keys are the text YAML read (a plain `1` stays `"1"`); prototype keys and keys that are
 * collections are left out and named in `leftOut`. NaN and infinities become null.
 */
export function frontmatterToJson(document: Document.Parsed): FrontmatterJson {
  const walk: Walk = { values: 0, aliases: 0, anchors: new Map(), leftOut: [] };
  try {
    const root = document.contents;
    if (root === null) return { ok: true, frontmatter: {}, leftOut: [] };
    const frontmatter = convert(root, 1, walk, true);
    return { ok: true, frontmatter: frontmatter as SkillFrontmatter, leftOut: walk.leftOut };
  } catch (error) {
    if (error instanceof Unusable)
      return { ok: false, status: error.status, problem: error.problem };
    throw error;
  }
}

function convert(node: Node, depth: number, walk: Walk, root = false): SkillFrontmatterValue {
  if (!root) countValue(walk);
  if (isAlias(node)) return convertAlias(node.source, depth, walk);
  const anchor = (node as { anchor?: string }).anchor;
  if (anchor !== undefined) walk.anchors.set(anchor, node);
  if (isScalar(node)) return scalarValue(node.value, node.source);
  checkDepth(depth);
  if (isSeq(node)) {
    const list: SkillFrontmatterValue[] = [];
    for (const item of node.items as unknown[]) {
      // `!!omap` and `!!pairs` hold their entries as bare pairs: each reads as the one-key
      // mapping it is written as, as if the tag were not there.
      if (isPair(item)) list.push(pairAsMapping(item, depth + 1, walk));
      else list.push(item === null ? null : convert(item as Node, depth + 1, walk));
    }
    return list;
  }
  if (isMap(node)) return mapping(node.items, depth, walk);
  return null;
}

function mapping(pairs: readonly Pair[], depth: number, walk: Walk): SkillFrontmatter {
  const object: Record<string, SkillFrontmatterValue> = {};
  for (const pair of pairs) {
    const key = keyText(pair.key as Node | null, walk);
    if (key === undefined) continue;
    if (PROTOTYPE_KEYS.has(key)) {
      walk.leftOut.push(key);
      continue;
    }
    const value = pair.value as Node | null;
    object[key] = value === null ? null : convert(value, depth + 1, walk);
  }
  return object;
}

/** A bare pair inside a list, counted and bounded as the one-key mapping it stands for. */
function pairAsMapping(pair: Pair, depth: number, walk: Walk): SkillFrontmatterValue {
  countValue(walk);
  checkDepth(depth);
  return mapping([pair], depth, walk);
}

function countValue(walk: Walk): void {
  if (++walk.values > SKILL_FRONTMATTER_MAX_VALUES) {
    throw new Unusable(
      "bounds",
      `frontmatter holds more than ${SKILL_FRONTMATTER_MAX_VALUES.toLocaleString("en-US")} values`,
    );
  }
}

function checkDepth(depth: number): void {
  if (depth > SKILL_FRONTMATTER_MAX_DEPTH) {
    throw new Unusable(
      "bounds",
      `frontmatter nests more than ${SKILL_FRONTMATTER_MAX_DEPTH} levels deep`,
    );
  }
}

function convertAlias(name: string, depth: number, walk: Walk): SkillFrontmatterValue {
  if (++walk.aliases > SKILL_FRONTMATTER_MAX_ALIASES) {
    throw new Unusable(
      "bounds",
      `frontmatter expands more than ${SKILL_FRONTMATTER_MAX_ALIASES} YAML aliases`,
    );
  }
  const target = walk.anchors.get(name);
  if (target === undefined) {
    throw new Unusable(
      "invalid",
      `frontmatter is not valid YAML: alias *${name} refers to no anchor before it`,
    );
  }
  // The alias itself was counted as one value; its target's nodes count again as they expand.
  walk.values--;
  return convert(target, depth, walk);
}

function keyText(key: Node | null, walk: Walk): string | undefined {
  if (key === null) return "";
  const resolved = isAlias(key) ? walk.anchors.get(key.source) : key;
  if (resolved !== undefined && isScalar(resolved)) {
    return typeof resolved.value === "string"
      ? resolved.value
      : (resolved.source ?? String(resolved.value));
  }
  walk.leftOut.push(isAlias(key) ? `*${key.source}` : "a key that is a list or a mapping");
  return undefined;
}

function scalarValue(value: unknown, source: string | undefined): SkillFrontmatterValue {
  switch (typeof value) {
    case "string":
    case "boolean":
      return value;
    case "number":
      if (!Number.isFinite(value)) return null;
      return Object.is(value, -0) ? 0 : value;
    case "bigint":
      return Number(value);
    default:
      if (value === null || value === undefined) return null;
      // Core schema resolves nothing else; keep what the author wrote rather than guess.
      return source ?? String(value);
  }
}
