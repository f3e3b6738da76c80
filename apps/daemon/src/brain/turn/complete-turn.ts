import type { TurnCompleteInput, TurnCompleteReason } from "@elowen/plugin-api/events";
import type { RunOutcome } from "@elowen/plugin-api/run-boundary";
import type { TurnEndEntryData, TurnOutcome } from "@elowen/wire";
import { mintId } from "../../store/ids.js";
import { TRUNCATED_STREAM_MESSAGE } from "../model/provider-model.js";
import { answerOf, sumUsage } from "../model/usage.js";
import { hasPendingRows, holdTurnForNestedRows, releaseIfSettled } from "./nested-ledger.js";
import { settlesUnobserved } from "./turn-journal.js";
import type { TurnState } from "./turn-state.js";

/** A settled turn: its outcome and its `turn_end` entry. */
export type SettledTurn = TurnOutcome & { readonly entryId: string };

function reasonOf(outcome: RunOutcome): TurnCompleteReason {
  return outcome === "completed" ? "answer" : outcome;
}

/**
 * Step 7 of "A turn, as data": `turn.complete` (answer, duration, reason, usage summed over the
 * real requests), the `turn_end` entry committed and the ledger closed, then `turn_completed`
 * (and an `error` event for a failed turn, without credentials).
 */
export async function completeTurn(
  turn: TurnState,
  outcome: RunOutcome,
  failure?: string,
): Promise<SettledTurn> {
  const { host } = turn;
  const reason = reasonOf(outcome);
  const usage = sumUsage(turn.usages);
  const answer = turn.lastAssistant ? answerOf(turn.lastAssistant) : "";
  const durationMs = host.clock.monotonic() - turn.t0;
  const agent = turn.agentId === undefined ? {} : { agentId: turn.agentId };
  const input = {
    answer,
    durationMs,
    isAborted: reason === "aborted",
    turnId: turn.turnId,
    ...agent,
    ...(usage === undefined ? {} : { usage }),
    reason,
  } as TurnCompleteInput;
  // A turn.complete hook registered while the turn went on finds the answer in the journal.
  if (!settlesUnobserved(host.registry.hooks)) await turn.journal.release();
  await host.registry.hooks.run(
    "turn.complete",
    input,
    (e) => ({ text: e.answer, ...(e.usage === undefined ? {} : { usage: e.usage }) }),
    { sessionId: turn.sessionId, userId: turn.access.userId },
  );
  const errorMessage = host.model.redact(
    failure ??
      (reason === "error" ? (turn.lastAssistant?.errorMessage ?? "the model request failed") : ""),
  );
  const data: TurnEndEntryData = {
    turnId: turn.turnId,
    ...agent,
    reason,
    durationMs,
    answer,
    ...(usage === undefined ? {} : { usage }),
    ...(errorMessage === "" ? {} : { errorMessage }),
  };
  const entryId = mintId("e");
  // A nested call still running keeps the turn in the ledger until its row settles (see nested-ledger).
  const nestedRunning = await hasPendingRows(host.store, turn);
  await turn.journal.end(
    [{ id: entryId, kind: "turn_end", data }],
    nestedRunning ? {} : { closeTurn: turn.turnId },
  );
  if (nestedRunning) {
    holdTurnForNestedRows(turn);
    await releaseIfSettled(host.store, turn);
  }
  if (errorMessage !== "")
    host.events.publish(turn.sessionId, "error", {
      turnId: turn.turnId,
      ...agent,
      code:
        failure !== undefined
          ? "internal"
          : errorMessage === TRUNCATED_STREAM_MESSAGE
            ? "stream-truncated"
            : "provider",
      message: errorMessage,
    });
  const settled: SettledTurn = {
    turnId: turn.turnId,
    reason,
    durationMs,
    answer,
    ...(usage === undefined ? {} : { usage }),
    entryId,
  };
  host.events.publish(
    turn.sessionId,
    "turn_completed",
    Object.assign(
      {},
      settled,
      agent,
      turn.submissionId === undefined ? {} : { submissionId: turn.submissionId },
    ),
  );
  return settled;
}
