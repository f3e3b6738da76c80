import { z } from "zod";
import {
  PromptChangeOriginSchema,
  PromptEditOriginSchema,
  PromptFillOriginSchema,
  PromptSuggestOriginSchema,
} from "./origin.js";

/** The prompt box as it stands: the draft and the cursor (UTF-16 code units). */
export const PromptBoxSchema = z.strictObject({
  text: z.string(),
  cursor: z.number().int().nonnegative(),
});
/** The prompt box as it stands. */
export type PromptBox = z.infer<typeof PromptBoxSchema>;

/** Terminal colours a decoration may name: a named colour or `#rrggbb`. */
export const ColorSchema = z.union([
  z.enum(["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white", "gray", "grey"]),
  z.string().regex(/^#[0-9a-fA-F]{6}$/, "a colour is a name or #rrggbb"),
]);
/** A colour a decoration may name. */
export type Color = z.infer<typeof ColorSchema>;

/**
 * One styled run painted over the draft: `[start, end)` in UTF-16 code units. Paint only. A range
 * outside the text is clamped; an empty range without `virtualText` is dropped; later entries win
 * per style key (`DECORATION_STYLE_KEYS`). Clamping is {@link normalizeDecorations}'s job.
 */
export const PromptDecorationSchema = z.strictObject({
  start: z.number().int(),
  end: z.number().int(),
  bold: z.boolean().optional(),
  virtualText: z.string().max(500).optional(),
  color: ColorSchema.optional(),
  backgroundColor: ColorSchema.optional(),
  dimColor: z.boolean().optional(),
  italic: z.boolean().optional(),
  underline: z.boolean().optional(),
  strikethrough: z.boolean().optional(),
});
/** One styled run painted over the draft. */
export type PromptDecoration = z.infer<typeof PromptDecorationSchema>;

/** A key in the client's onKey shape. */
export const ClientKeyEventSchema = z.strictObject({
  name: z.string(),
  sequence: z.string().optional(),
  ctrl: z.boolean().optional(),
  meta: z.boolean().optional(),
  shift: z.boolean().optional(),
});
/** A key in the client's onKey shape. */
export type ClientKeyEvent = z.infer<typeof ClientKeyEventSchema>;

/** The input of `prompt.edit`: one edit the person makes, as the draft before it and the splice. */
export const PromptEditInputSchema = z.strictObject({
  origin: PromptEditOriginSchema,
  key: ClientKeyEventSchema.optional(),
  text: z.string(),
  cursor: z.number().int().nonnegative(),
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  inputText: z.string(),
});
/** The input of `prompt.edit`. */
export type PromptEditInput = z.infer<typeof PromptEditInputSchema>;
/** What a `prompt.edit` hook returns: the box after the edit, with optional decorations. */
export const PromptEditResultSchema = PromptBoxSchema.extend({
  decorations: z.array(PromptDecorationSchema).max(200).optional(),
});
/** What a `prompt.edit` hook returns. */
export type PromptEditResult = z.infer<typeof PromptEditResultSchema>;

/** Where a `prompt.fill` puts its text. */
export const PROMPT_FILL_MODES = ["replace", "append", "insert"] as const;
/** Where a `prompt.fill` puts its text. */
export type PromptFillMode = (typeof PROMPT_FILL_MODES)[number];

/** The input of `prompt.fill`. */
export const PromptFillInputSchema = z.strictObject({
  text: z.string(),
  mode: z.enum(PROMPT_FILL_MODES),
  origin: PromptFillOriginSchema,
  decorations: z.array(PromptDecorationSchema).max(200).optional(),
});
/** The input of `prompt.fill`. */
export type PromptFillInput = z.infer<typeof PromptFillInputSchema>;
/** `$.prompt.fill(args)`: no origin (the engine sets it), mode defaults to replace. */
export interface PromptFillArgs {
  readonly text: string;
  readonly mode?: PromptFillMode;
  readonly decorations?: readonly PromptDecoration[];
}
/** Why the engine refused a fill. */
export const PROMPT_FILL_REFUSALS = ["no_composer", "dialog"] as const;
/** What a `prompt.fill` hook returns. */
export const PromptFillResultSchema = z.strictObject({
  isFilled: z.boolean(),
  refusal: z.enum(PROMPT_FILL_REFUSALS).optional(),
});
/** What a `prompt.fill` hook returns. */
export type PromptFillResult = z.infer<typeof PromptFillResultSchema>;
/** What `$.prompt.fill` resolves to. */
export interface PromptFilled extends PromptBox {
  readonly isFilled: boolean;
  readonly refusal?: (typeof PROMPT_FILL_REFUSALS)[number];
}

/** The input of `prompt.change`: the box after a change no `prompt.edit` carried. All fields are the engine's. */
export const PromptChangeInputSchema = z.strictObject({
  text: z.string(),
  cursor: z.number().int().nonnegative(),
  origin: PromptChangeOriginSchema,
});
/** The input of `prompt.change`. */
export type PromptChangeInput = z.infer<typeof PromptChangeInputSchema>;
/** What a `prompt.change` hook returns (echoed by core). */
export const PromptChangeResultSchema = z.strictObject({ text: z.string() });
/** What a `prompt.change` hook returns. */
export type PromptChangeResult = z.infer<typeof PromptChangeResultSchema>;

/** The input of `prompt.suggest`: a text about to be shown dim in the empty box. */
export const PromptSuggestInputSchema = z.strictObject({
  text: z.string(),
  origin: PromptSuggestOriginSchema,
});
/** The input of `prompt.suggest`. */
export type PromptSuggestInput = z.infer<typeof PromptSuggestInputSchema>;
/** `$.prompt.suggest(args)`: the origin is the engine's to set. */
export type PromptSuggestArgs = Omit<PromptSuggestInput, "origin">;
/** What a `prompt.suggest` hook returns. */
export const PromptSuggestResultSchema = z.strictObject({ isShown: z.boolean() });
/** What a `prompt.suggest` hook returns. */
export type PromptSuggestResult = z.infer<typeof PromptSuggestResultSchema>;

/** The input of `prompt.autocomplete`: the box and the token at the cursor. All four are pinned. */
export const PromptAutocompleteInputSchema = z.strictObject({
  text: z.string(),
  cursor: z.number().int().nonnegative(),
  token: z.string().min(1),
  start: z.number().int().nonnegative(),
});
/** The input of `prompt.autocomplete`. */
export type PromptAutocompleteInput = z.infer<typeof PromptAutocompleteInputSchema>;
/** One typeahead row a plugin adds. */
export const PromptAutocompleteSuggestionSchema = z.strictObject({
  text: z.string().min(1),
  label: z.string().optional(),
  description: z.string().optional(),
});
/** One typeahead row a plugin adds. */
export type PromptAutocompleteSuggestion = z.infer<typeof PromptAutocompleteSuggestionSchema>;
/** What a `prompt.autocomplete` hook returns: the rows plugins add, in order. */
export const PromptAutocompleteResultSchema = z.strictObject({
  suggestions: z.array(PromptAutocompleteSuggestionSchema).max(100).readonly(),
});
/** What a `prompt.autocomplete` hook returns. */
export type PromptAutocompleteResult = z.infer<typeof PromptAutocompleteResultSchema>;

/** The input of `prompt.read`: nothing; the result is the box. */
export const PromptReadInputSchema = z.strictObject({});
/** The input of `prompt.read`. */
export type PromptReadInput = z.infer<typeof PromptReadInputSchema>;
