/** A plugin the bus stopped calling because one of its hooks blocked the event loop. */
export interface QuarantinedPlugin {
  readonly pluginName: string;
  /** The lifecycle hook or chain event whose hook blocked. */
  readonly hook: string;
  /** How long the hook held the event loop, in ms. */
  readonly blockedMs: number;
  /** The budget it passed, in ms. */
  readonly budgetMs: number;
  /** Clock milliseconds when it was quarantined. */
  readonly at: number;
}

/**
 * The plugins in quarantine. A hook that holds the event loop (synchronous work: a long loop, a
 * huge JSON parse) past its budget stalls every session, and no promise budget can stop it; the
 * bus measures each hook's synchronous run and, past the budget, stops calling every hook of that
 * plugin until {@link Quarantine.release}. What it cannot do: interrupt the blocking run itself (an
 * in-process plugin shares the host's thread), or catch a loop that never returns.
 */
export class Quarantine {
  readonly #plugins = new Map<string, QuarantinedPlugin>();
  readonly #changed: () => void;

  constructor(changed: () => void) {
    this.#changed = changed;
  }

  /** How many plugins are in quarantine. */
  get size(): number {
    return this.#plugins.size;
  }

  /** True when `pluginName`'s hooks are not to be called. */
  has(pluginName: string): boolean {
    return this.#plugins.has(pluginName);
  }

  /** Puts a plugin in quarantine (the first block is the one kept). True when it was not yet. */
  add(record: QuarantinedPlugin): boolean {
    if (this.#plugins.has(record.pluginName)) return false;
    this.#plugins.set(record.pluginName, Object.freeze({ ...record }));
    this.#changed();
    return true;
  }

  /** Lets a plugin's hooks be called again. True when it was in quarantine. */
  release(pluginName: string): boolean {
    if (!this.#plugins.delete(pluginName)) return false;
    this.#changed();
    return true;
  }

  /** The plugins in quarantine, in the order they entered it. */
  list(): readonly QuarantinedPlugin[] {
    return [...this.#plugins.values()];
  }
}
