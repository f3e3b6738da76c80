import type { SkillFrontmatter } from "@elowen/plugin-api/skills";
import { decodeSkillSource, type ParsedSkillSource, parseSkillSource } from "@elowen/skill-catalog";
import { Document, isMap, parseDocument } from "yaml";

/** The `yaml` options an edited frontmatter block is read and written with: YAML 1.2 core. */
const YAML_OPTIONS = { schema: "core", uniqueKeys: true, prettyErrors: false } as const;

/**
 * A `SKILL.md` split and parsed by the one frontmatter reader, @elowen/skill-catalog's
 * `parseSkillSource`: the bounded JSON-safe `frontmatter`, its `status` and `problem`, the raw
 * `yaml` block (null when the file has none) and the `body` after the closing fence's line.
 */
export type SkillSource = ParsedSkillSource;

export { parseSkillSource };

/** Reads a `SKILL.md`'s bytes (byte order mark, CRLF and invalid UTF-8 as the catalog reads them). */
export function readSkillSource(bytes: Uint8Array): SkillSource {
  return parseSkillSource(decodeSkillSource(bytes).text);
}

/**
 * Why the catalog leaves a source's frontmatter out (unterminated, not YAML, not a mapping, past
 * a bound), or undefined when it reads it (a file without frontmatter has none to leave out).
 */
export function frontmatterRefusal(source: SkillSource): string | undefined {
  return source.status === "ok" || source.status === "absent"
    ? undefined
    : (source.problem ?? `the frontmatter is ${source.status}`);
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
