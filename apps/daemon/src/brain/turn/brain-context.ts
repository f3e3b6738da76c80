import type { Access } from "@elowen/plugin-api/access";
import type { PromptOrigin } from "@elowen/plugin-api/events";
import type { SessionKind } from "@elowen/plugin-api/hooks";
import type { TurnOutcome } from "@elowen/wire";
import type { AssistantMessage } from "@mariozechner/pi-ai";
import type { BrainHost } from "../host/brain-host.js";
import type { AskBroker } from "../interactive/ask-broker.js";
import type { CapturedRequest } from "../model/captured-request.js";
import type { SessionRuntime } from "../session/session-runtime.js";
import type { ToolDef } from "../tools/tool-def.js";
import type { OpenedTurn } from "./turn-plan.js";
import type { TurnProgress } from "./turn-progress.js";

/** A settled exchange, offered to whoever listens (the post-turn skill reviewer's seam). */
export interface SettledExchange {
  readonly sessionId: string;
  readonly kind: SessionKind;
  readonly access: Access;
  /** Where the turn's prompt came from (`composer`: a person's client). */
  readonly origin: PromptOrigin;
  readonly outcome: TurnOutcome;
  readonly agentId?: string;
  /** The direct tool calls of the turn and their result entries, by call id. */
  readonly resultEntries: ReadonlyMap<string, string>;
  /** The turn's `turn_end` entry: the session's leaf when the exchange settled. */
  readonly leafId: string;
  /** The turn's last real provider request, as it went out (absent when it made none). */
  readonly lastRequest?: CapturedRequest;
  /** The response to that request: the final answer. */
  readonly finalAnswer?: AssistantMessage;
}

/** The tool surface a composition offers the model, and why it withdrew the tools it took over. */
export interface ComposedTools {
  readonly tools: ToolDef[];
  readonly withdrawn?: ReadonlyMap<string, string>;
}

/** The brain's shared parts, handed to each turn. */
export interface BrainContext {
  readonly host: BrainHost;
  readonly asks: AskBroker;
  /** Turns running now, by turn id (the turn-bound context methods find theirs here). */
  readonly turns: Map<string, OpenedTurn>;
  runtime(sessionId: string): SessionRuntime;
  /** The host's own tools for a turn (ShareImage, ShareFile). */
  hostTools(turn: OpenedTurn, progress: TurnProgress): ToolDef[];
  /** Wrapper composition (code mode) over the turn's tools: the surface the model is offered. */
  composeTools(turn: OpenedTurn, progress: TurnProgress, tools: ToolDef[]): Promise<ComposedTools>;
  /** Told after each turn settles. A listener that throws is logged. */
  readonly settledListeners: Set<(exchange: SettledExchange) => void | Promise<void>>;
}
