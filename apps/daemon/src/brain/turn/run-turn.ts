import type { RunOutcome } from "@elowen/plugin-api/run-boundary";
import { errorMessage } from "@elowen/plugin-shared/errors";
import type { AgentMessage } from "@mariozechner/pi-agent-core";
import { runWithAccess } from "../../plugins/call-scope/access-scope.js";
import type { ReplayCache } from "../context/replay-cache.js";
import type { BrainContext } from "./brain-context.js";
import { completeTurn, type SettledTurn } from "./complete-turn.js";
import { prepareTurn, type TurnStart } from "./prepare-turn.js";
import { runWithBoundary } from "./settle-run.js";
import type { TurnState } from "./turn-state.js";

function replayCache(turn: TurnState, leafId: string, messages: AgentMessage[]): ReplayCache {
  const last = turn.usages.at(-1);
  return {
    leafId,
    messages,
    turns: turn.turnOrdinal + 1,
    oldestContextTurn: turn.oldestContextTurn,
    contextTokens: last
      ? last.inputTokens +
        last.cacheReadInputTokens +
        last.cacheCreationInputTokens +
        last.outputTokens
      : 0,
  };
}

/**
 * One turn from start to settle ("A turn, as data", steps 2 to 7), with the turn's access as the
 * current access of every plugin call it makes (input transforms, providers, hooks). A fault of
 * the host inside the runs still settles the turn, with reason `error`; the exchange is then
 * offered to the settled listeners (the post-turn skill reviewer's seam).
 */
export function runTurn(brain: BrainContext, start: TurnStart): Promise<SettledTurn> {
  return runWithAccess(start.access, () => runScopedTurn(brain, start));
}

async function runScopedTurn(brain: BrainContext, start: TurnStart): Promise<SettledTurn> {
  // A sub-agent's turn does not run through the queue: the hold keeps its session in memory.
  const release = brain.runtime(start.sessionId).hold();
  try {
    return await runHeldTurn(brain, start);
  } finally {
    release();
  }
}

async function runHeldTurn(brain: BrainContext, start: TurnStart): Promise<SettledTurn> {
  const { host } = brain;
  const { turn, history, prompt } = await prepareTurn(brain, start);
  let outcome: RunOutcome = "error";
  let failure: string | undefined;
  let messages: AgentMessage[] | undefined;
  try {
    const run = await runWithBoundary(turn, history, prompt);
    outcome = run.outcome;
    messages = run.messages;
  } catch (error) {
    failure = errorMessage(error);
    host.log(`turn ${turn.turnId} of session ${turn.sessionId} failed: ${failure}`);
  } finally {
    for (const cleanup of turn.cleanups.splice(0)) {
      try {
        cleanup();
      } catch (error) {
        host.log(`turn cleanup failed: ${errorMessage(error)}`);
      }
    }
  }
  if (start.controller.signal.aborted && outcome === "completed") outcome = "aborted";
  try {
    const settled = await completeTurn(turn, outcome, failure);
    if (messages)
      brain.runtime(turn.sessionId).replay = replayCache(turn, settled.entryId, messages);
    for (const listener of brain.settledListeners) {
      try {
        await listener({
          sessionId: turn.sessionId,
          kind: turn.kind,
          access: turn.access,
          origin: turn.origin,
          outcome: settled,
          ...(turn.agentId === undefined ? {} : { agentId: turn.agentId }),
          resultEntries: turn.resultEntries,
          leafId: settled.entryId,
          ...(turn.lastRequest === undefined ? {} : { lastRequest: turn.lastRequest }),
          ...(turn.lastAssistant === undefined ? {} : { finalAnswer: turn.lastAssistant }),
        });
      } catch (error) {
        host.log(`an exchange-settled listener failed: ${errorMessage(error)}`);
      }
    }
    return settled;
  } finally {
    brain.turns.delete(turn.turnId);
  }
}
