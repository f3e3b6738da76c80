// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the templates under test hold ${…} forms literally.
import fc from "fast-check";

/** One token of a prompt template, as the reference model of substitution reads it. */
export type TemplateToken =
  | { readonly kind: "literal"; readonly text: string }
  | { readonly kind: "all"; readonly spelling: "$ARGUMENTS" | "$@" }
  | { readonly kind: "positional"; readonly index: number }
  | { readonly kind: "default"; readonly index: number; readonly fallback: string }
  | { readonly kind: "slice"; readonly start: number; readonly count?: number }
  | { readonly kind: "stray"; readonly text: string };

/** How a token is written in a template. */
export function writeToken(token: TemplateToken): string {
  switch (token.kind) {
    case "literal":
    case "stray":
      return token.text;
    case "all":
      return token.spelling;
    case "positional":
      return `$${token.index}`;
    case "default":
      return `\${${token.index}:-${token.fallback}}`;
    case "slice":
      return token.count === undefined
        ? `\${@:${token.start}}`
        : `\${@:${token.start}:${token.count}}`;
  }
}

/** What the reference model says a token becomes: each form on its own, nothing re-read. */
export function expandToken(token: TemplateToken, args: readonly string[]): string {
  switch (token.kind) {
    case "literal":
    case "stray":
      return token.text;
    case "all":
      return args.join(" ");
    case "positional":
      return args[token.index - 1] ?? "";
    case "default": {
      const arg = args[token.index - 1] ?? "";
      return arg === "" ? token.fallback : arg;
    }
    case "slice": {
      const start = Math.max(token.start - 1, 0);
      const end = token.count === undefined ? undefined : start + token.count;
      return args.slice(start, end).join(" ");
    }
  }
}

const index = fc.oneof(fc.integer({ min: 0, max: 12 }), fc.constant(100));
/** Literal text: no `$`, and never starting with a digit (which would lengthen a `$N` before it). */
const literal = fc
  .string({ maxLength: 12 })
  .filter((s) => !s.includes("$") && !/^\d/.test(s))
  .map((text): TemplateToken => ({ kind: "literal", text }));
/** `$` spellings that are no form, each complete, so no token after them can finish a form. */
const stray = fc
  .constantFrom(
    "$ ",
    "$x",
    "$$x",
    "${x",
    "${}",
    "${1}",
    "${@}",
    "${@:x",
    "${@:1:x",
    "${1:x",
    "${1-d}",
  )
  .map((text): TemplateToken => ({ kind: "stray", text }));
const form = fc.oneof(
  fc.constantFrom<TemplateToken>(
    { kind: "all", spelling: "$ARGUMENTS" },
    { kind: "all", spelling: "$@" },
  ),
  index.map((i): TemplateToken => ({ kind: "positional", index: i })),
  fc
    .record({ i: index, fallback: fc.string({ maxLength: 8 }).filter((s) => !s.includes("}")) })
    .map(({ i, fallback }): TemplateToken => ({ kind: "default", index: i, fallback })),
  fc
    .record({ start: index, count: fc.option(index, { nil: undefined }) })
    .map(
      ({ start, count }): TemplateToken =>
        count === undefined ? { kind: "slice", start } : { kind: "slice", start, count },
    ),
);

/** Arbitrary templates as token lists. */
export const templateTokens = fc.array(fc.oneof(literal, stray, form), { maxLength: 16 });
