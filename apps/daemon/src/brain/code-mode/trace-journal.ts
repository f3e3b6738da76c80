import type { ImageRef, ToolTraceRecord } from "@elowen/plugin-api/trace";
import type { JournalRewriteOutcome, ToolTraceJournal } from "@elowen/tool-trace";
import type { Store } from "../../store/store.js";
import type { AttachmentRef } from "../../store/types.js";
import { releaseIfSettled } from "../turn/nested-ledger.js";
import type { OpenedTurn } from "../turn/turn-plan.js";
import type { TurnProgress } from "../turn/turn-progress.js";

function imageRefs(toolTrace: readonly ToolTraceRecord[]): AttachmentRef[] {
  const refs = new Map<string, ImageRef>();
  for (const record of toolTrace) for (const ref of record.images ?? []) refs.set(ref.hash, ref);
  return [...refs.values()].map((ref) => ({
    hash: ref.hash,
    kind: "image",
    mimeType: ref.mimeType,
    bytes: ref.bytes,
  }));
}

/**
 * The journal as tool-trace's settlement writer needs it, for one turn: a late settle rewrites
 * `details.toolTrace` of the stored result of the call it was drained into, in place (content,
 * call id and place unchanged, nothing appended), and the entry takes ownership of images the
 * settled records brought. `not-appended` until that result is written, `gone` once its entry is.
 */
export function traceJournal(
  store: Store,
  turn: OpenedTurn,
  progress: TurnProgress,
): ToolTraceJournal {
  return {
    async rewriteToolTrace(callId, rewrite): Promise<JournalRewriteOutcome> {
      const entryId = progress.results.byCallId.get(callId);
      if (entryId === undefined) return "not-appended";
      let written: readonly ToolTraceRecord[] | undefined;
      const found = await store.journal.updateData(turn.sessionId, entryId, (data) => {
        const current = data as { details?: Record<string, unknown> };
        const next = rewrite(current.details?.toolTrace);
        if (next === undefined) return undefined;
        written = next;
        return { ...current, details: { ...current.details, toolTrace: next } };
      });
      if (!found) return "gone";
      if (written === undefined) return "unchanged";
      await store.attachments.own(turn.sessionId, entryId, imageRefs(written));
      await releaseIfSettled(store, turn, progress);
      return "written";
    },
    subscribe: (listener) => progress.results.subscribe(listener),
  };
}
