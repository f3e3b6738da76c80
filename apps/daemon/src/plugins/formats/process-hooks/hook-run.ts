import type { PluginContext, PluginMutation } from "@elowen/plugin-api";
import type { CallPermission } from "../../registries/call-permissions.js";
import type { ForeignHook, ForeignPlugin, MappedHookEvent } from "../foreign-plugin.js";
import { type HookDecision, readHookDecision } from "./hook-decision.js";
import { runHookProcess } from "./run-hook-process.js";

/** What process hooks need from the host. */
export interface ProcessHookHost {
  /** The folder hooks run in and see as `cwd` and `CLAUDE_PROJECT_DIR`. */
  readonly cwd: string;
  /** Records a decision dropped because the operator did not grant its capability. */
  readonly dropped: (plugin: string, capability: PluginMutation, action: string) => void;
  /** Hands a PreToolUse hook's honoured `allow` / `ask` to the permission gate of that call. */
  readonly permission: (sessionId: string, toolCallId: string, permission: CallPermission) => void;
}

/** A foreign plugin's hooks with what they are granted. */
export interface HookSet {
  readonly plugin: ForeignPlugin;
  readonly granted: ReadonlySet<PluginMutation>;
  readonly host: ProcessHookHost;
  readonly ctx: PluginContext;
}

/**
 * Whether `capability` was granted; when not, the dropped `action` is recorded in the capability
 * audit, so a decision the operator did not allow is never silently lost.
 */
export function honours(set: HookSet, capability: PluginMutation, action: string): boolean {
  if (set.granted.has(capability)) return true;
  set.host.dropped(set.plugin.name, capability, action);
  return false;
}

/** The fields of Claude Code's hook input every event has. */
export function hookInput(set: HookSet, sessionId: string, event: MappedHookEvent) {
  return { session_id: sessionId, transcript_path: "", cwd: set.host.cwd, hook_event_name: event };
}

/**
 * Runs one command hook under `budgetMs` (or its own shorter `timeout`) and reads its decision;
 * a failure is logged and decides nothing (fail open).
 */
export async function runOne(
  set: HookSet,
  hook: ForeignHook,
  signal: AbortSignal,
  budgetMs: number,
  input: Record<string, unknown>,
): Promise<HookDecision> {
  const own = hook.timeoutSeconds === undefined ? budgetMs : hook.timeoutSeconds * 1000;
  const result = await runHookProcess({
    command: hook.command,
    input,
    cwd: set.host.cwd,
    env: { CLAUDE_PLUGIN_ROOT: set.plugin.dir, CLAUDE_PROJECT_DIR: set.host.cwd },
    timeoutMs: Math.min(own, budgetMs),
    signal,
  });
  const decision = readHookDecision(
    result,
    hook.event === "UserPromptSubmit" || hook.event === "SessionStart",
  );
  if (decision.failure)
    set.ctx.log.warn(`${hook.event} hook "${hook.command}" ${decision.failure}; it fails open`);
  return decision;
}
