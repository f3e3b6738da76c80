import type { ImageRef } from "@elowen/plugin-api/trace";

/**
 * The latest image among trace records, as `BrainStore.latestToolImage` reads them once the
 * reporting results are in the journal: the record with the newest `imageTimestamp` (completion
 * time), ties broken by `imageOrder` (completion order within the producer), and its last image.
 * Records without retained references do not count. Takes `ToolTraceRecord`s as they are (their
 * optional fields may hold `undefined`).
 */
export function latestToolImage(
  records: Iterable<{
    readonly images?: readonly ImageRef[] | undefined;
    readonly imageOrder?: number | undefined;
    readonly imageTimestamp?: number | undefined;
  }>,
): ImageRef | undefined {
  let best: { ref: ImageRef; at: number; order: number } | undefined;
  for (const record of records) {
    const ref = record.images?.[record.images.length - 1];
    if (ref === undefined) continue;
    const at = record.imageTimestamp ?? -1;
    const order = record.imageOrder ?? -1;
    if (best === undefined || at > best.at || (at === best.at && order > best.order))
      best = { ref, at, order };
  }
  return best?.ref;
}
