import { ToolTraceTurn } from "@elowen/tool-trace";
import type { OpenedTurn, TurnTrace } from "../turn/turn-plan.js";
import type { TurnProgress } from "../turn/turn-progress.js";
import { traceJournal } from "./trace-journal.js";

/**
 * The turn's @elowen/tool-trace turn, made on first use: host-minted row ids, the session's
 * content-addressed image store, the journal adapter that settles late records in place, and the
 * live `trace` events (each record exactly as recorded). Closed when the turn settles.
 */
export function turnTrace(turn: OpenedTurn, progress: TurnProgress): TurnTrace {
  if (progress.trace) return progress.trace;
  const { host } = turn;
  const producers = new Map<string, string>();
  const trace = new ToolTraceTurn({
    mintId: () => host.ids.mint("r"),
    clock: host.clock,
    journal: traceJournal(host.store, turn, progress),
    images: {
      async put(bytes, mimeType) {
        const stored = await host.store.blobs.put(bytes);
        return { hash: stored.hash, mimeType, bytes: stored.bytes };
      },
    },
    onEvent: (event) => {
      const reportedIn = "reportedIn" in event ? event.reportedIn : undefined;
      if (event.record.kind === "call") producers.set(event.record.id, event.record.producerId);
      host.events.publish(turn.sessionId, "trace", {
        turnId: turn.turnId,
        ...(turn.agentId === undefined ? {} : { agentId: turn.agentId }),
        type: event.type,
        record: event.record,
        ...(reportedIn === undefined ? {} : { reportedIn }),
      });
    },
    onProblem: (message) => host.log(`tool trace: ${message}`),
  });
  progress.trace = { turn: trace, producers };
  progress.cleanups.push(() => trace.close());
  return progress.trace;
}
