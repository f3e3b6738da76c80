import type { BrainStatusModel } from "@elowen/plugin-api/status";
import type {
  Api,
  AssistantMessage,
  AssistantMessageEventStream,
  Context,
  Model,
  SimpleStreamOptions,
} from "@mariozechner/pi-ai";
import type { RateLimitWindow } from "./rate-limits.js";

/**
 * How a connection authenticates: a subscription signed in with OAuth (its weekly quota gates
 * reviews), an API key (spend is the account's, no subscription rule), or none (the offline model).
 */
export type ConnectionAuth = "oauth" | "api-key" | "none";

/** What a model request is for: the offline model's script is keyed by it. */
export interface ModelRequest {
  readonly sessionId: string;
  /** The turn's position in its session, from 0. */
  readonly turnOrdinal: number;
  /** The request's index within the turn, from 0 (continuations included). */
  readonly step: number;
  /**
   * `agent`: a sub-agent run (its own script list); `review`: the skill reviewer's directive;
   * `compaction`: summarizing older context.
   */
  readonly purpose: "turn" | "agent" | "review" | "compaction";
  /** For `agent`: the sub-agent run's position among the daemon's sub-agent runs, from 0. */
  readonly agentOrdinal?: number;
  /** For `review`: the review request's position among the daemon's review requests, from 0. */
  readonly reviewOrdinal?: number;
  /**
   * The shared prefix the context's system prompt begins with (followed by a blank line and the
   * session suffix). An Anthropic request sends it as its own system block carrying the cache
   * breakpoint, then the suffix as a second block, so sessions that differ only in session data
   * share the cached prefix. Absent or empty: the system prompt goes out as pi-ai builds it.
   */
  readonly systemPrefix?: string;
}

/**
 * The model the daemon runs on: the offline model or a configured provider. `stream` is pi-ai's
 * stream for one request; `finish` turns the final message into what the host records (a
 * credential removed from an error, a truncated stream read as the error it is).
 */
export interface ModelRuntime {
  readonly status: BrainStatusModel;
  /**
   * How the connection authenticates: `oauth` (a subscription: a Codex sign-in or an Anthropic
   * OAuth token), `api-key`, or `none` (the offline model). Optional for runtimes built before it.
   */
  readonly auth?: ConnectionAuth;
  readonly model: Model<Api>;
  /** The thinking level requests ask for, if any. */
  readonly reasoning: SimpleStreamOptions["reasoning"];
  stream(
    model: Model<Api>,
    context: Context,
    options: SimpleStreamOptions,
    request: ModelRequest,
  ): AssistantMessageEventStream;
  finish(message: AssistantMessage): AssistantMessage;
  /** The same provider's model named `id` (a `turn.step` rewrite). */
  withModelId(id: string): Model<Api>;
  /**
   * The rate-limit windows the provider's latest response headers reported, or null when none
   * has (the offline model, or a provider that sends no such headers). Optional for runtimes
   * built before it.
   */
  rateLimits?(): readonly RateLimitWindow[] | null;
  /** Removes every credential from a text bound for a log, an event or the journal. */
  redact(text: string): string;
  close(): void;
}
