import { currentCallScope, type TurnScope } from "./call-scope.js";

export { runInTurn, type TurnScope } from "./call-scope.js";

/** The turn running now, if any. */
export function currentTurn(): TurnScope | undefined {
  return currentCallScope()?.turn;
}

/** One listener per source signal: the relays waiting on it, each firing in its own scope. */
const relays = new WeakMap<AbortSignal, Set<() => void>>();

/**
 * A signal that aborts with `source`, its `abort` listeners run inside `enter` (the call's turn
 * and access). An abort listener otherwise runs in the scope of whoever aborted (the request
 * that stopped the turn), where no turn is current: a tool's last `ctx.emitCard` from it would be
 * dropped. One listener is added to `source` however many calls wait on it.
 */
export function scopedSignal(source: AbortSignal, enter: (fire: () => void) => void): AbortSignal {
  const relay = new AbortController();
  const fire = () => enter(() => relay.abort(source.reason));
  if (source.aborted) {
    fire();
    return relay.signal;
  }
  let waiting = relays.get(source);
  if (!waiting) {
    const set = new Set<() => void>();
    waiting = set;
    relays.set(source, set);
    source.addEventListener(
      "abort",
      () => {
        for (const relayed of set) relayed();
        set.clear();
      },
      { once: true },
    );
  }
  waiting.add(fire);
  return relay.signal;
}
