import {
  HOOK_BUDGETS_MS,
  HOOK_DEFAULT_BUDGET_MS,
  type PluginContext,
  type PluginMutation,
} from "@elowen/plugin-api";
import type { ForeignHook, ForeignPlugin, MappedHookEvent } from "../foreign-plugin.js";
import { type HookDecision, readHookDecision } from "./hook-decision.js";
import { runHookProcess } from "./run-hook-process.js";

/** The most bytes of a Stop hook's reason that go to the model (RUN_BOUNDARY's message cap). */
const STOP_REASON_MAX_CHARS = 1000;
/** The most characters of a denial reason (DenyToolCallSchema's cap). */
const DENY_REASON_MAX_CHARS = 2000;

/** What process hooks need from the host. */
export interface ProcessHookHost {
  /** The folder hooks run in and see as `cwd` and `CLAUDE_PROJECT_DIR`. */
  readonly cwd: string;
  /** Records a decision dropped because the operator did not grant its capability. */
  readonly dropped: (plugin: string, capability: PluginMutation, action: string) => void;
}

/** A foreign plugin's hooks with what they are granted. */
interface HookSet {
  readonly plugin: ForeignPlugin;
  readonly granted: ReadonlySet<PluginMutation>;
  readonly host: ProcessHookHost;
  readonly ctx: PluginContext;
}

/**
 * Registers a Claude Code plugin's command hooks at our lifecycle points: PreToolUse on
 * `tools.call.before` (a block denies the call, with `tools`), PostToolUse on `tools.call.after`,
 * Stop / SubagentStop on `brain.run.beforeSettle` (a block asks for one more run, with
 * `runBoundary`), SessionStart on `brain.session.afterSpawn` and UserPromptSubmit on the turn's
 * context (their context reaches the model with `turnContext`), SessionEnd on `plugin.shutdown`.
 * Each process runs under the point's budget (and its own `timeout` when shorter), is killed when
 * it is spent, and fails open; the hook bus audits each run and drops ungranted patches.
 */
export function registerProcessHooks(set: HookSet): void {
  const { ctx, plugin } = set;
  const byEvent = (event: MappedHookEvent) => plugin.hooks.filter((h) => h.event === event);
  for (const hook of byEvent("PreToolUse")) {
    ctx.registerHook({
      name: "tools.call.before",
      run: async (payload, { signal }) => {
        if (!matches(hook, payload.toolName)) return undefined;
        const decision = await runOne(set, hook, signal, HOOK_BUDGETS_MS["tools.call.before"], {
          ...base(set, payload.sessionId, hook.event),
          tool_name: payload.toolName,
          tool_input: payload.args,
          tool_use_id: payload.toolCallId,
        });
        if (decision.block !== undefined)
          return {
            patch: { denyToolCall: { reason: decision.block.slice(0, DENY_REASON_MAX_CHARS) } },
            audit: `PreToolUse denies ${payload.toolName}`,
          };
        if (decision.updatedInput !== undefined)
          return {
            audit:
              "PreToolUse updatedInput is not honoured: tools.call.before cannot rewrite arguments",
          };
        return decision.failure === undefined
          ? undefined
          : { audit: `PreToolUse ${decision.failure}` };
      },
    });
  }
  for (const hook of byEvent("PostToolUse")) {
    ctx.registerHook({
      name: "tools.call.after",
      run: async (payload, { signal }) => {
        if (!matches(hook, payload.toolName)) return undefined;
        const decision = await runOne(set, hook, signal, HOOK_BUDGETS_MS["tools.call.after"], {
          ...base(set, payload.sessionId, hook.event),
          tool_name: payload.toolName,
          tool_input: payload.args,
          tool_response: { text: payload.text, isError: payload.isError },
        });
        const unhonoured = decision.block ?? decision.additionalContext;
        return unhonoured === undefined
          ? decision.failure === undefined
            ? undefined
            : { audit: `PostToolUse ${decision.failure}` }
          : { audit: "PostToolUse decisions are not honoured: the tool already ran" };
      },
    });
  }
  registerStopHooks(set, byEvent("Stop"), false);
  registerStopHooks(set, byEvent("SubagentStop"), true);
  registerContextHooks(set, byEvent("SessionStart"), byEvent("UserPromptSubmit"));
  for (const hook of byEvent("SessionEnd")) {
    ctx.registerHook({
      name: "plugin.shutdown",
      run: async (payload, { signal }) => {
        await runOne(set, hook, signal, HOOK_DEFAULT_BUDGET_MS, {
          ...base(set, "", hook.event),
          reason: payload.reason === "signal" ? "other" : "logout",
        });
        return undefined;
      },
    });
  }
}

function registerStopHooks(set: HookSet, hooks: readonly ForeignHook[], subagent: boolean): void {
  for (const hook of hooks) {
    set.ctx.registerHook({
      name: "brain.run.beforeSettle",
      run: async (payload, { signal }) => {
        if ((payload.agentId !== undefined) !== subagent) return undefined;
        const decision = await runOne(
          set,
          hook,
          signal,
          HOOK_BUDGETS_MS["brain.run.beforeSettle"],
          {
            ...base(set, payload.sessionId, hook.event),
            stop_hook_active: payload.continuationsUsed > 0,
          },
        );
        if (decision.block === undefined || !payload.continuationAllowed)
          return decision.failure === undefined
            ? undefined
            : { audit: `${hook.event} ${decision.failure}` };
        const text = decision.block.slice(0, STOP_REASON_MAX_CHARS);
        return {
          patch: { boundary: { entries: [{ kind: "message", text }], continue: true } },
          audit: `${hook.event} asks for one more run`,
        };
      },
    });
  }
}

/**
 * SessionStart runs when a session is spawned and keeps its context for the session's next turn;
 * UserPromptSubmit runs as the turn's context is composed. Both reach the model after the user's
 * words, only with `turnContext` granted (else they are audited as dropped). A block from
 * UserPromptSubmit is not honoured: the prompt was accepted before context is composed.
 */
function registerContextHooks(
  set: HookSet,
  sessionStart: readonly ForeignHook[],
  promptSubmit: readonly ForeignHook[],
): void {
  const { ctx, plugin, granted, host } = set;
  const pending = new Map<string, string[]>();
  const keep = (sessionId: string, text: string | undefined) => {
    if (text === undefined) return;
    if (!granted.has("turnContext"))
      return host.dropped(plugin.name, "turnContext", "additionalContext");
    pending.set(sessionId, [...(pending.get(sessionId) ?? []), text]);
  };
  for (const hook of sessionStart) {
    ctx.registerHook({
      name: "brain.session.afterSpawn",
      run: async (payload, { signal }) => {
        const decision = await runOne(set, hook, signal, HOOK_DEFAULT_BUDGET_MS, {
          ...base(set, payload.sessionId, hook.event),
          source: "startup",
        });
        keep(payload.sessionId, decision.additionalContext);
        return decision.failure === undefined
          ? undefined
          : { audit: `SessionStart ${decision.failure}` };
      },
    });
  }
  if (sessionStart.length === 0 && promptSubmit.length === 0) return;
  ctx.registerTurnContext(async ({ sessionId, text, signal }) => {
    const decisions = await Promise.all(
      promptSubmit.map((hook) =>
        runOne(set, hook, signal, HOOK_DEFAULT_BUDGET_MS, {
          ...base(set, sessionId, hook.event),
          prompt: text,
        }),
      ),
    );
    for (const decision of decisions) {
      if (decision.failure) ctx.log.warn(`UserPromptSubmit hook ${decision.failure}`);
      if (decision.block)
        ctx.log.warn(
          `UserPromptSubmit block is not honoured (the prompt was accepted): ${decision.block}`,
        );
      keep(sessionId, decision.additionalContext);
    }
    const texts = pending.get(sessionId) ?? [];
    pending.delete(sessionId);
    return texts.length === 0 ? undefined : { text: texts.join("\n\n"), placement: "after-user" };
  });
}

function matches(hook: ForeignHook, toolName: string): boolean {
  return hook.matcher === undefined || new RegExp(`^(?:${hook.matcher})$`).test(toolName);
}

function base(set: HookSet, sessionId: string, event: MappedHookEvent) {
  return { session_id: sessionId, transcript_path: "", cwd: set.host.cwd, hook_event_name: event };
}

async function runOne(
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
