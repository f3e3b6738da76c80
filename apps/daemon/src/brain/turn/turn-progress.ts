import type { TurnUsage } from "@elowen/plugin-api/events";
import type { AssistantMessage } from "@mariozechner/pi-ai";
import type { CapturedRequest } from "../model/captured-request.js";
import { ResultEntries } from "./result-entries.js";
import type { TurnJournal } from "./turn-journal.js";
import type { TurnTrace } from "./turn-plan.js";

/**
 * What changes while a turn runs, and only that: its counters, what its requests answered, its
 * journal writes and the trace it opened. Written by the agent runs; the settle reads it.
 */
export interface TurnProgress {
  /** Model requests made so far (the next step's index). */
  steps: number;
  toolResults: number;
  lastToolName: string;
  /** The final engine message of each real request, for usage. */
  readonly usages: TurnUsage[];
  /** The last response of the turn so far. */
  lastAssistant?: AssistantMessage;
  /** The last real provider request of the turn so far (the skill reviewer's pinned source). */
  lastRequest?: CapturedRequest;
  /** The turn's journal writes after its start (the answer may wait for the `turn_end`). */
  readonly journal: TurnJournal;
  /** The journal entry of each direct call's result (trace settlement). */
  readonly results: ResultEntries;
  /** The turn's trace logs and share allowance (nested work, share tools), made on first use. */
  trace?: TurnTrace;
  /** Closes what the turn opened (code-mode cells, trace writers) when it settles. */
  readonly cleanups: (() => void)[];
}

/** A turn's progress before its first request. */
export function startProgress(journal: TurnJournal): TurnProgress {
  return {
    steps: 0,
    toolResults: 0,
    lastToolName: "",
    usages: [],
    journal,
    results: new ResultEntries(),
    cleanups: [],
  };
}
