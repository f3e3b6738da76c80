import { errorMessage } from "@elowen/plugin-shared/errors";
import type { Store } from "./store.js";

/**
 * Sweeps unowned blobs every `sweepIntervalHours` (daily by default), keeping any younger than
 * `graceMinutes`. The timer never keeps the process alive; a sweep that fails is logged.
 */
export function startBlobSweep(
  store: Store,
  options: { readonly sweepIntervalHours: number; readonly graceMinutes: number },
  log: (message: string) => void,
): { stop(): void } {
  const run = async () => {
    try {
      const result = await store.blobs.sweep((hash) => store.attachments.isOwned(hash), {
        graceMs: options.graceMinutes * 60_000,
      });
      if (result.removed > 0)
        log(`blob sweep removed ${result.removed} unowned blob(s), kept ${result.kept}`);
    } catch (error) {
      log(`blob sweep failed: ${errorMessage(error)}`);
    }
  };
  const timer = setInterval(run, options.sweepIntervalHours * 3_600_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
