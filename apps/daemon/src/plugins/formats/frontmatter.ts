import { parse } from "yaml";
import { PLUGIN_FORMAT_ERRORS, PluginFormatError } from "./plugin-format-error.js";

/** A markdown file split into its YAML frontmatter (as a record) and its body. */
export interface MarkdownDocument {
  readonly attributes: Readonly<Record<string, unknown>>;
  readonly body: string;
}

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;
/** A `key: value` line of frontmatter read line by line: the key starts its line. */
const KEY_LINE = /^([A-Za-z_][\w-]*):(?:\s+(.*))?$/;

/**
 * Splits `--- yaml ---` frontmatter from a markdown file. A file without frontmatter has no
 * attributes. Frontmatter that strict YAML refuses (real Claude Code agents carry unquoted colons,
 * `<example>` blocks and bare multi-line text in their descriptions) is read as Claude Code reads
 * it: one `key: value` per line that starts with a key, the rest of the line the value as written,
 * and lines that start with no key continue the value above. Throws only when neither reading
 * yields a mapping.
 */
export function parseMarkdownDocument(text: string): MarkdownDocument {
  const match = FRONTMATTER.exec(text);
  if (!match) return { attributes: {}, body: text };
  const source = match[1] ?? "";
  return { attributes: readAttributes(source), body: text.slice(match[0].length) };
}

function readAttributes(source: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = parse(source);
  } catch {
    return keyLinesOrThrow(source);
  }
  if (parsed === null || parsed === undefined) return {};
  if (typeof parsed === "object" && !Array.isArray(parsed))
    return parsed as Record<string, unknown>;
  return keyLinesOrThrow(source);
}

function keyLinesOrThrow(source: string): Record<string, string> {
  const lines = readKeyLines(source);
  if (lines === undefined)
    throw new PluginFormatError({
      code: PLUGIN_FORMAT_ERRORS.frontmatter,
      summary:
        "the frontmatter is neither a YAML mapping nor `key: value` lines; start each field with its name, as in `description: …`",
    });
  return lines;
}

/** The line-based reading of frontmatter, or undefined when its first line names no key. */
function readKeyLines(source: string): Record<string, string> | undefined {
  const attributes: Record<string, string> = {};
  let current: string | undefined;
  for (const line of source.split(/\r?\n/)) {
    const key = KEY_LINE.exec(line);
    if (key?.[1] !== undefined) {
      current = key[1];
      attributes[current] = unquote((key[2] ?? "").trim());
    } else if (current !== undefined) {
      attributes[current] = `${attributes[current]}\n${line.trim()}`.trim();
    } else if (line.trim() !== "") return undefined;
  }
  return current === undefined ? undefined : attributes;
}

function unquote(value: string): string {
  const quoted = /^(["'])([\s\S]*)\1$/.exec(value);
  return quoted?.[2] ?? value;
}

/** A frontmatter attribute as a string, or undefined when absent or not a string. */
export function stringAttribute(
  attributes: Readonly<Record<string, unknown>>,
  key: string,
): string | undefined {
  const value = attributes[key];
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}
