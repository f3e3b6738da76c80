import type { ChainEntry, ChainRun } from "./chain-host.js";

/**
 * Installs the `$` getters (`pluginName`, `log`, `now`, and the raiser's `sessionId` and
 * `userId`, undefined when the raiser gave none) on a turn class's
 * prototype. The turn classes stay flat, without a base class, because one is allocated per hook
 * per raise and a derived constructor costs measurably there; the getters are written once here.
 */
export function installTurnContext<T>(
  prototype: T,
  runOf: (turn: T) => ChainRun,
  indexOf: (turn: T) => number,
): void {
  const entry = (turn: T) => runOf(turn).entries[indexOf(turn)] as ChainEntry;
  const getter = (get: (turn: T) => unknown): PropertyDescriptor => ({
    get(this: T) {
      return get(this);
    },
    configurable: true,
  });
  Object.defineProperties(prototype, {
    pluginName: getter((turn) => entry(turn).pluginName),
    log: getter((turn) => entry(turn).log),
    now: getter((turn) => runOf(turn).host.now),
    sessionId: getter((turn) => runOf(turn).scope?.sessionId),
    userId: getter((turn) => runOf(turn).scope?.userId),
  });
}
