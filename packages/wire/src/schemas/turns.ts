import {
  PromptOriginSchema,
  TURN_COMPLETE_REASONS,
  TurnUsageSchema,
} from "@elowen/plugin-api/events";
import { AskAnswerSchema, AskQuestionSchema } from "@elowen/plugin-api/questions";
import { z } from "zod";
import { SessionIdSchema } from "./sessions.js";

/** Turn ids are host-minted at `turn.start`: `t_` and 20 to 40 lowercase letters and digits. */
export const TURN_ID_PATTERN = /^t_[a-z0-9]{20,40}$/;
/** Submission ids are host-minted when a prompt is accepted: `u_` and 20 to 40 letters and digits. */
export const SUBMISSION_ID_PATTERN = /^u_[a-z0-9]{20,40}$/;
/** Question ids (`ctx.askUser`): `q_` and 20 to 40 lowercase letters and digits. */
export const QUESTION_ID_PATTERN = /^q_[a-z0-9]{20,40}$/;
/** Permission prompt ids: `p_` and 20 to 40 lowercase letters and digits. */
export const PERMISSION_ID_PATTERN = /^p_[a-z0-9]{20,40}$/;
/** A submitted prompt is at most this many characters (ours). */
export const TURN_TEXT_MAX_CHARS = 100_000;

/**
 * `POST /sessions/:sessionId/turns`: a prompt from a client. The daemon stamps its origin
 * (`composer` for a person's client), raises `prompt.submit`, and queues the turn behind any turn
 * running in the session. With `waitForSettle` the answer comes once the turn has settled.
 */
export const SubmitTurnBodySchema = z.strictObject({
  text: z
    .string()
    .min(1, "text is required")
    .max(TURN_TEXT_MAX_CHARS, `text is at most ${TURN_TEXT_MAX_CHARS} characters`)
    .refine((text) => text.trim() !== "", "text cannot be only whitespace"),
  waitForSettle: z.boolean().optional(),
});
/** `POST /sessions/:sessionId/turns` body. */
export type SubmitTurnBody = z.input<typeof SubmitTurnBodySchema>;

/** How a settled turn ended, as `turn_completed` and a `turn_end` entry carry it. */
export const TurnOutcomeSchema = z.object({
  turnId: z.string(),
  reason: z.enum(TURN_COMPLETE_REASONS),
  durationMs: z.number().nonnegative(),
  /** The assistant's final visible text ("" when there is none). */
  answer: z.string(),
  usage: TurnUsageSchema.optional(),
});
/** How a settled turn ended. */
export type TurnOutcome = z.infer<typeof TurnOutcomeSchema>;

/**
 * The answer to a submission: `accepted` (queued at `position`, 0 when it starts at once),
 * `dropped` (a `prompt.submit` hook refused it; `reason` is the hook's text for the sender), or,
 * with `waitForSettle`, `settled` with the turn's outcome.
 */
export const SubmitTurnResponseSchema = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("accepted"),
    submissionId: z.string(),
    position: z.number().int().nonnegative(),
  }),
  z.object({ status: z.literal("dropped"), reason: z.string() }),
  z.object({
    status: z.literal("settled"),
    submissionId: z.string(),
    outcome: TurnOutcomeSchema,
  }),
]);
/** The answer to a submission. */
export type SubmitTurnResponse = z.infer<typeof SubmitTurnResponseSchema>;

/** `POST /sessions/:sessionId/abort`: ends the running turn; `clearQueue` also drops queued ones. */
export const AbortBodySchema = z.strictObject({ clearQueue: z.boolean().optional() });
/** `POST /sessions/:sessionId/abort` body. */
export type AbortBody = z.input<typeof AbortBodySchema>;
/** What an abort did: the turn it ended (null when none ran) and how many queued turns it dropped. */
export const AbortResponseSchema = z.object({
  turnId: z.string().nullable(),
  droppedQueued: z.number().int().nonnegative(),
});
/** What an abort did. */
export type AbortResponse = z.infer<typeof AbortResponseSchema>;

/** A question `ctx.askUser` parked the turn on (`question_asked`), until answered or expired. */
export const PendingQuestionSchema = z.object({
  questionId: z.string(),
  turnId: z.string(),
  agentId: z.string().optional(),
  /** The plugin that asked. */
  plugin: z.string(),
  /** The tool call that asked, when a tool did. */
  callId: z.string().optional(),
  /** Normalized: recommendations are flags, `allowOther` is stated, previews are sanitized. */
  questions: z.array(AskQuestionSchema),
  /** Epoch ms after which the question expires with `outcome: 'expired'`. */
  expiresAt: z.number().int(),
});
/** A pending question. */
export type PendingQuestion = z.infer<typeof PendingQuestionSchema>;

/** The labels a permission prompt offers, by outcome. */
export const PermissionChoicesSchema = z.object({
  once: z.string(),
  always: z.string(),
  deny: z.string(),
});

/** A tool call waiting for the person's approval (`permission_asked`). */
export const PendingPermissionSchema = z.object({
  permissionId: z.string(),
  turnId: z.string(),
  agentId: z.string().optional(),
  /** The call asked about: a direct call's provider id, or a nested call's trace row id. */
  callId: z.string(),
  tool: z.string(),
  /** The one-line summary of the arguments the person decides on. */
  summary: z.string(),
  question: z.string(),
  header: z.string(),
  choices: PermissionChoicesSchema,
  /** True for a call a producer (code mode) made rather than the model. */
  nested: z.boolean(),
  expiresAt: z.number().int(),
});
/** A pending permission prompt. */
export type PendingPermission = z.infer<typeof PendingPermissionSchema>;

/**
 * `GET /sessions/:sessionId/state`: what a client that (re)connects needs besides history: the
 * running turn, the queued submissions, and the questions and permission prompts still open.
 */
export const SessionStateSchema = z.object({
  running: z
    .object({
      turnId: z.string(),
      submissionId: z.string().optional(),
      origin: PromptOriginSchema,
      startedAt: z.number().int(),
    })
    .nullable(),
  queued: z.array(z.object({ submissionId: z.string(), position: z.number().int().positive() })),
  questions: z.array(PendingQuestionSchema),
  permissions: z.array(PendingPermissionSchema),
});
/** `GET /sessions/:sessionId/state`. */
export type SessionState = z.infer<typeof SessionStateSchema>;

/** `:sessionId/questions/:questionId` path parameters. */
export const QuestionParamsSchema = z.strictObject({
  sessionId: SessionIdSchema,
  questionId: z.string().regex(QUESTION_ID_PATTERN, "a question id is q_ and 20 to 40 letters"),
});
/**
 * `POST /sessions/:sessionId/questions/:questionId`: the answers, index-aligned with the
 * questions. The first client to answer wins; a later answer gets 409.
 */
export const AnswerQuestionBodySchema = z.strictObject({
  answers: z
    .array(AskAnswerSchema.omit({ outcome: true }))
    .min(1)
    .max(4),
});
/** `POST /sessions/:sessionId/questions/:questionId` body. */
export type AnswerQuestionBody = z.input<typeof AnswerQuestionBodySchema>;

/** `:sessionId/permissions/:permissionId` path parameters. */
export const PermissionParamsSchema = z.strictObject({
  sessionId: SessionIdSchema,
  permissionId: z
    .string()
    .regex(PERMISSION_ID_PATTERN, "a permission id is p_ and 20 to 40 letters"),
});
/**
 * `POST /sessions/:sessionId/permissions/:permissionId`: the decision. `always` covers the tool
 * for the rest of the session. The first client to decide wins; a later decision gets 409.
 */
export const DecidePermissionBodySchema = z.strictObject({
  outcome: z.enum(["once", "always", "deny"]),
});
/** `POST /sessions/:sessionId/permissions/:permissionId` body. */
export type DecidePermissionBody = z.input<typeof DecidePermissionBodySchema>;
