/** The most calls with a pending hook permission decision that are kept (ours). */
export const CALL_PERMISSIONS_MAX = 1024;

/** A hook's say in one call's permission gate, with the plugin that said it. */
export interface CallPermission {
  readonly plugin: string;
  /** `ask`: the person is asked even where a rule lets the call run; `allow`: the gate does not ask. */
  readonly decision: "allow" | "ask";
  readonly reason?: string;
}

/**
 * Permission decisions that `tools.call.before` hooks of plugins granted `tools` made for a call
 * (a Claude Code PreToolUse hook's `permissionDecision`), held from the hook until the permission
 * gate takes them for that call. Of several decisions for one call, `ask` wins over `allow`
 * (Claude Code's precedence). Bounded: past CALL_PERMISSIONS_MAX calls the oldest is forgotten.
 */
export class CallPermissions {
  readonly #byCall = new Map<string, CallPermission>();

  /** Records `permission` for one call. */
  set(sessionId: string, toolCallId: string, permission: CallPermission): void {
    const key = keyOf(sessionId, toolCallId);
    const held = this.#byCall.get(key);
    if (held !== undefined && (held.decision === "ask" || permission.decision === "allow")) return;
    this.#byCall.set(key, permission);
    if (this.#byCall.size > CALL_PERMISSIONS_MAX) {
      const oldest = this.#byCall.keys().next().value;
      if (oldest !== undefined) this.#byCall.delete(oldest);
    }
  }

  /** The call's decision, if a hook made one; taken, so it decides that call alone. */
  take(sessionId: string, toolCallId: string): CallPermission | undefined {
    const key = keyOf(sessionId, toolCallId);
    const held = this.#byCall.get(key);
    this.#byCall.delete(key);
    return held;
  }

  /** How many calls hold a decision not yet taken. */
  get size(): number {
    return this.#byCall.size;
  }
}

function keyOf(sessionId: string, toolCallId: string): string {
  return `${sessionId}\u0000${toolCallId}`;
}
