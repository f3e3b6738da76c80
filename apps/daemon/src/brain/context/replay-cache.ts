import type { AgentMessage } from "@mariozechner/pi-agent-core";
import type { BrainHost } from "../host/brain-host.js";
import { coldClearDue, contextTurns } from "./cold-clear.js";
import { maintainContext } from "./maintain-context.js";
import { replayBranch } from "./replay.js";

/**
 * What a settled turn leaves for the next turn of its session: the messages the model read (which
 * are, by construction, the replay of the branch up to `leafId`), so that the next turn does not
 * read and parse the whole journal again.
 */
export interface ReplayCache {
  /** The session's leaf when the cache was made (the turn's `turn_end` entry). */
  readonly leafId: string;
  readonly messages: readonly AgentMessage[];
  /** Turns on the branch (its user entries). */
  readonly turns: number;
  /** The oldest turn with turn-context records not yet retired, if any. */
  readonly oldestContextTurn: number | null;
  /** Tokens the last request used (prompt and output). */
  readonly contextTokens: number;
}

/** The conversation a turn starts from. */
export interface Conversation {
  readonly history: AgentMessage[];
  readonly turns: number;
  readonly oldestContextTurn: number | null;
}

/**
 * The conversation the next turn replays: from the cache a settled turn left when it still
 * describes the session (same leaf: nothing was rewound or written since) and neither cold
 * clearing nor compaction is due; otherwise from the journal, after that maintenance. The cache
 * is used once.
 */
export async function conversationFor(
  host: BrainHost,
  sessionId: string,
  cache: ReplayCache | undefined,
): Promise<Conversation> {
  const session = await host.store.sessions.get(sessionId);
  const window = host.model.model.contextWindow;
  if (
    cache &&
    session?.leafId === cache.leafId &&
    cache.contextTokens <= window * host.config.compactAt &&
    !coldClearDue(cache.turns, cache.oldestContextTurn, host.config.coldClearAfterTurns)
  )
    return {
      history: [...cache.messages],
      turns: cache.turns,
      oldestContextTurn: cache.oldestContextTurn,
    };
  const branch = await maintainContext(host, sessionId, await host.store.journal.branch(sessionId));
  return {
    history: await replayBranch(branch, host.store.blobs),
    turns: branch.filter((e) => e.kind === "user").length,
    oldestContextTurn: contextTurns(branch).oldest,
  };
}
