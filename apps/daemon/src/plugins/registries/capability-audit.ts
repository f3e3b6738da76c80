/** One capability decision worth an administrator's attention. */
export interface CapabilityAuditEntry {
  readonly at: number;
  readonly plugin: string;
  readonly capability: string;
  readonly action: string;
  readonly outcome: "dropped";
  readonly reason: string;
}

/** How many capability decisions are kept (ours). */
export const CAPABILITY_AUDIT_SIZE = 500;

/**
 * A ring buffer of mutations dropped because the operator did not consent to the capability
 * (`plugins.consent` in the config). Shown beside the hook audit to administrators.
 */
export class CapabilityAudit {
  readonly #entries: CapabilityAuditEntry[] = [];
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** Records a dropped mutation. */
  dropped(plugin: string, capability: string, action: string): void {
    this.#entries.push({
      at: this.#now(),
      plugin,
      capability,
      action,
      outcome: "dropped",
      reason: `the operator has not consented to ${plugin} mutating ${capability} (plugins.consent in elowen.yaml)`,
    });
    if (this.#entries.length > CAPABILITY_AUDIT_SIZE) this.#entries.shift();
  }

  /** The entries, oldest first. */
  entries(): readonly CapabilityAuditEntry[] {
    return [...this.#entries];
  }
}
