import { PromptOriginSchema, TurnUsageSchema } from "@elowen/plugin-api/events";
import {
  AskAnswerSchema,
  PERMISSION_OUTCOMES,
  PermissionRecordSchema,
} from "@elowen/plugin-api/questions";
import { ToolTraceRecordSchema } from "@elowen/plugin-api/trace";
import { z } from "zod";
import { PendingPermissionSchema, PendingQuestionSchema, TurnOutcomeSchema } from "./turns.js";

/** A running tool's output tail (`tool_updated`) is at most this many characters (ours). */
export const LIVE_OUTPUT_TAIL_CHARS = 4000;

/** The model a turn runs on, as events label it; `offline` marks the built-in offline model. */
export const LiveModelSchema = z.object({
  provider: z.string(),
  id: z.string(),
  label: z.string(),
  offline: z.boolean(),
});
/** The model a turn runs on, as `turn_started` and `assistant_started` label it. */
export type LiveModel = z.infer<typeof LiveModelSchema>;

const turnScope = { turnId: z.string(), agentId: z.string().optional() };

/** `turn_started`: `turn.start` minted the turn id; `userEntryId` is its prompt's entry. */
export const TurnStartedEventSchema = z.object({
  ...turnScope,
  submissionId: z.string().optional(),
  origin: PromptOriginSchema,
  userEntryId: z.string().optional(),
  startedAt: z.number().int(),
  model: LiveModelSchema,
});
/** `turn_completed`: the turn settled; `entryId` is its `turn_end` entry. */
export const TurnCompletedEventSchema = TurnOutcomeSchema.extend({
  agentId: z.string().optional(),
  submissionId: z.string().optional(),
  entryId: z.string(),
});
/** `assistant_started`: a model response began; its entry will have id `entryId`. */
export const AssistantStartedEventSchema = z.object({
  ...turnScope,
  entryId: z.string(),
  step: z.number().int().nonnegative(),
  model: LiveModelSchema,
  startedAt: z.number().int(),
});
/**
 * `assistant_delta`: a piece of visible text or thinking of block `block` of the response
 * `entryId`, after the `turn.step` chain. The committed entry (`entries`) replaces the pieces.
 */
export const AssistantDeltaEventSchema = z.object({
  ...turnScope,
  entryId: z.string(),
  block: z.number().int().nonnegative(),
  kind: z.enum(["text", "thinking"]),
  text: z.string(),
});
/** `tool_authoring`: the note of a tool call the model is still writing (throttled per call). */
export const ToolAuthoringEventSchema = z.object({
  ...turnScope,
  entryId: z.string(),
  callId: z.string(),
  name: z.string(),
  reason: z.string(),
});
/** `tool_started`: a direct tool call of the assistant entry `entryId` began running. */
export const ToolStartedEventSchema = z.object({
  ...turnScope,
  entryId: z.string(),
  callId: z.string(),
  name: z.string(),
  args: z.unknown(),
  startedAt: z.number().int(),
});
/** `tool_updated`: a running direct call's current output tail (at most `LIVE_OUTPUT_TAIL_CHARS`). */
export const ToolUpdatedEventSchema = z.object({
  ...turnScope,
  callId: z.string(),
  output: z.string(),
});
/** `tool_ended`: a direct call settled; its `tool_result` entry is `entryId`. */
export const ToolEndedEventSchema = z.object({
  ...turnScope,
  callId: z.string(),
  entryId: z.string(),
  isError: z.boolean(),
  startedAt: z.number().int(),
  durationMs: z.number().nonnegative(),
});
/**
 * `trace`: a row of nested work (code mode), forwarded from @elowen/tool-trace as it happened:
 * `row-opened`, `row-updated`, `row-settled` (`reportedIn`: the result it was already drained
 * into, for a late settle), `note`. The record is exactly what the journal holds.
 */
export const TraceEventSchema = z.object({
  ...turnScope,
  type: z.enum(["row-opened", "row-updated", "row-settled", "note"]),
  record: ToolTraceRecordSchema,
  reportedIn: z.string().optional(),
});
/** `question_asked`: a turn is parked on `ctx.askUser`; answer it over HTTP. */
export const QuestionAskedEventSchema = PendingQuestionSchema;
/** `question_answered`: the first answer was taken (index-aligned `answered` answers). */
export const QuestionAnsweredEventSchema = z.object({
  ...turnScope,
  questionId: z.string(),
  answers: z.array(AskAnswerSchema),
});
/** `question_expired`: no answer came in time; every answer is `expired`. */
export const QuestionExpiredEventSchema = QuestionAnsweredEventSchema;
/** `permission_asked`: a tool call waits for the person's approval. */
export const PermissionAskedEventSchema = PendingPermissionSchema;
/** `permission_decided`: the decision, as the result's answer record carries it. */
export const PermissionDecidedEventSchema = z.object({
  ...turnScope,
  permissionId: z.string(),
  callId: z.string(),
  outcome: z.enum(PERMISSION_OUTCOMES),
  record: PermissionRecordSchema,
});
/** `notice`: a transient line for the person (never in history). */
export const NoticeEventSchema = z.object({
  level: z.enum(["info", "warning", "error"]),
  text: z.string(),
  turnId: z.string().optional(),
});
/** `continuation`: a run-boundary hook asked for one more run of the turn, and it was granted. */
export const ContinuationEventSchema = z.object({
  ...turnScope,
  continuationsUsed: z.number().int().nonnegative(),
  /** Model-visible notes appended (never drawn). */
  messages: z.number().int().nonnegative(),
  /** Invisible records appended. */
  records: z.number().int().nonnegative(),
});
/** `error`: something failed in a turn (a provider error, a fault of the host); no credentials. */
export const ErrorEventSchema = z.object({
  turnId: z.string().optional(),
  agentId: z.string().optional(),
  code: z.enum(["provider", "stream-truncated", "tool", "internal"]),
  message: z.string(),
});
/** `agent`: a sub-agent of the session started or ended; its transcript is session `sessionId`. */
export const AgentEventSchema = z.object({
  agentId: z.string(),
  name: z.string(),
  sessionId: z.string(),
  parentTurnId: z.string(),
  state: z.enum(["running", "completed", "failed", "aborted"]),
  answer: z.string().optional(),
  usage: TurnUsageSchema.optional(),
});

/** The live event types of a turn, with their payload schemas. */
export const TURN_EVENT_DATA_SCHEMAS = {
  turn_started: TurnStartedEventSchema,
  turn_completed: TurnCompletedEventSchema,
  assistant_started: AssistantStartedEventSchema,
  assistant_delta: AssistantDeltaEventSchema,
  tool_authoring: ToolAuthoringEventSchema,
  tool_started: ToolStartedEventSchema,
  tool_updated: ToolUpdatedEventSchema,
  tool_ended: ToolEndedEventSchema,
  trace: TraceEventSchema,
  question_asked: QuestionAskedEventSchema,
  question_answered: QuestionAnsweredEventSchema,
  question_expired: QuestionExpiredEventSchema,
  permission_asked: PermissionAskedEventSchema,
  permission_decided: PermissionDecidedEventSchema,
  notice: NoticeEventSchema,
  continuation: ContinuationEventSchema,
  error: ErrorEventSchema,
  agent: AgentEventSchema,
} as const;

/** The payload type of each turn event. */
export type TurnEventData = {
  [K in keyof typeof TURN_EVENT_DATA_SCHEMAS]: z.infer<(typeof TURN_EVENT_DATA_SCHEMAS)[K]>;
};
