import type { RunOutcome } from "@elowen/plugin-api/run-boundary";
import { errorMessage } from "@elowen/plugin-shared/errors";
import type { AgentMessage } from "@mariozechner/pi-agent-core";
import { runWithAccess } from "../../plugins/call-scope/access-scope.js";
import type { ReplayCache } from "../context/replay-cache.js";
import type { BrainContext, SettledExchange } from "./brain-context.js";
import { completeTurn, type SettledTurn } from "./complete-turn.js";
import { prepareTurn, type TurnStart } from "./prepare-turn.js";
import { runWithBoundary } from "./settle-run.js";
import type { TurnPlan } from "./turn-plan.js";
import type { TurnProgress } from "./turn-progress.js";

function replayCache(
  plan: TurnPlan,
  progress: TurnProgress,
  leafId: string,
  messages: AgentMessage[],
): ReplayCache {
  const last = progress.usages.at(-1);
  return {
    leafId,
    messages,
    turns: plan.turnOrdinal + 1,
    oldestContextTurn: plan.oldestContextTurn,
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
  const { plan, progress, history, prompt } = await prepareTurn(brain, start);
  try {
    const ran = await runAndClose(plan, progress, history, prompt);
    if (start.controller.signal.aborted && ran.outcome === "completed") ran.outcome = "aborted";
    const settled = await completeTurn(plan, progress, ran.outcome, ran.failure);
    if (ran.messages)
      brain.runtime(plan.sessionId).replay = replayCache(
        plan,
        progress,
        settled.entryId,
        ran.messages,
      );
    await offerExchange(brain, plan, progress, settled);
    return settled;
  } finally {
    brain.turns.delete(plan.turnId);
  }
}

/** How the turn's runs ended: a host fault inside them is the outcome `error` with its message. */
interface RunsEnded {
  outcome: RunOutcome;
  readonly failure?: string;
  readonly messages?: AgentMessage[];
}

/** Runs the turn (with its granted continuation), then closes what it opened. */
async function runAndClose(
  plan: TurnPlan,
  progress: TurnProgress,
  history: AgentMessage[],
  prompt: AgentMessage,
): Promise<RunsEnded> {
  const { host } = plan;
  try {
    const run = await runWithBoundary(plan, progress, history, prompt);
    return { outcome: run.outcome, messages: run.messages };
  } catch (error) {
    const failure = errorMessage(error);
    host.log(`turn ${plan.turnId} of session ${plan.sessionId} failed: ${failure}`);
    return { outcome: "error", failure };
  } finally {
    for (const cleanup of progress.cleanups.splice(0)) {
      try {
        cleanup();
      } catch (error) {
        host.log(`turn cleanup failed: ${errorMessage(error)}`);
      }
    }
  }
}

/** Offers the settled exchange to every listener (the post-turn skill reviewer's seam). */
async function offerExchange(
  brain: BrainContext,
  plan: TurnPlan,
  progress: TurnProgress,
  settled: SettledTurn,
): Promise<void> {
  const exchange: SettledExchange = {
    sessionId: plan.sessionId,
    kind: plan.kind,
    access: plan.access,
    origin: plan.origin,
    outcome: settled,
    ...(plan.agentId === undefined ? {} : { agentId: plan.agentId }),
    resultEntries: progress.results.byCallId,
    leafId: settled.entryId,
    ...(progress.lastRequest === undefined ? {} : { lastRequest: progress.lastRequest }),
    ...(progress.lastAssistant === undefined ? {} : { finalAnswer: progress.lastAssistant }),
  };
  for (const listener of brain.settledListeners) {
    try {
      await listener(exchange);
    } catch (error) {
      brain.host.log(`an exchange-settled listener failed: ${errorMessage(error)}`);
    }
  }
}
