import { AsyncLocalStorage } from "node:async_hooks";
import type { Access } from "@elowen/plugin-api/access";
import type { SessionKind } from "@elowen/plugin-api/hooks";

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

/** Who is acting and in which turn: what a plugin call made now runs in. */
export interface CallScope {
  readonly access?: Access;
  readonly turn?: TurnScope;
}

/**
 * One `AsyncLocalStorage` for both halves of a call's scope. Each store an `AsyncLocalStorage`
 * keeps is copied onto every promise created while one is enabled (async_hooks' promise hooks),
 * so one storage holding both costs each promise one copy instead of two.
 */
const storage = new AsyncLocalStorage<CallScope>();

/** Runs `fn` with `access` as "the current access" for the plugin calls it makes; keeps the turn. */
export function runWithAccess<T>(access: Access, fn: () => T): T {
  const outer = storage.getStore();
  return storage.run(outer?.turn === undefined ? { access } : { access, turn: outer.turn }, fn);
}

/**
 * Runs `fn` inside a turn, keeping the current access: `ctx.emitCard` and the turn-bound services
 * act on this session.
 */
export function runInTurn<T>(turn: TurnScope, fn: () => T): T {
  const outer = storage.getStore();
  return storage.run(outer?.access === undefined ? { turn } : { access: outer.access, turn }, fn);
}

/** Runs `fn` with both halves set at once: one run where nesting the two would take two. */
export function runInCall<T>(scope: Required<CallScope>, fn: () => T): T {
  return storage.run(scope, fn);
}

/** The scope current now, if any. */
export function currentCallScope(): CallScope | undefined {
  return storage.getStore();
}
