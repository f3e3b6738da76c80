import { RUN_BOUNDARY_ENTRY, RUN_BOUNDARY_MAX_CONTINUATIONS } from "@elowen/plugin-api";
import type { AgentMessage } from "@mariozechner/pi-agent-core";
import { type AgentRunResult, runAgent } from "./agent-run.js";
import { noteMessage } from "./replay.js";
import { decideBoundary } from "./run-boundary-interim.js";
import type { TurnState } from "./turn-state.js";

/**
 * Runs the turn's agent runs: the first with the prompt, then at most one continuation a
 * `brain.run.beforeSettle` hook asks for (seed 000, Run boundary). After each run the hook fires in
 * the turn's own scope; accepted message notes are stored hidden and model-visible (never drawn),
 * records hidden and invisible; a granted continuation is one more full-context run of the same
 * turn, billed to the same origin. Answers the last run's result.
 */
export async function runWithBoundary(
  turn: TurnState,
  history: AgentMessage[],
  prompt: AgentMessage,
): Promise<AgentRunResult> {
  const { host } = turn;
  let messages = history;
  let prompts = [prompt];
  let continuationsUsed = 0;
  for (;;) {
    const result = await runAgent(turn, messages, prompts);
    const continuationAllowed =
      result.outcome === "completed" && continuationsUsed < RUN_BOUNDARY_MAX_CONTINUATIONS;
    const patches = await host.registry.hooks.emitRunBoundary({
      sessionId: turn.sessionId,
      outcome: result.outcome,
      continuationAllowed,
      continuationsUsed,
      ...(turn.agentId === undefined ? {} : { agentId: turn.agentId }),
    });
    const decision = decideBoundary(patches, { outcome: result.outcome, continuationsUsed });
    for (const problem of decision.problems) host.log(`run boundary: ${problem}`);
    if (decision.entries.length > 0) {
      await host.journal.append(
        turn.sessionId,
        decision.entries.map((entry) => ({
          kind: "custom",
          customType: RUN_BOUNDARY_ENTRY,
          hidden: true,
          data: { ...entry, turnId: turn.turnId },
        })),
      );
    }
    const notes = decision.entries.flatMap((entry) =>
      entry.kind === "message" ? [noteMessage(entry.text, host.clock.now())] : [],
    );
    const go = decision.continue && !turn.controller.signal.aborted && host.admitsNewWork();
    if (!go) return result;
    continuationsUsed += 1;
    host.events.publish(turn.sessionId, "continuation", {
      turnId: turn.turnId,
      ...(turn.agentId === undefined ? {} : { agentId: turn.agentId }),
      continuationsUsed,
      messages: notes.length,
      records: decision.entries.length - notes.length,
    });
    messages = [...result.messages, ...notes];
    prompts = [];
  }
}
