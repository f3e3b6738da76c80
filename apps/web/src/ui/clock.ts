import { createContext } from "preact";
import { useContext, useEffect, useState } from "preact/hooks";

/** The time source of live elapsed displays: a wall clock and a way to hear it tick. */
export interface Clock {
  now(): number;
  /** Calls `tick` while subscribed; returns the way to stop. */
  subscribe(tick: () => void): () => void;
}

/** How often a running duration is redrawn (ours): a tenth of a second, the formatter's step. */
export const ELAPSED_TICK_MS = 100;

/**
 * The browser's clock: one shared timer for every running row and card, started by the first
 * subscriber and stopped with the last. Elapsed time is computed here from `startedAt`; the host
 * is never asked again (no polling, and no ticking values from the host).
 */
export function browserClock(): Clock {
  const ticks = new Set<() => void>();
  let timer: ReturnType<typeof setInterval> | undefined;
  return {
    now: () => Date.now(),
    subscribe(tick) {
      ticks.add(tick);
      timer ??= setInterval(() => {
        for (const t of [...ticks]) t();
      }, ELAPSED_TICK_MS);
      return () => {
        ticks.delete(tick);
        if (ticks.size === 0 && timer !== undefined) {
          clearInterval(timer);
          timer = undefined;
        }
      };
    },
  };
}

/** The clock views read; tests provide their own. */
export const ClockContext = createContext<Clock>(browserClock());

/** The current time, redrawn on every tick while `active`. */
export function useNow(active: boolean): number {
  const clock = useContext(ClockContext);
  const [now, setNow] = useState(() => clock.now());
  useEffect(() => {
    if (!active) return;
    setNow(clock.now());
    return clock.subscribe(() => setNow(clock.now()));
  }, [clock, active]);
  return active ? now : clock.now();
}
