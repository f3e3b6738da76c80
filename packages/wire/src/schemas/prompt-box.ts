import {
  PROMPT_FILL_REFUSALS,
  PromptAutocompleteInputSchema,
  PromptBoxSchema,
  PromptChangeInputSchema,
  PromptEditInputSchema,
  PromptFillInputSchema,
  PromptReadInputSchema,
  PromptSuggestInputSchema,
  PromptSuggestResultSchema,
} from "@elowen/plugin-api/prompt-box";
import { z } from "zod";
import { SessionIdSchema } from "./sessions.js";

/**
 * Prompt-box request ids, minted by the daemon for a plugin's `fill`, `suggest` or `read` waiting
 * on a client's box: `b_` and 20 to 40 lowercase letters and digits.
 */
export const PROMPT_BOX_REQUEST_ID_PATTERN = /^b_[a-z0-9]{20,40}$/;

/**
 * The chains a client's prompt box raises at the daemon, by route segment
 * (`POST /sessions/:sessionId/prompt-box/<segment>`). `prompt.fill`, `prompt.suggest` and
 * `prompt.read` start at a plugin and reach the box as events instead.
 */
export const PROMPT_BOX_CLIENT_CHAINS = {
  edit: "prompt.edit",
  change: "prompt.change",
  autocomplete: "prompt.autocomplete",
} as const;
/** A chain a client's prompt box raises. */
export type PromptBoxClientChain =
  (typeof PROMPT_BOX_CLIENT_CHAINS)[keyof typeof PROMPT_BOX_CLIENT_CHAINS];

/**
 * `GET /sessions/:sessionId/prompt-box`: the prompt-box chains that have at least one
 * hook. A client raises only these; the others are the engine's own behaviour.
 */
export const PromptBoxHookedSchema = z.strictObject({
  hooked: z.array(z.string()).describe("prompt-box event names with at least one hook"),
});
/** `GET /sessions/:sessionId/prompt-box`. */
export type PromptBoxHooked = z.infer<typeof PromptBoxHookedSchema>;

type Issues = { addIssue(issue: { code: "custom"; path: string[]; message: string }): void };
function within(ctx: Issues, field: string, value: number, text: string): void {
  if (value > text.length)
    ctx.addIssue({
      code: "custom",
      path: [field],
      message: `${field} is an offset into text: at most text.length (${text.length})`,
    });
}

/** `POST .../prompt-box/edit`: `prompt.edit`'s input, its offsets inside the draft, `start <= end`. */
export const PromptEditBodySchema = PromptEditInputSchema.superRefine((e, ctx) => {
  within(ctx, "cursor", e.cursor, e.text);
  within(ctx, "end", e.end, e.text);
  if (e.start > e.end)
    ctx.addIssue({ code: "custom", path: ["start"], message: "start is at most end" });
});
/** `POST .../prompt-box/change`: `prompt.change`'s input, the caret inside the draft. */
export const PromptChangeBodySchema = PromptChangeInputSchema.superRefine((e, ctx) =>
  within(ctx, "cursor", e.cursor, e.text),
);
/**
 * `POST .../prompt-box/autocomplete`: `prompt.autocomplete`'s input. `token` is exactly
 * `text.slice(start, cursor)`, never empty, with no whitespace (`PromptAutocompleteInput.token`).
 */
export const PromptAutocompleteBodySchema = PromptAutocompleteInputSchema.superRefine((e, ctx) => {
  within(ctx, "cursor", e.cursor, e.text);
  if (e.text.slice(e.start, e.cursor) !== e.token || /\s/.test(e.token))
    ctx.addIssue({
      code: "custom",
      path: ["token"],
      message:
        "token is the run of non-whitespace that ends at the cursor: text.slice(start, cursor)",
    });
});

/** What `$.prompt.fill` resolves to: whether the box took the text, and the box afterwards. */
export const PromptFilledSchema = PromptBoxSchema.extend({
  isFilled: z.boolean(),
  refusal: z.enum(PROMPT_FILL_REFUSALS).optional(),
});

/** `:sessionId/prompt-box/replies/:requestId` path parameters. */
export const PromptBoxReplyParamsSchema = z.strictObject({
  sessionId: SessionIdSchema,
  requestId: z
    .string()
    .regex(
      PROMPT_BOX_REQUEST_ID_PATTERN,
      "a prompt-box request id is b_ followed by 20 to 40 letters and digits",
    ),
});

/**
 * `POST .../prompt-box/replies/:requestId`: a client's answer to a plugin's request, by its kind:
 * `prompt_fill` → `{ isFilled, refusal?, text, cursor }` (the box after the fill),
 * `prompt_suggest` → `{ isShown }`, `prompt_read` → `{ text, cursor }`. The first answer wins.
 */
export const PromptBoxReplyBodySchema = z.union([
  PromptFilledSchema,
  PromptSuggestResultSchema,
  PromptBoxSchema,
]);
/** A client's answer to a plugin's prompt-box request. */
export type PromptBoxReplyBody = z.infer<typeof PromptBoxReplyBodySchema>;

const request = {
  requestId: z.string(),
  /** When the daemon stops waiting (epoch ms, its clock): an answer after it is refused 409. */
  expiresAt: z.number().int(),
};
/** `prompt_fill`: a plugin's fill, as its `prompt.fill` chain left it, for the box to land. */
export const PromptFillEventDataSchema = z.object({ ...request, input: PromptFillInputSchema });
/** `prompt_suggest`: a plugin's suggestion, as its `prompt.suggest` chain left it, to show dim. */
export const PromptSuggestEventDataSchema = z.object({
  ...request,
  input: PromptSuggestInputSchema,
});
/** `prompt_read`: a plugin reads the box; answer with the box as it stands. */
export const PromptReadEventDataSchema = z.object({ ...request, input: PromptReadInputSchema });

/** The live events that carry a plugin's request to the session's prompt boxes. */
export const PROMPT_BOX_EVENT_DATA_SCHEMAS = {
  prompt_fill: PromptFillEventDataSchema,
  prompt_suggest: PromptSuggestEventDataSchema,
  prompt_read: PromptReadEventDataSchema,
} as const;
/** A prompt-box request event type. */
export type PromptBoxEventType = keyof typeof PROMPT_BOX_EVENT_DATA_SCHEMAS;
