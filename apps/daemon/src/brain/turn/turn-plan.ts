import type { Access } from "@elowen/plugin-api/access";
import type { PromptOrigin } from "@elowen/plugin-api/events";
import type { SessionKind } from "@elowen/plugin-api/hooks";
import type { PluginFilter } from "@elowen/prompt-compose";
import type { ToolTraceTurn } from "@elowen/tool-trace";
import type { BrainHost } from "../host/brain-host.js";
import type { ToolDef } from "../tools/tool-def.js";
import type { ToolScope } from "../tools/tool-scope.js";
import type { AuthoringNotes } from "./authoring-notes.js";

/**
 * A turn as `turn.start` opened it (stage 2): who and where, its ids, its grants, how it is
 * stopped. Fixed for the life of the turn; the running turns are listed by it (`BrainContext.turns`).
 */
export interface OpenedTurn {
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
  readonly access: Access;
  readonly origin: PromptOrigin;
  readonly submissionId?: string;
  readonly controller: AbortController;
  /** Wall time of the start (stamps) and the monotonic clock then (durations). */
  readonly startedAt: number;
  readonly t0: number;
  /** Plugins taking part in this turn (grants). */
  readonly filter: PluginFilter;
  /** What every tool call of the turn runs in (hooks, permission gate, cards, abort). */
  readonly toolScope: ToolScope;
}

/**
 * A prepared turn's plan: the opened turn plus what its later stages decided (the tool surface,
 * the system prompt, the turn-context bookkeeping). Read-only and frozen: what changes while the
 * turn runs is its {@link TurnProgress}. Runs of the turn (a granted continuation) share both.
 */
export interface TurnPlan extends OpenedTurn {
  readonly tools: readonly ToolDef[];
  /** Tools of the turn's surface that code mode withdrew, with why (for the "not found" log). */
  readonly withdrawnTools?: ReadonlyMap<string, string>;
  readonly authoring: AuthoringNotes;
  readonly systemPrompt: string;
  /** The shared prefix of `systemPrompt` to send as its own cacheable block ("" for none). */
  readonly systemCachePrefix?: string;
  /** The oldest turn of the session with turn-context records not yet retired (cold clearing). */
  readonly oldestContextTurn: number | null;
}

/** A turn's trace logs (one per producer) and the producer of every row, by row id. */
export interface TurnTrace {
  readonly turn: ToolTraceTurn;
  readonly producers: Map<string, string>;
}
