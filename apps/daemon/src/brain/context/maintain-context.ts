import type { JournalEntry } from "../../store/types.js";
import type { BrainHost } from "../host/brain-host.js";
import { retireColdContext } from "./cold-clear.js";
import { compactIfNeeded } from "./compaction.js";

/**
 * Keeps a session's context within the model's window before a turn replays it: cold clearing
 * first (old turn-context records retired), then compaction when the context still nears the
 * window. Answers the active branch as it then stands.
 */
export async function maintainContext(
  host: BrainHost,
  sessionId: string,
  branch: readonly JournalEntry[],
): Promise<readonly JournalEntry[]> {
  const retired = await retireColdContext(
    host.store,
    sessionId,
    branch,
    host.config.coldClearAfterTurns,
    host.clock.now(),
  );
  const current = retired > 0 ? await host.store.journal.branch(sessionId) : branch;
  return compactIfNeeded(host, sessionId, current);
}
