/** How one hook invocation ended, as the audit buffer records it. */
export type HookAuditOutcome = "ok" | "timeout" | "error" | "patch-dropped";

/** One row of the hook audit: who ran, where, for how long, and how it ended. */
export interface HookAuditEntry {
  /** Clock milliseconds when the invocation ended (or was abandoned). */
  readonly at: number;
  readonly plugin: string;
  /** A lifecycle hook name or a chain event name. */
  readonly hook: string;
  readonly durationMs: number;
  readonly outcome: HookAuditOutcome;
  /** Why it failed or what was dropped, and the hook's own `audit` line. */
  readonly detail?: string;
  /** The hook's free-form `annotations`, as it returned them. */
  readonly annotations?: Readonly<Record<string, unknown>>;
}

/** How many rows the audit buffer keeps unless the bus is told otherwise (ours). */
export const HOOK_AUDIT_CAPACITY = 1000;

/**
 * A fixed-size ring of audit rows kept as parallel arrays, so recording a row allocates nothing.
 * The oldest rows are overwritten once it is full.
 */
export class AuditLog {
  readonly capacity: number;
  #next = 0;
  #size = 0;
  readonly #at: Float64Array;
  readonly #duration: Float64Array;
  readonly #plugin: string[];
  readonly #hook: string[];
  readonly #outcome: HookAuditOutcome[];
  readonly #detail: (string | undefined)[];
  readonly #annotations: (Readonly<Record<string, unknown>> | undefined)[];

  constructor(capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError(`auditCapacity must be a positive integer, received ${capacity}`);
    this.capacity = capacity;
    this.#at = new Float64Array(capacity);
    this.#duration = new Float64Array(capacity);
    this.#plugin = new Array<string>(capacity).fill("");
    this.#hook = new Array<string>(capacity).fill("");
    this.#outcome = new Array<HookAuditOutcome>(capacity).fill("ok");
    this.#detail = new Array<string | undefined>(capacity).fill(undefined);
    this.#annotations = new Array<Readonly<Record<string, unknown>> | undefined>(capacity).fill(
      undefined,
    );
  }

  /** Records one row, overwriting the oldest when full. */
  record(
    at: number,
    plugin: string,
    hook: string,
    durationMs: number,
    outcome: HookAuditOutcome,
    detail?: string,
    annotations?: Readonly<Record<string, unknown>>,
  ): void {
    const slot = this.#next;
    this.#at[slot] = at;
    this.#duration[slot] = Math.max(0, durationMs);
    this.#plugin[slot] = plugin;
    this.#hook[slot] = hook;
    this.#outcome[slot] = outcome;
    this.#detail[slot] = detail;
    this.#annotations[slot] = annotations;
    this.#next = slot + 1 === this.capacity ? 0 : slot + 1;
    if (this.#size < this.capacity) this.#size++;
  }

  /** The rows kept, oldest first. */
  read(): HookAuditEntry[] {
    const rows: HookAuditEntry[] = [];
    const start = this.#size < this.capacity ? 0 : this.#next;
    for (let i = 0; i < this.#size; i++) {
      const slot = (start + i) % this.capacity;
      const detail = this.#detail[slot];
      const annotations = this.#annotations[slot];
      rows.push({
        at: this.#at[slot] as number,
        plugin: this.#plugin[slot] as string,
        hook: this.#hook[slot] as string,
        durationMs: this.#duration[slot] as number,
        outcome: this.#outcome[slot] as HookAuditOutcome,
        ...(detail === undefined ? {} : { detail }),
        ...(annotations === undefined ? {} : { annotations }),
      });
    }
    return rows;
  }
}
