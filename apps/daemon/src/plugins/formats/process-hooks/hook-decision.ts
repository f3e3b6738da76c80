import type { HookProcessResult } from "./run-hook-process.js";

/** The most characters of context a hook may add (Claude Code's own cap). */
export const HOOK_CONTEXT_MAX_CHARS = 10_000;

/**
 * A PreToolUse hook's say in the permission gate: `ask` (the person is asked even where a rule
 * would let the call run) or `allow` (the gate does not ask; an operator's deny rule still holds).
 * A `deny` is a {@link HookDecision.block}.
 */
export interface HookPermission {
  readonly decision: "allow" | "ask";
  /** `permissionDecisionReason` (or the older `reason`), when the hook gave one. */
  readonly reason?: string;
}

/** The most characters of a permission decision's reason that are kept (ours). */
export const PERMISSION_REASON_MAX_CHARS = 500;

/** What a command hook decided, read from its exit code and output (Claude Code's protocol). */
export interface HookDecision {
  /** Block the action (exit code 2, `decision: "block"`, `permissionDecision: "deny"`), with why. */
  readonly block?: string;
  /**
   * `hookSpecificOutput.permissionDecision` `allow` / `ask` of a PreToolUse hook, or the older
   * top-level `decision: "approve"` (an allow). The newer field wins over the older one, and any
   * block wins over an allow or ask.
   */
  readonly permission?: HookPermission;
  /** Text for the model (`additionalContext`, or plain stdout of a context event). */
  readonly additionalContext?: string;
  /** `updatedInput` of a PreToolUse hook: tool arguments rewritten. */
  readonly updatedInput?: unknown;
  /** Why nothing was decided: the process failed, timed out or printed something unreadable. */
  readonly failure?: string;
}

/**
 * Reads a finished hook process: exit code 2 blocks with stderr as the reason; exit code 0 with a
 * JSON object on stdout may block, deny, allow, ask, add context or update input; exit code 0 with plain
 * stdout adds it as context for events whose stdout is context (UserPromptSubmit, SessionStart);
 * any other exit code is a non-blocking failure. A timed-out process decides nothing.
 */
export function readHookDecision(
  result: HookProcessResult,
  plainStdoutIsContext: boolean,
): HookDecision {
  if (result.startError !== undefined) return { failure: `could not start: ${result.startError}` };
  if (result.timedOut) return { failure: "killed: its budget was spent" };
  if (result.exitCode === 2) return { block: result.stderr.trim() || "blocked by a hook" };
  if (result.exitCode !== 0)
    return { failure: `exited ${result.exitCode}: ${result.stderr.trim().slice(0, 500)}` };
  const text = result.stdout.trim();
  if (text === "") return {};
  if (!text.startsWith("{")) return plainStdoutIsContext ? { additionalContext: clamp(text) } : {};
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { failure: "printed output that starts like JSON but is not" };
  }
  return fromJson(json);
}

function fromJson(json: Record<string, unknown>): HookDecision {
  const specific = (json.hookSpecificOutput ?? {}) as Record<string, unknown>;
  const reason = (value: unknown) =>
    typeof value === "string" && value.trim() !== "" ? value : "blocked by a hook";
  const context = specific.additionalContext;
  const decision: { -readonly [K in keyof HookDecision]: HookDecision[K] } = {};
  if (specific.permissionDecision === "deny")
    decision.block = reason(specific.permissionDecisionReason);
  else if (json.decision === "block" || json.continue === false)
    decision.block = reason(json.reason ?? json.stopReason);
  else if (specific.permissionDecision === "allow" || specific.permissionDecision === "ask")
    decision.permission = permission(
      specific.permissionDecision,
      specific.permissionDecisionReason,
    );
  else if (specific.permissionDecision === undefined && json.decision === "approve")
    decision.permission = permission("allow", json.reason);
  if (typeof context === "string" && context.trim() !== "")
    decision.additionalContext = clamp(context);
  if (specific.updatedInput !== undefined) decision.updatedInput = specific.updatedInput;
  return decision;
}

function permission(decision: "allow" | "ask", reason: unknown): HookPermission {
  return typeof reason === "string" && reason.trim() !== ""
    ? { decision, reason: reason.trim().slice(0, PERMISSION_REASON_MAX_CHARS) }
    : { decision };
}

function clamp(text: string): string {
  return text.length > HOOK_CONTEXT_MAX_CHARS ? text.slice(0, HOOK_CONTEXT_MAX_CHARS) : text;
}
