import type { ChainEventName } from "@elowen/plugin-api/chains";
import type { Refusal } from "./refusal.js";
import type { SchemaLike } from "./schema-shape.js";

type Event = Record<string, unknown>;

/** What the bus enforces for one chain event, compiled once from the contract's tables. */
export interface ChainRules {
  readonly event: ChainEventName;
  readonly input: SchemaLike;
  readonly result: SchemaLike;
  /** Every field the input may carry (across a union's members): what a matcher may name. */
  readonly inputFields: readonly string[];
  readonly pinned: readonly string[];
  /** Pinned fields whose very key a hook may not add where the engine left it out. */
  readonly pinnedKeys: readonly string[];
  readonly engine: readonly string[];
  /** Pinned and engine fields together. */
  readonly fixed: ReadonlySet<string>;
  /** The fields a hook may rewrite, each with its value test. */
  readonly free: ReadonlyMap<string, (value: unknown) => boolean>;
  /** Rewritable fields that may not be left out of `next(e)`. */
  readonly required: readonly string[];
  /** Run the whole input schema after a rewrite (object-level refinements, unions). */
  readonly wholeCheck: boolean;
  /** The refusal form the event allows, if any. */
  readonly refusal: "drop" | "deny" | undefined;
  /** The result carries `context` that `next`'s answer owns (entries after it are not attached). */
  readonly resultContext: boolean;
  /** Result fields that must be the value the hook received, when present. */
  readonly resultEcho: readonly string[];
  /** The compiled check of an event passed to `next` (see {@link compileRewriteCheck}). */
  readonly checkRewrite: RewriteCheck;
}

/**
 * Checks the event a hook passes down (`next(e)`) against the engine's snapshot of the input (see
 * `chainSnapshot`), whether the hook passed a new object or edited the one it received in
 * place: pinned fields left out are put back and changed ones refused, and the event beneath
 * carries the snapshot's own (frozen) pinned values; engine fields are silently restored to the
 * engine's values; rewritten fields must pass their schema; required fields may not be left out;
 * a field the input does not have is refused. Returns the event the hooks beneath read (the
 * received one when `next` got nothing or that very object; otherwise, for an event whose fields
 * are all known, a fresh plain object of the accepted fields), or `undefined` when it is refused
 * (then {@link RewriteCheck.refusal} says why).
 */
export interface RewriteCheck {
  (received: Event, passed: unknown, engineInput: Event): Event | undefined;
  /** Why the last refused call was refused. */
  refusal(): Refusal;
  /** Records a refusal found outside the check (an unreadable event); returns undefined. */
  refuse(reason: string): undefined;
}
