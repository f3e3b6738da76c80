/**
 * @elowen/wire: the wire format of the Elowen daemon's HTTP API. The daemon validates its routes
 * and writes its OpenAPI document with these zod schemas, and its clients parse every answer,
 * live event and history entry with the same ones, so the two cannot drift apart. The prompt
 * box's edit rules, which the daemon and both clients' composers apply alike, are the
 * `@elowen/wire/prompt-box` subpath.
 */

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
  CommandCatalogQuerySchema,
  CommandCatalogSchema,
  CommandParamsSchema,
  PickerActionBodySchema,
  PickerActionResponseSchema,
  PickerRenderBodySchema,
  PickerRenderResponseSchema,
} from "./schemas/commands.js";
export type {
  AssistantEntryData,
  CompactionEntryData,
  EntryKind,
  ParsedEntryData,
  ToolResultEntryData,
  TurnEndEntryData,
  UserEntryData,
} from "./schemas/entry-data.js";
export { ENTRY_DATA_SCHEMAS, ENTRY_KINDS, parseEntryData } from "./schemas/entry-data.js";
export type { ErrorBody, OkBody } from "./schemas/errors.js";
export { ErrorBodySchema, OkBodySchema } from "./schemas/errors.js";
export type { SessionEvent, SessionEventType, TypedSessionEvent } from "./schemas/events.js";
export { parseSessionEvent, SESSION_EVENT_DATA_SCHEMAS } from "./schemas/events.js";
export type { Health } from "./schemas/health.js";
export { HealthSchema } from "./schemas/health.js";
export type { HistoryEntry, HistoryPage } from "./schemas/history.js";
export { HistoryEntrySchema, HistoryPageSchema } from "./schemas/history.js";
export type { LiveModel, TurnEventData } from "./schemas/live-events.js";
export { LIVE_OUTPUT_TAIL_CHARS } from "./schemas/live-events.js";
export type { McpServerList, McpServerRow } from "./schemas/mcp-servers.js";
export {
  MCP_SERVERS_PATH,
  McpServerListSchema,
  McpServerRowSchema,
} from "./schemas/mcp-servers.js";
export type { ModelChoice, SessionModels, SetSessionModelBody } from "./schemas/models.js";
export {
  ModelChoiceSchema,
  SessionModelsSchema,
  SetSessionModelBodySchema,
} from "./schemas/models.js";
export type {
  InstalledPlugin,
  InstalledPluginList,
  InstallOutcome,
  InstallPluginBody,
  PluginActivation,
  PluginNameBody,
  RemoveOutcome,
} from "./schemas/plugin-installs.js";
export {
  INSTALLED_PLUGIN_FORMATS,
  InstalledPluginListSchema,
  InstalledPluginSchema,
  InstallOutcomeSchema,
  InstallPluginBodySchema,
  PluginActivationSchema,
  PluginConsentSchema,
  PluginNameBodySchema,
  RemoveOutcomeSchema,
} from "./schemas/plugin-installs.js";
export type { PluginUiEntry, PluginUiList } from "./schemas/plugin-ui.js";
export {
  PLUGIN_UI_PATH,
  PluginUiBundleParamsSchema,
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
  PROMPT_BOX_REQUEST_ID_PATTERN,
  PromptAutocompleteBodySchema,
  PromptBoxHookedSchema,
  PromptBoxReplyBodySchema,
  PromptBoxReplyParamsSchema,
  PromptChangeBodySchema,
  PromptEditBodySchema,
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
  PAGE_LIMIT_MAX,
  PageQuerySchema,
  SESSION_WORKSPACE_MAX_CHARS,
  SessionPageSchema,
  SessionParamsSchema,
  SessionSchema,
  UpdateSessionBodySchema,
} from "./schemas/sessions.js";
export type { SkillList, SkillListRow } from "./schemas/skill-list.js";
export { SKILLS_LIST_PATH, SkillListRowSchema, SkillListSchema } from "./schemas/skill-list.js";
export type {
  ApproveSkillSourceBody,
  SkillDiagnostic,
  SkillSourceStatus,
  SkillSources,
} from "./schemas/skill-sources.js";
export {
  ApproveSkillSourceBodySchema,
  SkillDiagnosticSchema,
  SkillSourceStatusSchema,
  SkillSourcesSchema,
} from "./schemas/skill-sources.js";
export type { BrainStatusBody, LearningStatusBody } from "./schemas/status.js";
export {
  BrainStatusSchema,
  LearningStatusSchema,
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
  PermissionParamsSchema,
  QuestionParamsSchema,
  SessionStateSchema,
  SubmitTurnBodySchema,
  SubmitTurnResponseSchema,
  TURN_TEXT_MAX_CHARS,
} from "./schemas/turns.js";
export type { HistoryToolCall } from "./tool-calls.js";
export { historyToolCalls } from "./tool-calls.js";
