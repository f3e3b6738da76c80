/**
 * @elowen/client: a typed HTTP and SSE client of the Elowen daemon, and the wire schemas the
 * daemon validates its routes with (the daemon imports them from here; they are not redeclared).
 */

export { ElowenApiError } from "./api-error.js";
export type { ElowenClientOptions, RequestOptions } from "./client.js";
export { ElowenClient } from "./client.js";
export type { EventSubscription, ReconnectPolicy, SubscribeOptions } from "./event-stream.js";
export { SEEN_EVENT_IDS, SSE_IDLE_TIMEOUT_MS, subscribeEvents } from "./event-stream.js";
export { applyPromptEdit, placeFill, spliceOf, tokenAt } from "./prompt-box/box-rules.js";
export { drawableVirtualText, withoutInvisible } from "./prompt-box/control-chars.js";
export type { DecorationStyle } from "./prompt-box/decorations.js";
export {
  DECORATION_STYLE_KEYS,
  decorationStyle,
  normalizeDecorations,
  shiftDecorations,
  styleAt,
} from "./prompt-box/decorations.js";
export type {
  Account,
  AccountList,
  CreateAccountBody,
  IssuedToken,
  IssueTokenBody,
  Me,
  TokenInfo,
} from "./schemas/accounts.js";
export {
  AccountIdSchema,
  AccountListSchema,
  AccountParamsSchema,
  AccountSchema,
  CreateAccountBodySchema,
  IssuedTokenSchema,
  IssueTokenBodySchema,
  MeSchema,
  TokenInfoSchema,
} from "./schemas/accounts.js";
export type { Grants, HookAudit } from "./schemas/admin.js";
export { GrantsSchema, HookAuditSchema } from "./schemas/admin.js";
export type { CardList } from "./schemas/cards.js";
export { CardListSchema } from "./schemas/cards.js";
export type { CommandCatalog, PickerActionBody, PickerRenderBody } from "./schemas/commands.js";
export {
  ChatCommandDescriptorSchema,
  CommandCatalogQuerySchema,
  CommandCatalogSchema,
  CommandParamsSchema,
  PickerActionBodySchema,
  PickerActionResponseSchema,
  PickerRenderBodySchema,
  PickerRenderResponseSchema,
} from "./schemas/commands.js";
export type {
  AssistantBlock,
  AssistantEntryData,
  CompactionEntryData,
  EntryKind,
  ModelCallUsage,
  ParsedEntryData,
  ToolResultEntryData,
  TurnEndEntryData,
  UserEntryData,
} from "./schemas/entry-data.js";
export {
  AssistantBlockSchema,
  AssistantEntryDataSchema,
  CompactionEntryDataSchema,
  ENTRY_DATA_SCHEMAS,
  ENTRY_KINDS,
  ModelCallUsageSchema,
  parseEntryData,
  StoredImageBlockSchema,
  ToolResultBlockSchema,
  ToolResultEntryDataSchema,
  TurnEndEntryDataSchema,
  UserEntryDataSchema,
} from "./schemas/entry-data.js";
export type { ErrorBody, OkBody, WireIssue } from "./schemas/errors.js";
export { ErrorBodySchema, OkBodySchema, WireIssueSchema } from "./schemas/errors.js";
export type { SessionEvent, SessionEventType, TypedSessionEvent } from "./schemas/events.js";
export {
  CardEventDataSchema,
  EntriesEventDataSchema,
  parseSessionEvent,
  ResetEventDataSchema,
  SESSION_EVENT_DATA_SCHEMAS,
  SessionEventSchema,
} from "./schemas/events.js";
export type { Health } from "./schemas/health.js";
export { HealthSchema } from "./schemas/health.js";
export type { HistoryEntry, HistoryPage } from "./schemas/history.js";
export { HistoryEntrySchema, HistoryPageSchema } from "./schemas/history.js";
export type { TurnEventData } from "./schemas/live-events.js";
export {
  AgentEventSchema,
  AssistantDeltaEventSchema,
  AssistantStartedEventSchema,
  ContinuationEventSchema,
  ErrorEventSchema,
  LIVE_OUTPUT_TAIL_CHARS,
  LiveModelSchema,
  NoticeEventSchema,
  PermissionAskedEventSchema,
  PermissionDecidedEventSchema,
  QuestionAnsweredEventSchema,
  QuestionAskedEventSchema,
  QuestionExpiredEventSchema,
  ToolAuthoringEventSchema,
  ToolEndedEventSchema,
  ToolStartedEventSchema,
  ToolUpdatedEventSchema,
  TraceEventSchema,
  TURN_EVENT_DATA_SCHEMAS,
  TurnCompletedEventSchema,
  TurnStartedEventSchema,
} from "./schemas/live-events.js";
export type { PluginUiEntry, PluginUiList } from "./schemas/plugin-ui.js";
export {
  PLUGIN_UI_PATH,
  PluginUiBundleParamsSchema,
  PluginUiEntrySchema,
  PluginUiListSchema,
} from "./schemas/plugin-ui.js";
export type {
  PromptBoxClientChain,
  PromptBoxEventType,
  PromptBoxHooked,
  PromptBoxReplyBody,
} from "./schemas/prompt-box.js";
export {
  PROMPT_BOX_CLIENT_CHAINS,
  PROMPT_BOX_EVENT_DATA_SCHEMAS,
  PROMPT_BOX_REQUEST_ID_PATTERN,
  PromptAutocompleteBodySchema,
  PromptBoxHookedSchema,
  PromptBoxReplyBodySchema,
  PromptBoxReplyParamsSchema,
  PromptChangeBodySchema,
  PromptEditBodySchema,
  PromptFillEventDataSchema,
  PromptFilledSchema,
  PromptReadEventDataSchema,
  PromptSuggestEventDataSchema,
} from "./schemas/prompt-box.js";
export type {
  CreateSessionBody,
  PageQuery,
  Session,
  SessionPage,
  UpdateSessionBody,
} from "./schemas/sessions.js";
export {
  CreateSessionBodySchema,
  ENTRY_ID_PATTERN,
  PAGE_LIMIT_MAX,
  PageQuerySchema,
  SESSION_ID_PATTERN,
  SessionIdSchema,
  SessionPageSchema,
  SessionParamsSchema,
  SessionSchema,
  UpdateSessionBodySchema,
} from "./schemas/sessions.js";
export type { BrainStatusBody, LearningStatusBody } from "./schemas/status.js";
export {
  BrainStatusSchema,
  LearningStatusSchema,
  PluginStatusRowSchema,
  SkillReviewerStatusSchema,
} from "./schemas/status.js";
export type {
  AbortBody,
  AbortResponse,
  AnswerQuestionBody,
  DecidePermissionBody,
  PendingPermission,
  PendingQuestion,
  SessionState,
  SubmitTurnBody,
  SubmitTurnResponse,
  TurnOutcome,
} from "./schemas/turns.js";
export {
  AbortBodySchema,
  AbortResponseSchema,
  AnswerQuestionBodySchema,
  DecidePermissionBodySchema,
  PERMISSION_ID_PATTERN,
  PendingPermissionSchema,
  PendingQuestionSchema,
  PermissionChoicesSchema,
  PermissionParamsSchema,
  QUESTION_ID_PATTERN,
  QuestionParamsSchema,
  SessionStateSchema,
  SUBMISSION_ID_PATTERN,
  SubmitTurnBodySchema,
  SubmitTurnResponseSchema,
  TURN_ID_PATTERN,
  TURN_TEXT_MAX_CHARS,
  TurnOutcomeSchema,
} from "./schemas/turns.js";
export type { SseMessage } from "./sse-parser.js";
export { parseSse } from "./sse-parser.js";
export type { HistoryToolCall } from "./tool-calls.js";
export { historyToolCalls } from "./tool-calls.js";
