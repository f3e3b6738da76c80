import type { BrainCard } from "@elowen/plugin-api/cards";
import type { TurnCompleteReason } from "@elowen/plugin-api/events";
import type { ToolRow } from "@elowen/tool-trace";
import type { PendingPermission, PendingQuestion, TurnEventData } from "@elowen/wire";

/** One block of a model message: visible text (Markdown) or thinking (plain text). */
export interface MessageBlock {
  readonly kind: "text" | "thinking";
  readonly text: string;
  readonly redacted?: boolean;
}

/**
 * A tool row exactly as `@elowen/tool-trace` projects it (the CLI draws the same rows), plus the
 * running direct call's output tail from `tool_updated`, which only a live client has.
 */
export type RowView = ToolRow & { readonly tail?: string };

/** One model response of a turn: committed (from history or `entries`) or still streaming. */
export interface StepView {
  readonly entryId: string;
  readonly step: number;
  readonly blocks: readonly MessageBlock[];
  readonly streaming: boolean;
  /** Cut by an abort or an error. */
  readonly partial: boolean;
  readonly errorMessage?: string;
  /** Answered by the built-in offline model: every surface labels it. */
  readonly offline: boolean;
  readonly agentId?: string;
  /** A tool call the model is still writing: its note (`tool_authoring`), or empty for none. */
  readonly authoring?: { readonly name: string; readonly reason: string };
  /** The rows of this response's tool calls, nested rows in their reporting call's place. */
  readonly rows: readonly RowView[];
}

/** How a settled turn ended (its `turn_end` entry). */
export interface TurnEndView {
  readonly entryId: string;
  readonly reason: TurnCompleteReason;
  readonly durationMs: number;
  readonly errorMessage?: string;
  readonly interrupted?: "restart";
}

/** One turn of the transcript: the prompt, the responses with their rows, and how it ended. */
export interface TurnView {
  /** The turn id, or the entry id of an entry outside any turn (a compaction). */
  readonly key: string;
  readonly turnId?: string;
  readonly user?: { readonly entryId: string; readonly text: string; readonly createdAt: number };
  readonly steps: readonly StepView[];
  /** Nested rows of work still running and not yet reported by any call: drawn last. */
  readonly floating: readonly RowView[];
  readonly end?: TurnEndView;
  readonly running: boolean;
  readonly startedAt?: number;
  readonly model?: TurnEventData["turn_started"]["model"];
  readonly errors: readonly { readonly code: string; readonly message: string }[];
  readonly agents: readonly TurnEventData["agent"][];
  readonly questions: readonly PendingQuestion[];
  readonly permissions: readonly PendingPermission[];
  readonly compaction?: { readonly summary: string; readonly tokensBefore: number };
}

/** A transient line for the person (`notice` events); never part of history. */
export interface NoticeView {
  readonly id: number;
  readonly level: "info" | "warning" | "error";
  readonly text: string;
}

/** Everything a session's chat view draws. */
export interface TranscriptView {
  readonly turns: readonly TurnView[];
  /** Every current card, in the order first emitted; pinned ones are drawn apart. */
  readonly cards: readonly BrainCard[];
  readonly notices: readonly NoticeView[];
  /** True while a turn of this session runs. */
  readonly running: boolean;
  /** How many visible entries are loaded. */
  readonly entryCount: number;
}
