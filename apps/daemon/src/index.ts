/**
 * @elowen/daemon: the Elowen reference host. `startDaemon` runs it in-process (the CLI's
 * `elowen daemon` and tests); `elowen-daemon` runs it in the foreground. The store, registry and
 * scope seams are exported for the brain (part 2) and for tests.
 */

export { AGENTS_LISTED_PER_SESSION, MAX_AGENT_DEPTH } from "./brain/agents/sub-agents.js";
export type { BrainParts } from "./brain/brain.js";
export { Brain, PausedError } from "./brain/brain.js";
export type { BrainConfig } from "./brain/brain-config.js";
export {
  BrainConfigSchema,
  DEFAULT_ASK_TIMEOUT_MS,
  DEFAULT_MAX_STEPS,
  DEFAULT_SESSIONS_KEPT,
  DEFAULT_STEP_CONTEXT_INTERVAL,
} from "./brain/brain-config.js";
export type { SettledExchange } from "./brain/brain-context.js";
export type { ModelConfig, ModelProviderName } from "./brain/model/model-config.js";
export { MODEL_PROVIDERS, ModelConfigSchema } from "./brain/model/model-config.js";
export type { ModelRequest, ModelRuntime } from "./brain/model/model-runtime.js";
export { OFFLINE_NOTICE } from "./brain/model/offline-model.js";
export type { OfflineScript, ScriptStep } from "./brain/model/offline-script.js";
export {
  OfflineScriptError,
  OfflineScriptSchema,
  parseOfflineScript,
} from "./brain/model/offline-script.js";
export { OFFLINE_PROMPT_CACHE_SESSIONS } from "./brain/model/prompt-cache-slots.js";
export type { LoginProvider } from "./brain/model/provider-keys.js";
export {
  isLoginProvider,
  LOGIN_PROVIDERS,
  PROVIDER_KEYS_FILE,
  saveProviderKey,
} from "./brain/model/provider-keys.js";
export { MissingApiKeyError, TRUNCATED_STREAM_MESSAGE } from "./brain/model/provider-model.js";
export { resolveModel } from "./brain/model/resolve-model.js";
export type {
  CapturedRequest,
  ConnectionPin,
  RequestObserver,
} from "./brain/review/captured-request.js";
export type { ExchangeFacts } from "./brain/review/exchange-facts.js";
export { exchangeFacts, SKILL_LOAD_TOOL } from "./brain/review/exchange-facts.js";
export type { LearningConfig } from "./brain/review/learning-config.js";
export {
  DEFAULT_QUOTA_STALE_MINUTES,
  DEFAULT_REVIEW_RUNNERS,
  DEFAULT_SKILL_REVIEW_MAX_OPS,
  LearningConfigSchema,
  SKILL_REVIEW_MAX_OPS_LIMIT,
} from "./brain/review/learning-config.js";
export type { LearningStatus } from "./brain/review/learning-status.js";
export {
  LEARNING_STATUS_BUDGET_MS,
  SkillReviewerStatusSchema,
} from "./brain/review/learning-status.js";
export type { OfferDecision } from "./brain/review/offer-eligibility.js";
export { offerDecision, REVIEWED_SURFACES } from "./brain/review/offer-eligibility.js";
export { inheritedPrefixProblem } from "./brain/review/prefix-parity.js";
export type { ConnectionAuth, ProviderConnection } from "./brain/review/provider-connections.js";
export { ProviderConnections } from "./brain/review/provider-connections.js";
export type { QuotaEvidence, QuotaWindow } from "./brain/review/provider-quota.js";
export { ProviderQuotaStore, quotaSkipReason } from "./brain/review/provider-quota.js";
export { quotaEvidenceFromHeaders } from "./brain/review/quota-headers.js";
export type { Admission, AdmissionDeps, ReviewSource } from "./brain/review/review-admission.js";
export { admitReview } from "./brain/review/review-admission.js";
export type { ReviewClosureDeps, ReviewEvent } from "./brain/review/review-closure.js";
export { reviewClosure } from "./brain/review/review-closure.js";
export {
  historyKey,
  OFFLINE_PROVIDER_ID,
  SKILL_REVIEW_ROUTE_APIS,
  skillReviewSourceSkipReason,
} from "./brain/review/route-eligibility.js";
export { ReviewRunnerPool } from "./brain/review/runner-pool.js";
export type { LearningEvent, SkillLearningDeps } from "./brain/review/skill-learning.js";
export { MODEL_CONNECTION_ID, SkillLearning } from "./brain/review/skill-learning.js";
export { MAX_MENTIONS } from "./brain/turn/mentions.js";
export type { ConfigProblem } from "./config/config-error.js";
export { ConfigError } from "./config/config-error.js";
export type { ConfigSource, LoadedConfig } from "./config/load-config.js";
export { loadConfig } from "./config/load-config.js";
export type { ElowenConfig, ElowenConfigInput } from "./config/schema.js";
export {
  ConfigSchema,
  DEFAULT_BODY_LIMIT_BYTES,
  DEFAULT_PAUSE_DEADLINE_MS,
  DEFAULT_PORT,
} from "./config/schema.js";
export type { DaemonOptions, RunningDaemon } from "./daemon.js";
export { startDaemon } from "./daemon.js";
export type { DaemonFile } from "./daemon-file.js";
export { DAEMON_FILE } from "./daemon-file.js";
export { CardEmitter } from "./live/card-emitter.js";
export { entryView } from "./live/entry-view.js";
export { LiveJournal } from "./live/live-journal.js";
export type { ReplayResult, SessionEventListener } from "./live/session-events.js";
export {
  EVENT_BUFFERED_CHARS,
  EVENT_REPLAY_BUFFER,
  EVENT_REPLAY_BUFFER_CHARS,
  eventChars,
  SessionEvents,
  sseFrame,
} from "./live/session-events.js";
export { OWNER_TOKEN_FILE } from "./owner-token.js";
export {
  accountAccess,
  currentAccess,
  runWithAccess,
  UNLINKED_ACCESS,
} from "./plugins/call-scope/access-scope.js";
export type { TurnScope } from "./plugins/call-scope/turn-scope.js";
export { currentTurn, runInTurn, scopedSignal } from "./plugins/call-scope/turn-scope.js";
export type { ExpandedPromptCommand } from "./plugins/commands/expand-prompt-command.js";
export { expandPromptCommand } from "./plugins/commands/expand-prompt-command.js";
export { forwardSlashCommand } from "./plugins/commands/slash-forwarding.js";
export { hostSkillCatalogControl } from "./plugins/context/skill-catalog-control.js";
export type { TurnServices } from "./plugins/context/turn-services.js";
export { NotInTurnError } from "./plugins/context/turn-services.js";
export { BUNDLED_PLUGIN_CONSENT } from "./plugins/loading/bundled-consent.js";
export { PromptBoxService } from "./plugins/prompt-box/prompt-box.js";
export type {
  PromptBoxAnswers,
  PromptBoxReplyRefusal,
} from "./plugins/prompt-box/prompt-box-relay.js";
export {
  PROMPT_BOX_REPLY_TIMEOUT_MS,
  PROMPT_BOX_SETTLED_MEMORY,
  PromptBoxRelay,
} from "./plugins/prompt-box/prompt-box-relay.js";
export { NoSessionError } from "./plugins/prompt-box/session-target.js";
export type { PluginRegistry } from "./plugins/registries/registry.js";
export type { RegisteredTool } from "./plugins/registries/tool-registry.js";
export { OFFLINE_MODEL } from "./plugins/status/status-assembly.js";
export type { BlobStorage } from "./store/blob-storage.js";
export { BLOB_HASH_PATTERN, BlobStore } from "./store/blob-store.js";
export { SchemaTooNewError } from "./store/sqlite/migrate.js";
export { DatabaseLockedError } from "./store/sqlite/open-database.js";
export type { SqliteStoreOptions } from "./store/sqlite/sqlite-store.js";
export { openSqliteStore } from "./store/sqlite/sqlite-store.js";
export type {
  AccountStore,
  AttachmentStore,
  CardStore,
  GrantStore,
  JournalStore,
  SessionStore,
  Store,
  TokenStore,
  TurnStore,
  UsageStore,
} from "./store/store.js";
export type { StoreErrorCode } from "./store/store-error.js";
export { StoreError } from "./store/store-error.js";
export type {
  AccountGrants,
  AccountRecord,
  AppendOptions,
  AttachmentRecord,
  AttachmentRef,
  JournalEntry,
  JournalPage,
  NewJournalEntry,
  SessionRecord,
  StoredCard,
  TokenRecord,
  UsageCharge,
} from "./store/types.js";
