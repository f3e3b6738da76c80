import { parse } from "yaml";

/** A markdown file split into its YAML frontmatter (as a record) and its body. */
export interface MarkdownDocument {
  readonly attributes: Readonly<Record<string, unknown>>;
  readonly body: string;
}

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

/**
 * Splits `--- yaml ---` frontmatter from a markdown file. A file without frontmatter has no
 * attributes; frontmatter that is not a YAML mapping throws naming the rule.
 */
export function parseMarkdownDocument(text: string): MarkdownDocument {
  const match = FRONTMATTER.exec(text);
  if (!match) return { attributes: {}, body: text };
  const parsed: unknown = parse(match[1] ?? "");
  if (
    parsed !== null &&
    parsed !== undefined &&
    (typeof parsed !== "object" || Array.isArray(parsed))
  )
    throw new Error("the frontmatter is not a YAML mapping of names to values");
  return {
    attributes: (parsed ?? {}) as Record<string, unknown>,
    body: text.slice(match[0].length),
  };
}

/** A frontmatter attribute as a string, or undefined when absent or not a string. */
export function stringAttribute(
  attributes: Readonly<Record<string, unknown>>,
  key: string,
): string | undefined {
  const value = attributes[key];
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}
