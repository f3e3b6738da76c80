import {
  SKILL_FRONTMATTER_MAX_CHARS,
  SKILL_FRONTMATTER_MAX_DEPTH,
  SKILL_FRONTMATTER_MAX_VALUES,
  type SkillFrontmatter,
  type SkillFrontmatterValue,
} from "@elowen/plugin-api";
import { errorMessage } from "@elowen/plugin-shared/errors";
import { Document, isMap, parseDocument } from "yaml";

/** The `yaml` options every frontmatter block is read with: YAML 1.2 core, bounded aliases. */
const YAML_OPTIONS = { schema: "core", uniqueKeys: true, prettyErrors: false } as const;
/** Aliases one block may expand (`yaml`'s own default), so a billion-laughs block stops early. */
const MAX_ALIASES = 100;
const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);
const FENCE = /^---[ \t]*$/;

/**
 * A `SKILL.md` split and parsed. `frontmatter` is JSON-safe and bounded; `problem` says why it is
 * `{}` or lost a key. `yaml` is the raw block (null when the file has none), `body` everything
 * after the closing fence's line, as the canonical reader serves it.
 */
export interface SkillSource {
  readonly yaml: string | null;
  readonly frontmatter: SkillFrontmatter;
  readonly problem?: string;
  readonly body: string;
}

/** Decodes text for parsing: byte order mark removed, CRLF and lone CR read as LF. */
export function normalizeSource(text: string): string {
  const bare = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return bare.includes("\r") ? bare.replace(/\r\n?/g, "\n") : bare;
}

/** Splits and parses a skill source. Never throws: a bad block is `{}` with a problem. */
export function parseSkillSource(text: string): SkillSource {
  const source = normalizeSource(text);
  const lines = source.split("\n");
  if (!FENCE.test(lines[0] ?? "")) return { yaml: null, frontmatter: {}, body: source };
  const close = lines.findIndex((line, index) => index > 0 && FENCE.test(line));
  if (close < 0) {
    return {
      yaml: null,
      frontmatter: {},
      problem: "the frontmatter has no closing ---",
      body: source,
    };
  }
  const yaml = lines.slice(1, close).join("\n");
  const body = lines.slice(close + 1).join("\n");
  const parsed = parseFrontmatter(yaml);
  return parsed.problem === undefined
    ? { yaml, frontmatter: parsed.frontmatter, body }
    : { yaml, frontmatter: parsed.frontmatter, problem: parsed.problem, body };
}

/** Parses one YAML block into bounded JSON-safe frontmatter. */
export function parseFrontmatter(yaml: string): {
  frontmatter: SkillFrontmatter;
  problem?: string;
} {
  if (yaml.length > SKILL_FRONTMATTER_MAX_CHARS) {
    return {
      frontmatter: {},
      problem: `the frontmatter is longer than ${SKILL_FRONTMATTER_MAX_CHARS} characters`,
    };
  }
  const doc = parseDocument(yaml, YAML_OPTIONS);
  const firstError = doc.errors[0];
  if (firstError)
    return {
      frontmatter: {},
      problem: `the frontmatter is not valid YAML: ${firstError.message.split("\n")[0]}`,
    };
  let value: unknown;
  try {
    value = doc.toJS({ mapAsMap: true, maxAliasCount: MAX_ALIASES });
  } catch (error) {
    return {
      frontmatter: {},
      problem: `the frontmatter could not be read: ${errorMessage(error)}`,
    };
  }
  if (value === null || value === undefined) return { frontmatter: {} };
  if (!(value instanceof Map))
    return { frontmatter: {}, problem: "the frontmatter is not a mapping of keys to values" };
  const budget = { values: 0, dropped: [] as string[] };
  const converted = toJsonSafe(value, 1, budget);
  if (converted === BOUNDS) {
    return {
      frontmatter: {},
      problem: `the frontmatter exceeds ${SKILL_FRONTMATTER_MAX_DEPTH} levels or ${SKILL_FRONTMATTER_MAX_VALUES} values`,
    };
  }
  const frontmatter = converted as SkillFrontmatter;
  return budget.dropped.length === 0
    ? { frontmatter }
    : { frontmatter, problem: `left out the key(s) ${budget.dropped.join(", ")}` };
}

const BOUNDS = Symbol("bounds");

function toJsonSafe(
  value: unknown,
  depth: number,
  budget: { values: number; dropped: string[] },
): SkillFrontmatterValue | typeof BOUNDS {
  budget.values += 1;
  if (budget.values > SKILL_FRONTMATTER_MAX_VALUES) return BOUNDS;
  // Levels are containers: 32 nested mappings or lists are allowed, their scalars add none.
  if ((Array.isArray(value) || value instanceof Map) && depth > SKILL_FRONTMATTER_MAX_DEPTH) {
    return BOUNDS;
  }
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (Array.isArray(value)) {
    const list: SkillFrontmatterValue[] = [];
    for (const item of value) {
      const converted = toJsonSafe(item, depth + 1, budget);
      if (converted === BOUNDS) return BOUNDS;
      list.push(converted);
    }
    return list;
  }
  if (value instanceof Map) {
    const record: Record<string, SkillFrontmatterValue> = {};
    for (const [rawKey, item] of value) {
      const key = typeof rawKey === "string" ? rawKey : String(rawKey);
      if (FORBIDDEN_KEYS.has(key)) {
        budget.dropped.push(key);
        continue;
      }
      const converted = toJsonSafe(item, depth + 1, budget);
      if (converted === BOUNDS) return BOUNDS;
      record[key] = converted;
    }
    return record;
  }
  // Binary, sets and other tagged values have no JSON form.
  return null;
}

/** The frontmatter keys this plugin writes; every other key is kept as its author wrote it. */
export interface FrontmatterEdit {
  readonly description?: string;
  readonly disableModelInvocation?: boolean;
  readonly userInvocable?: boolean;
}

/**
 * Renders a whole `SKILL.md`: the frontmatter block and, after its closing fence, the body exactly
 * as given.
 * An existing block is edited in place, so unknown keys, comments and order survive; `name` is
 * written only where the block has none. Without a block a new one is made. A block that is not
 * a YAML mapping is `undefined`: editing it would lose what its author wrote.
 */
export function renderSkillSource(
  previousYaml: string | null,
  name: string,
  edit: FrontmatterEdit,
  body: string,
): string | undefined {
  const parsed = previousYaml === null ? null : parseDocument(previousYaml, YAML_OPTIONS);
  if (parsed !== null && parsed.errors.length > 0) return undefined;
  // A block with no content (empty, or comments only) is written afresh.
  const doc = parsed === null || parsed.contents === null ? new Document({}) : parsed;
  if (!isMap(doc.contents)) return undefined;
  if (!doc.has("name")) doc.set("name", name);
  if (edit.description !== undefined) doc.set("description", edit.description);
  if (edit.disableModelInvocation === true) doc.set("disable-model-invocation", true);
  if (edit.disableModelInvocation === false) doc.delete("disable-model-invocation");
  if (edit.userInvocable === false) doc.set("user-invocable", false);
  if (edit.userInvocable === true) doc.delete("user-invocable");
  return `---\n${doc.toString({ lineWidth: 0 })}---\n${body}`;
}

/** Reads a boolean frontmatter flag, or `fallback` when it is absent or not a boolean. */
export function flag(frontmatter: SkillFrontmatter, key: string, fallback: boolean): boolean {
  const value = frontmatter[key];
  return typeof value === "boolean" ? value : fallback;
}
