import { ToolTraceTurn } from "@elowen/tool-trace";
import { mintId } from "../../store/ids.js";
import type { TurnState, TurnTrace } from "../turn/turn-state.js";
import { traceJournal } from "./trace-journal.js";

/**
 * The turn's @elowen/tool-trace turn, made on first use: host-minted row ids, the session's
 * content-addressed image store, the journal adapter that settles late records in place, and the
 * live `trace` events (each record exactly as recorded). Closed when the turn settles.
 */
export function turnTrace(turn: TurnState): TurnTrace {
  if (turn.trace) return turn.trace;
  const { host } = turn;
  const producers = new Map<string, string>();
  const trace = new ToolTraceTurn({
    mintId: () => mintId("r"),
    clock: host.clock,
    journal: traceJournal(host.store, turn),
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
  turn.trace = { turn: trace, producers };
  turn.cleanups.push(() => trace.close());
  return turn.trace;
}
