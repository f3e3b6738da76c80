import type { PluginShutdownPayload } from "@elowen/plugin-api/hooks";
import { errorMessage } from "@elowen/plugin-shared/errors";

/** One step of the teardown after the pause: named, so a failing step is logged by name. */
export interface StopStep {
  readonly name: string;
  readonly run: () => unknown;
}

/** What {@link gracefulStop} drives. Each part is the daemon's own; the order is fixed here. */
export interface StopParts {
  /** The pause deadline in milliseconds: it bounds the whole teardown, not each step. */
  readonly pauseDeadlineMs: number;
  /** Stops admitting new work (`admitsNewWork` answers false from now on). */
  readonly stopAdmitting: () => void;
  /** Synchronous stops of background work (the blob sweep, the reviewer's queue). */
  readonly quiet: readonly StopStep[];
  /** Aborts running turns and waits for them until the deadline. */
  readonly pauseBrain: (deadline: number) => Promise<void>;
  /** Settles when background work in flight (a running skill review) has ended. */
  readonly idle: () => Promise<void>;
  /** Fires `plugin.shutdown` once; answers the plugins abandoned at the deadline. */
  readonly shutdownPlugins: (
    payload: PluginShutdownPayload,
  ) => Promise<{ readonly abandoned: readonly string[] }>;
  /** Closing, in order: the hook bus, the HTTP server, cards, checkpoint, the store, `daemon.json`. */
  readonly close: readonly StopStep[];
  readonly log: (message: string) => void;
  /** Epoch milliseconds (tests pass their own). */
  readonly now?: () => number;
}

/**
 * The daemon's graceful stop: stop admitting work, pause the brain, let in-flight background work
 * end, fire `plugin.shutdown` once — all under ONE deadline, so a hook that hangs is abandoned at
 * the pause deadline rather than holding the exit — then close every part in order. A step that
 * fails is logged and the rest still run (the store is still checkpointed and closed, and
 * `daemon.json` still removed); the first failure is thrown once everything has run.
 */
export async function gracefulStop(
  reason: PluginShutdownPayload["reason"],
  parts: StopParts,
): Promise<void> {
  const now = parts.now ?? Date.now;
  const deadline = now() + parts.pauseDeadlineMs;
  let failure: unknown;
  const attempt = async (name: string, run: () => unknown) => {
    try {
      await run();
    } catch (error) {
      parts.log(`stop: ${name} failed: ${errorMessage(error)}`);
      failure ??= error;
    }
  };
  parts.stopAdmitting();
  for (const step of parts.quiet) await attempt(step.name, step.run);
  await attempt("brain pause", () => parts.pauseBrain(deadline));
  await attempt("background work", () => untilDeadline(parts.idle(), deadline - now()));
  await attempt("plugin.shutdown", async () => {
    const report = await parts.shutdownPlugins({ reason, deadline });
    if (report.abandoned.length > 0) {
      parts.log(
        `plugin.shutdown passed the pause deadline; abandoned: ${report.abandoned.join(", ")}`,
      );
    }
  });
  for (const step of parts.close) await attempt(step.name, step.run);
  if (failure !== undefined) throw failure;
}

function untilDeadline(work: Promise<void>, leftMs: number): Promise<unknown> {
  return Promise.race([
    work,
    new Promise((resolve) => setTimeout(resolve, Math.max(0, leftMs)).unref()),
  ]);
}
