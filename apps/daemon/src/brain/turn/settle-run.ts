import { RUN_BOUNDARY_ENTRY } from "@elowen/plugin-api/journal";
import { RunBoundary } from "@elowen/run-boundary";
import type { AgentMessage } from "@mariozechner/pi-agent-core";
import { pluginLogger } from "../../logger.js";
import { noteMessage } from "../context/replay.js";
import { type AgentRunResult, runAgent } from "./agent-run.js";
import { settlesUnobserved } from "./turn-journal.js";
import type { TurnPlan } from "./turn-plan.js";
import type { TurnProgress } from "./turn-progress.js";

/**
 * Runs the turn's agent runs: the first with the prompt, then at most one continuation a
 * `brain.run.beforeSettle` hook asks for (through @elowen/run-boundary).
 * After each run the hook fires in the turn's own scope; accepted message notes are stored hidden and model-visible (never drawn),
 * records hidden and invisible; a granted continuation is one more full-context run of the same
 * turn, billed to the same origin. Answers the last run's result, its messages ending with the
 * notes appended at its settle (what the next turn replays).
 */
export async function runWithBoundary(
  turn: TurnPlan,
  progress: TurnProgress,
  history: AgentMessage[],
  prompt: AgentMessage,
): Promise<AgentRunResult> {
  const { host } = turn;
  let messages = history;
  let prompts = [prompt];
  const boundary = new RunBoundary({
    sessionId: turn.sessionId,
    ...(turn.agentId === undefined ? {} : { agentId: turn.agentId }),
    emit: (payload) => host.registry.hooks.emitRunBoundary(payload),
    log: pluginLogger((line) => host.log(line), "run-boundary"),
  });
  for (;;) {
    const result = await runAgent(turn, progress, messages, prompts);
    // A hook registered while the run went on reads the journal with the answer in it.
    if (!settlesUnobserved(host.registry.hooks)) await progress.journal.release();
    const settlement = await boundary.settle(result.outcome);
    const entries = settlement.entries.map(({ entry }) => entry);
    if (entries.length > 0) {
      await progress.journal.append(
        entries.map((entry) => ({
          kind: "custom",
          customType: RUN_BOUNDARY_ENTRY,
          hidden: true,
          data: { ...entry, turnId: turn.turnId },
        })),
      );
    }
    const notes = entries.flatMap((entry) =>
      entry.kind === "message" ? [noteMessage(entry.text, host.clock.now())] : [],
    );
    const go = settlement.continue && !turn.controller.signal.aborted && host.admitsNewWork();
    if (!go) return { ...result, messages: [...result.messages, ...notes] };
    host.events.publish(turn.sessionId, "continuation", {
      turnId: turn.turnId,
      ...(turn.agentId === undefined ? {} : { agentId: turn.agentId }),
      continuationsUsed: settlement.continuationsUsed,
      messages: notes.length,
      records: entries.length - notes.length,
    });
    messages = [...result.messages, ...notes];
    prompts = [];
  }
}
