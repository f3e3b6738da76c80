import type { ImageRef } from "@elowen/plugin-api/trace";
import { latestToolImage } from "@elowen/tool-trace";
import { parseEntryData } from "@elowen/wire";
import type { Store } from "../../store/store.js";

/**
 * The session's latest tool image once results reached the journal: scanning the active branch
 * from its newest tool result, the newest of its nested records' retained images (completion
 * order, `latestToolImage`) or else its own last image.
 */
export async function latestStoredImage(
  store: Store,
  sessionId: string,
): Promise<ImageRef | undefined> {
  const branch = await store.journal.branch(sessionId);
  for (let i = branch.length - 1; i >= 0; i -= 1) {
    const parsed = parseEntryData(branch[i] as never);
    if (parsed?.kind !== "tool_result") continue;
    const trace = parsed.data.details?.toolTrace;
    const nested = Array.isArray(trace) ? latestToolImage(trace) : undefined;
    if (nested) return nested;
    const own = parsed.data.details?.images;
    if (Array.isArray(own) && own.length > 0) return own[own.length - 1] as ImageRef;
  }
  return undefined;
}
