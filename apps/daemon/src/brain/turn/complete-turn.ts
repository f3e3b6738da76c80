import type { TurnCompleteInput, TurnCompleteReason, TurnUsage } from "@elowen/plugin-api/events";
import type { RunOutcome } from "@elowen/plugin-api/run-boundary";
import type { TurnEndEntryData, TurnOutcome } from "@elowen/wire";
import { TRUNCATED_STREAM_MESSAGE } from "../model/provider-model.js";
import { answerOf, sumUsage } from "../model/usage.js";
import { hasPendingRows, holdTurnForNestedRows, releaseIfSettled } from "./nested-ledger.js";
import { settlesUnobserved } from "./turn-journal.js";
import type { TurnPlan } from "./turn-plan.js";
import type { TurnProgress } from "./turn-progress.js";

/** A settled turn: its outcome and its `turn_end` entry. */
export type SettledTurn = TurnOutcome & { readonly entryId: string };

/** What a turn ended with, read from its progress once its runs are over. */
interface TurnEnd {
  readonly reason: TurnCompleteReason;
  readonly answer: string;
  readonly durationMs: number;
  readonly usage: TurnUsage | undefined;
  /** The redacted failure ("" for none). */
  readonly errorMessage: string;
  /** The host failed (not the provider). */
  readonly internal: boolean;
  readonly agent: { readonly agentId?: string };
}

/**
 * Step 7 of "A turn, as data": `turn.complete` (answer, duration, reason, usage summed over the
 * real requests), the `turn_end` entry committed and the ledger closed, then `turn_completed`
 * (and an `error` event for a failed turn, without credentials).
 */
export async function completeTurn(
  plan: TurnPlan,
  progress: TurnProgress,
  outcome: RunOutcome,
  failure?: string,
): Promise<SettledTurn> {
  const end = turnEnd(plan, progress, outcome, failure);
  await raiseTurnComplete(plan, progress, end);
  const entryId = await commitTurnEnd(plan, progress, end);
  return publishSettled(plan, end, entryId);
}

function turnEnd(
  plan: TurnPlan,
  progress: TurnProgress,
  outcome: RunOutcome,
  failure: string | undefined,
): TurnEnd {
  const { host } = plan;
  const reason: TurnCompleteReason = outcome === "completed" ? "answer" : outcome;
  const last = progress.lastAssistant;
  const providerError =
    reason === "error" ? (last?.errorMessage ?? "the model request failed") : "";
  return {
    reason,
    answer: last ? answerOf(last) : "",
    durationMs: host.clock.monotonic() - plan.t0,
    usage: sumUsage(progress.usages),
    errorMessage: host.model.redact(failure ?? providerError),
    internal: failure !== undefined,
    agent: plan.agentId === undefined ? {} : { agentId: plan.agentId },
  };
}

/** `turn.complete`: a hook registered while the turn went on finds the answer in the journal. */
async function raiseTurnComplete(
  plan: TurnPlan,
  progress: TurnProgress,
  end: TurnEnd,
): Promise<void> {
  const { hooks } = plan.host.registry;
  const input = {
    answer: end.answer,
    durationMs: end.durationMs,
    isAborted: end.reason === "aborted",
    turnId: plan.turnId,
    ...end.agent,
    ...(end.usage === undefined ? {} : { usage: end.usage }),
    reason: end.reason,
  } as TurnCompleteInput;
  if (!settlesUnobserved(hooks)) await progress.journal.release();
  await hooks.run(
    "turn.complete",
    input,
    (e) => ({ text: e.answer, ...(e.usage === undefined ? {} : { usage: e.usage }) }),
    { sessionId: plan.sessionId, userId: plan.access.userId },
  );
}

/**
 * Commits the `turn_end` entry and closes the turn in the ledger; a nested call still running
 * keeps the turn in the ledger until its row settles (see nested-ledger). Answers the entry id.
 */
async function commitTurnEnd(
  plan: TurnPlan,
  progress: TurnProgress,
  end: TurnEnd,
): Promise<string> {
  const { store } = plan.host;
  const data: TurnEndEntryData = {
    turnId: plan.turnId,
    ...end.agent,
    reason: end.reason,
    durationMs: end.durationMs,
    answer: end.answer,
    ...(end.usage === undefined ? {} : { usage: end.usage }),
    ...(end.errorMessage === "" ? {} : { errorMessage: end.errorMessage }),
  };
  const entryId = plan.host.ids.mint("e");
  const nestedRunning = await hasPendingRows(store, plan, progress);
  await progress.journal.end(
    [{ id: entryId, kind: "turn_end", data }],
    nestedRunning ? {} : { closeTurn: plan.turnId },
  );
  if (nestedRunning) {
    holdTurnForNestedRows(progress);
    await releaseIfSettled(store, plan, progress);
  }
  return entryId;
}

/** `error` (a failed turn, without credentials) then `turn_completed`; answers the settled turn. */
function publishSettled(plan: TurnPlan, end: TurnEnd, entryId: string): SettledTurn {
  const { events } = plan.host;
  if (end.errorMessage !== "")
    events.publish(plan.sessionId, "error", {
      turnId: plan.turnId,
      ...end.agent,
      code: errorCode(end),
      message: end.errorMessage,
    });
  const settled: SettledTurn = {
    turnId: plan.turnId,
    reason: end.reason,
    durationMs: end.durationMs,
    answer: end.answer,
    ...(end.usage === undefined ? {} : { usage: end.usage }),
    entryId,
  };
  const submission = plan.submissionId === undefined ? {} : { submissionId: plan.submissionId };
  events.publish(
    plan.sessionId,
    "turn_completed",
    Object.assign({}, settled, end.agent, submission),
  );
  return settled;
}

function errorCode(end: TurnEnd): "internal" | "stream-truncated" | "provider" {
  if (end.internal) return "internal";
  return end.errorMessage === TRUNCATED_STREAM_MESSAGE ? "stream-truncated" : "provider";
}
