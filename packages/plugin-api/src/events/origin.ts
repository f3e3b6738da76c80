import { z } from "zod";

/**
 * Where a `prompt.submit` submission came from: a closed set stamped by
 * the engine where the prompt was queued, never a text prefix. No hook sets it.
 */
export const PromptOriginSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("composer") }),
  z.strictObject({ kind: z.literal("bridge") }),
  z.strictObject({ kind: z.literal("sdk") }),
  z.strictObject({ kind: z.literal("task-notification") }),
  z.strictObject({ kind: z.literal("scheduled-trigger") }),
  z.strictObject({ kind: z.literal("peer") }),
  z.strictObject({ kind: z.literal("peer-send-message") }),
  z.strictObject({ kind: z.literal("projects-relay") }),
  z.strictObject({ kind: z.literal("channel"), server: z.string() }),
  z.strictObject({ kind: z.literal("coordinator") }),
  z.strictObject({ kind: z.literal("observer") }),
  z.strictObject({ kind: z.literal("observer-activity") }),
  z.strictObject({ kind: z.literal("auto-continuation") }),
  z.strictObject({ kind: z.literal("unclassified") }),
  z.strictObject({ kind: z.literal("slack-ping") }),
  z.strictObject({
    kind: z.literal("plugin"),
    name: z.string(),
    asUser: z.literal(true).optional(),
  }),
]);
/** Where a submission came from. */
export type PromptOrigin = z.infer<typeof PromptOriginSchema>;
/** The kinds of {@link PromptOrigin}. */
export type PromptOriginKind = PromptOrigin["kind"];

/** Who authored an injected attachment's text. */
export const PromptAttachmentOriginSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("engine") }),
  z.strictObject({ kind: z.literal("hook"), event: z.string() }),
  z.strictObject({ kind: z.literal("plugin"), event: z.string() }),
]);
/** Who authored an injected attachment's text. */
export type PromptAttachmentOrigin = z.infer<typeof PromptAttachmentOriginSchema>;

/** Who changed the prompt box at `prompt.change`. An unknown kind is to be read as `engine`. */
export const PromptChangeOriginSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("history") }),
  z.strictObject({ kind: z.literal("clear") }),
  z.strictObject({ kind: z.literal("undo") }),
  z.strictObject({ kind: z.literal("plugin"), name: z.string() }),
  z.strictObject({ kind: z.literal("app") }),
  z.strictObject({ kind: z.literal("engine") }),
]);
/** Who changed the prompt box. */
export type PromptChangeOrigin = z.infer<typeof PromptChangeOriginSchema>;

/** Who edits the prompt box at `prompt.edit`: the person at the composer. */
export const PromptEditOriginSchema = z.strictObject({ kind: z.literal("composer") });
/** Who edits the prompt box. */
export type PromptEditOrigin = z.infer<typeof PromptEditOriginSchema>;

/** Who writes the prompt box at `prompt.fill`. */
export const PromptFillOriginSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("engine") }),
  z.strictObject({ kind: z.literal("plugin"), name: z.string() }),
]);
/** Who writes the prompt box. */
export type PromptFillOrigin = z.infer<typeof PromptFillOriginSchema>;

/** Who proposes a suggestion at `prompt.suggest`. */
export const PromptSuggestOriginSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("suggestion") }),
  z.strictObject({ kind: z.literal("plugin"), name: z.string() }),
]);
/** Who proposes a suggestion. */
export type PromptSuggestOrigin = z.infer<typeof PromptSuggestOriginSchema>;
