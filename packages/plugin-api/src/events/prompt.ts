import { z } from "zod";
import { PromptAttachmentOriginSchema, PromptOriginSchema } from "./origin.js";

/** A pasted or attached non-text item of a submitted prompt: its kind, never its bytes. */
export const PromptSubmitAttachmentSchema = z.strictObject({
  type: z.enum(["image", "audio", "document"]),
  mediaType: z.string().optional(),
  filename: z.string().optional(),
  id: z.string().optional(),
});
/** A pasted or attached item of a submitted prompt. */
export type PromptSubmitAttachment = z.infer<typeof PromptSubmitAttachmentSchema>;

/** The slash command a submission runs, as `command.run` left it. */
export const PromptSubmitCommandSchema = z.strictObject({ name: z.string(), args: z.string() });
/** The slash command a submission runs. */
export type PromptSubmitCommand = z.infer<typeof PromptSubmitCommandSchema>;

/** The input of `prompt.submit`: the prompt as typed, before it enters the session. */
export const PromptSubmitInputSchema = z.strictObject({
  text: z.string(),
  command: PromptSubmitCommandSchema.optional(),
  isMeta: z.literal(true).optional(),
  attachments: z.array(PromptSubmitAttachmentSchema).readonly().optional(),
  context: z.array(z.string()).readonly().optional(),
  turnId: z.string().optional(),
  wait: z.boolean(),
  origin: PromptOriginSchema,
});
/** The input of `prompt.submit`. */
export type PromptSubmitInput = z.infer<typeof PromptSubmitInputSchema>;

/** What a `prompt.submit` hook returns: the prompt that entered, or `{ drop: reason }`. */
export const PromptSubmitResultSchema = z.union([
  z.strictObject({
    text: z.string(),
    context: z.array(z.string()).readonly().optional(),
    origin: PromptOriginSchema.optional(),
  }),
  z.strictObject({ drop: z.string() }),
]);
/** What a `prompt.submit` hook returns. */
export type PromptSubmitResult = z.infer<typeof PromptSubmitResultSchema>;

/** `$.prompt.submit(args)`: the engine sets origin, turnId, wait, command and isMeta. */
export interface PromptSubmitArgs {
  readonly text: string;
  readonly attachments?: readonly PromptSubmitAttachment[];
  /** Submit as the person's own words, read bare without the plugin frame. */
  readonly asUser?: true;
}

/** The input of `prompt.mention`: one `@file` as the engine resolved it, before it is read. */
export const PromptMentionInputSchema = z.strictObject({
  mention: z.string(),
  path: z.string(),
  offset: z.number().int().positive().optional(),
  limit: z.number().int().positive().optional(),
  agentId: z.string().optional(),
});
/** The input of `prompt.mention`. */
export type PromptMentionInput = z.infer<typeof PromptMentionInputSchema>;

/** How the engine attached a mentioned file. */
export const PROMPT_MENTION_ATTACHED = ["file", "already_read_file", "pdf_reference"] as const;
/** How the engine attached a mentioned file. */
export type PromptMentionAttached = (typeof PROMPT_MENTION_ATTACHED)[number];

/** What a `prompt.mention` hook returns: how the file was attached, or `{ deny }`. */
export const PromptMentionResultSchema = z.union([
  z.strictObject({
    type: z.enum(PROMPT_MENTION_ATTACHED).nullable(),
    context: z.array(z.string()).readonly().optional(),
  }),
  z.strictObject({ deny: z.string() }),
]);
/** What a `prompt.mention` hook returns. */
export type PromptMentionResult = z.infer<typeof PromptMentionResultSchema>;

/** Plan-mode reminder facts. */
export const PlanModeDetailSchema = z.strictObject({
  reminder: z.enum(["full", "sparse"]),
  planFilePath: z.string(),
  hasPlan: z.boolean(),
});
/** Plan-mode exit facts. */
export const PlanModeExitDetailSchema = z.strictObject({
  planFilePath: z.string(),
  hasPlan: z.boolean(),
});
/** Plan-mode re-entry facts. */
export const PlanModeReentryDetailSchema = z.strictObject({ planFilePath: z.string() });
/** Plan-mode reminder facts. */
export type PlanModeDetail = z.infer<typeof PlanModeDetailSchema>;
/** Plan-mode exit facts. */
export type PlanModeExitDetail = z.infer<typeof PlanModeExitDetailSchema>;
/** Plan-mode re-entry facts. */
export type PlanModeReentryDetail = z.infer<typeof PlanModeReentryDetailSchema>;

/** The facts `prompt.attachment` pins under `e.detail`, by attachment type. */
export interface PromptAttachmentDetailOf {
  plan_mode: PlanModeDetail;
  plan_mode_reentry: PlanModeReentryDetail;
  plan_mode_exit: PlanModeExitDetail;
}
/** Detail schemas by declared attachment type. */
export const PROMPT_ATTACHMENT_DETAIL_SCHEMAS = {
  plan_mode: PlanModeDetailSchema,
  plan_mode_reentry: PlanModeReentryDetailSchema,
  plan_mode_exit: PlanModeExitDetailSchema,
} as const;

/** A `prompt.attachment` input of a type that carries detail. */
export interface DeclaredAttachmentInput<K extends keyof PromptAttachmentDetailOf> {
  readonly type: K;
  readonly text: string;
  readonly origin: z.infer<typeof PromptAttachmentOriginSchema>;
  readonly agentId?: string;
  readonly detail?: PromptAttachmentDetailOf[K];
}
/** A `prompt.attachment` input of any other type: the text alone, no `detail` key. */
export interface UndeclaredAttachmentInput {
  readonly type: string;
  readonly text: string;
  readonly origin: z.infer<typeof PromptAttachmentOriginSchema>;
  readonly agentId?: string;
  readonly detail?: undefined;
}
/** The input of `prompt.attachment`: one message the engine injects for the model. */
export type PromptAttachmentInput =
  | {
      [K in keyof PromptAttachmentDetailOf]: DeclaredAttachmentInput<K>;
    }[keyof PromptAttachmentDetailOf]
  | UndeclaredAttachmentInput;

/** Validates a `prompt.attachment` input, including its type's detail. */
export const PromptAttachmentInputSchema = z
  .strictObject({
    type: z.string().min(1),
    text: z.string(),
    origin: PromptAttachmentOriginSchema,
    agentId: z.string().optional(),
    detail: z.unknown().optional(),
  })
  .superRefine((input, ctx) => {
    const schema = (PROMPT_ATTACHMENT_DETAIL_SCHEMAS as Record<string, z.ZodType>)[input.type];
    if (input.detail === undefined) return;
    if (!schema) {
      ctx.addIssue({
        code: "custom",
        path: ["detail"],
        message: `attachment type ${input.type} carries no detail`,
      });
      return;
    }
    const r = schema.safeParse(input.detail);
    if (!r.success)
      ctx.addIssue({
        code: "custom",
        path: ["detail"],
        message: r.error.issues[0]?.message ?? "invalid detail",
      });
  });

/** What a `prompt.attachment` hook returns: the text the model reads, or null to leave it out. */
export const PromptAttachmentResultSchema = z.strictObject({ text: z.string().nullable() });
/** What a `prompt.attachment` hook returns. */
export type PromptAttachmentResult = z.infer<typeof PromptAttachmentResultSchema>;

/** One instruction file behind the `claudeMd` context block. */
export const InstructionFileSchema = z.strictObject({
  path: z.string(),
  kind: z.string(),
  text: z.string(),
});
/** One instruction file behind the `claudeMd` context block. */
export type InstructionFile = z.infer<typeof InstructionFileSchema>;

/** One block of the first user message's context, rendered under `# name`. */
export const PromptContextBlockSchema = z.strictObject({
  name: z.string().min(1),
  text: z.string(),
});
/** One context block. */
export type PromptContextBlock = z.infer<typeof PromptContextBlockSchema>;

/** The context blocks of a conversation's first user message, in order. */
export const PromptContextBlocksSchema = z.strictObject({
  blocks: z.array(PromptContextBlockSchema).readonly(),
});
/** The context blocks of a conversation's first user message. */
export type PromptContextBlocks = z.infer<typeof PromptContextBlocksSchema>;

/** The input of `prompt.context`. */
export const PromptContextInputSchema = z.strictObject({
  blocks: z.array(PromptContextBlockSchema).readonly(),
  instructionFiles: z.array(InstructionFileSchema).readonly().optional(),
});
/** The input of `prompt.context`. */
export type PromptContextInput = z.infer<typeof PromptContextInputSchema>;
/** What a `prompt.context` hook returns. */
export const PromptContextResultSchema = PromptContextInputSchema;
/** What a `prompt.context` hook returns. */
export type PromptContextResult = z.infer<typeof PromptContextResultSchema>;

/** A section's side of the prompt cache boundary. */
export const PROMPT_COMPOSE_SCOPES = ["shared", "session"] as const;
/** A section's side of the prompt cache boundary. */
export type PromptComposeScope = (typeof PROMPT_COMPOSE_SCOPES)[number];

/** The branches the engine's own composition takes. */
export const PROMPT_COMPOSE_TRAITS = [
  "bare",
  "lean",
  "sdk-preset",
  "teammate",
  "analysis",
  "print",
  "skills",
  "send-user-message",
] as const;
/** One branch the engine's own composition takes. */
export type PromptComposeTrait = (typeof PROMPT_COMPOSE_TRAITS)[number];

/** One section of the system prompt. A plugin's id is `<plugin>:<name>`; a bare id is the engine's. */
export const PromptComposeSectionSchema = z.strictObject({
  id: z.string().min(1),
  text: z.string(),
  scope: z.enum(PROMPT_COMPOSE_SCOPES),
});
/** One section of the system prompt. */
export type PromptComposeSection = z.infer<typeof PromptComposeSectionSchema>;

/** Where a session draws. */
export const RENDER_SURFACES = ["terminal", "web", "api"] as const;
/** Where a session draws. */
export type RenderSurface = (typeof RENDER_SURFACES)[number];

/** The input of `prompt.compose`: the facts a system prompt is composed from. */
export const PromptComposeInputSchema = z.strictObject({
  model: z.string(),
  promptModel: z.string(),
  surfaces: z.array(z.enum(RENDER_SURFACES)).readonly(),
  tools: z.array(z.string()).readonly(),
  outputStyle: z.strictObject({ name: z.string(), keepCodingInstructions: z.boolean() }).nullable(),
  traits: z.array(z.enum(PROMPT_COMPOSE_TRAITS)).readonly(),
});
/** The input of `prompt.compose`. */
export type PromptComposeInput = z.infer<typeof PromptComposeInputSchema>;
/** What a plugin passes `$.prompt.compose`. */
export type PromptComposeArgs = Partial<PromptComposeInput>;

/** What a `prompt.compose` hook returns: sections in order, every shared one before every session one. */
export const PromptComposeResultSchema = z.strictObject({
  sections: z.array(PromptComposeSectionSchema).readonly(),
});
/** What a `prompt.compose` hook returns. */
export type PromptComposeResult = z.infer<typeof PromptComposeResultSchema>;

/** The input of `prompt.section`: one named section, or null when core omits it. */
export const PromptSectionInputSchema = z.strictObject({
  name: z.string().min(1),
  text: z.string().nullable(),
});
/** The input of `prompt.section`. */
export type PromptSectionInput = z.infer<typeof PromptSectionInputSchema>;
/** What a `prompt.section` hook returns: the text, or null to leave the section out. */
export const PromptSectionResultSchema = z.strictObject({ text: z.string().nullable() });
/** What a `prompt.section` hook returns. */
export type PromptSectionResult = z.infer<typeof PromptSectionResultSchema>;

/** Which git text `attribution.text` carries. */
export const ATTRIBUTION_TEXT_KINDS = ["commit", "pr", "exemption", "remedy"] as const;
/** Which git text `attribution.text` carries. */
export type AttributionTextKind = (typeof ATTRIBUTION_TEXT_KINDS)[number];
/** The input of `attribution.text`. */
export const AttributionTextInputSchema = z.strictObject({
  kind: z.enum(ATTRIBUTION_TEXT_KINDS),
  text: z.string(),
});
/** The input of `attribution.text`. */
export type AttributionTextInput = z.infer<typeof AttributionTextInputSchema>;
/** What an `attribution.text` hook returns. */
export const AttributionTextResultSchema = z.strictObject({ text: z.string() });
/** What an `attribution.text` hook returns. */
export type AttributionTextResult = z.infer<typeof AttributionTextResultSchema>;

/** What `$.prompt.media(args)` takes. */
export interface PromptMediaArgs {
  readonly id: string;
  readonly offset?: number;
}
/** What `$.prompt.media` answers: a slice of bytes, why the model will not get them, or a refusal. */
export type PromptMedia =
  | {
      readonly type: "image" | "document";
      readonly mediaType: string;
      readonly base64: string;
      readonly size: number;
      readonly next?: number;
      readonly unreadable?: undefined;
      readonly deny?: undefined;
    }
  | { readonly unreadable: string; readonly type?: undefined; readonly deny?: undefined }
  | { readonly deny: string; readonly type?: undefined; readonly unreadable?: undefined };
