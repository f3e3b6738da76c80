import { AsyncLocalStorage } from "node:async_hooks";
import type { SessionKind } from "@elowen/plugin-api";

/**
 * The turn a plugin call runs in, set by the brain (part 2) around a turn. `interactive` is true
 * only for an interactive prompt turn: cards and questions need one.
 */
export interface TurnScope {
  readonly sessionId: string;
  readonly turnId: string;
  readonly kind: SessionKind;
  readonly interactive: boolean;
  readonly agentId?: string;
}

const storage = new AsyncLocalStorage<TurnScope>();

/** Runs `fn` inside a turn: `ctx.emitCard` and the turn-bound services act on this session. */
export function runInTurn<T>(scope: TurnScope, fn: () => T): T {
  return storage.run(scope, fn);
}

/** The turn running now, if any. */
export function currentTurn(): TurnScope | undefined {
  return storage.getStore();
}
