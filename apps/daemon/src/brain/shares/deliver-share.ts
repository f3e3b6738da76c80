import { MAX_SHARES_PER_TURN } from "@elowen/plugin-api/limits";
import { errorResult, type ToolResult, textResult } from "@elowen/plugin-api/tools";
import type { SharedFile, SharedImage } from "@elowen/plugin-api/trace";
import { errorMessage } from "@elowen/plugin-shared/errors";
import { turnTrace } from "../code-mode/turn-trace.js";
import type { HostToolContext } from "../tools/tool-def.js";
import type { OpenedTurn } from "../turn/turn-plan.js";
import type { TurnProgress } from "../turn/turn-progress.js";

/** One delivery: exactly a shared image or a shared file. */
export type Share = { readonly sharedImage: SharedImage } | { readonly sharedFile: SharedFile };

/**
 * Delivers a share whose bytes are already stored, in this order: trace admission (a nested
 * call reserves its slot on its row through `reserveNestedShare`; a direct one takes a place in the
 * turn's allowance), durable ownership (the `elowen.shared-attachment` entry), then success. A
 * refusal or a failure gives the slot back and is an error result with its reason.
 */
export async function deliverShare(
  turn: OpenedTurn,
  progress: TurnProgress,
  context: HostToolContext,
  share: Share,
  text: string,
): Promise<ToolResult> {
  const trace = turnTrace(turn, progress).turn;
  let release: () => void;
  let consume: () => void = () => {};
  if (context.nested) {
    const reserved = trace.reserveShare(context.toolCallId, share);
    if (!reserved.ok) return errorResult(`Not shared: ${reserved.message}.`);
    release = () => reserved.reservation.release();
  } else {
    const slot = trace.shares.take();
    if (!slot)
      return errorResult(`Not shared: at most ${MAX_SHARES_PER_TURN} shares succeed in one turn.`);
    release = () => slot.release();
    consume = () => slot.consume();
  }
  try {
    await turn.host.store.attachments.recordShared(turn.sessionId, share);
  } catch (error) {
    release();
    return errorResult(`Not shared: ${errorMessage(error)}.`);
  }
  consume();
  return textResult(text, share);
}
