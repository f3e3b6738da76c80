import type { Access } from "@elowen/plugin-api/access";
import type { PromptOrigin, TurnUsage } from "@elowen/plugin-api/events";
import type { SessionKind } from "@elowen/plugin-api/hooks";
import type { PluginFilter } from "@elowen/prompt-compose";
import type { ToolTraceTurn } from "@elowen/tool-trace";
import type { AssistantMessage } from "@mariozechner/pi-ai";
import type { BrainHost } from "../host/brain-host.js";
import type { CapturedRequest } from "../model/captured-request.js";
import type { ToolDef } from "../tools/tool-def.js";
import type { ToolScope } from "../tools/tool-scope.js";
import type { AuthoringNotes } from "./authoring-notes.js";
import type { TurnJournal } from "./turn-journal.js";

/**
 * One turn while it runs: who and where, its counters (steps, tool results, real requests'
 * usage), its tools and system prompt, and how it is stopped. Runs of the turn (a granted
 * continuation) share it.
 */
export interface TurnState {
  readonly host: BrainHost;
  readonly sessionId: string;
  readonly kind: SessionKind;
  readonly interactive: boolean;
  readonly turnId: string;
  readonly agentId?: string;
  /** The sub-agent run's position among the daemon's sub-agent runs (offline script key). */
  readonly agentOrdinal?: number;
  /** The turn's position in its session, from 0 (offline script key). */
  readonly turnOrdinal: number;
  /** The oldest turn of the session with turn-context records not yet retired (cold clearing). */
  oldestContextTurn: number | null;
  readonly access: Access;
  readonly origin: PromptOrigin;
  readonly submissionId?: string;
  readonly controller: AbortController;
  readonly startedAt: number;
  readonly t0: number;
  /** Plugins taking part in this turn (grants). */
  readonly filter: PluginFilter;
  /** Model requests made so far (the next step's index). */
  steps: number;
  /** The final engine message of each real request, for usage. */
  readonly usages: TurnUsage[];
  toolResults: number;
  lastToolName: string;
  systemPrompt: string;
  /** The shared prefix of `systemPrompt` to send as its own cacheable block ("" for none). */
  systemCachePrefix?: string;
  tools: ToolDef[];
  /** Tools of the turn's surface that code mode withdrew, with why (for the "not found" log). */
  withdrawnTools?: ReadonlyMap<string, string>;
  toolScope: ToolScope;
  authoring: AuthoringNotes;
  /** The turn's journal writes after its start (the answer may wait for the `turn_end`). */
  readonly journal: TurnJournal;
  /** The journal entry of each direct call's result, by call id (trace settlement). */
  readonly resultEntries: Map<string, string>;
  /** Told after every journal write of this turn. */
  readonly journalListeners: Set<() => void>;
  /** The last response of the turn so far. */
  lastAssistant?: AssistantMessage;
  /** The last real provider request of the turn so far (the skill reviewer's pinned source). */
  lastRequest?: CapturedRequest;
  /** The turn's trace logs and share allowance (nested work, share tools), made on first use. */
  trace?: TurnTrace;
  /** Closes what the turn opened (code-mode cells, trace writers) when it settles. */
  readonly cleanups: (() => void)[];
}

/** A turn's trace logs (one per producer) and the producer of every row, by row id. */
export interface TurnTrace {
  readonly turn: ToolTraceTurn;
  readonly producers: Map<string, string>;
}
