import { APPEND_RESULT_MAX_CHARS } from "@elowen/plugin-api/hooks";
import { HOOK_BUDGETS_MS, HOOK_DEFAULT_BUDGET_MS } from "@elowen/plugin-api/limits";
import type { ForeignHook, MappedHookEvent } from "../foreign-plugin.js";
import { registerPromptSubmitHooks, registerSessionStartHooks } from "./context-hooks.js";
import type { HookDecision } from "./hook-decision.js";
import { hookInput as base, type HookSet, honours, runOne } from "./hook-run.js";

/** The most bytes of a Stop hook's reason that go to the model (RUN_BOUNDARY's message cap). */
const STOP_REASON_MAX_CHARS = 1000;
/** The most characters of a denial reason (DenyToolCallSchema's cap). */
const DENY_REASON_MAX_CHARS = 2000;

/**
 * Registers a Claude Code plugin's command hooks at our lifecycle points: PreToolUse on
 * `tools.call.before` (a block denies the call, `updatedInput` replaces its arguments, and a
 * `permissionDecision` `ask` or `allow` goes to the call's permission gate, with `tools`), PostToolUse on `tools.call.after` (a block's reason and `additionalContext` follow the
 * result the model reads, with `tools`), Stop / SubagentStop on `brain.run.beforeSettle` (a block
 * asks for one more run, with `runBoundary`), SessionStart on `brain.session.afterSpawn` and
 * UserPromptSubmit on `prompt.submit` (a block drops the prompt, context reaches the model, with
 * `turnContext`), SessionEnd on `plugin.shutdown`.
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
        const said = signal.aborted ? undefined : permissionOf(set, payload, decision);
        if (decision.updatedInput !== undefined)
          return {
            patch: { updateArgs: { args: decision.updatedInput } },
            audit: [
              `PreToolUse rewrites the input of ${payload.toolName}: ${clip(JSON.stringify(decision.updatedInput))}`,
              ...(said === undefined ? [] : [said]),
            ].join("; "),
          };
        if (said !== undefined) return { audit: `PreToolUse ${said}` };
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
        const text = [decision.block, decision.additionalContext]
          .filter((t): t is string => t !== undefined)
          .join("\n\n");
        if (text === "")
          return decision.failure === undefined
            ? undefined
            : { audit: `PostToolUse ${decision.failure}` };
        return {
          patch: {
            appendResult: {
              text: `${hook.event} hook of ${set.plugin.name}: ${text}`.slice(
                0,
                APPEND_RESULT_MAX_CHARS,
              ),
            },
          },
          audit: `PostToolUse ${decision.block === undefined ? "adds context to" : "blocks"} the result of ${payload.toolName}`,
        };
      },
    });
  }
  registerStopHooks(set, byEvent("Stop"), false);
  registerStopHooks(set, byEvent("SubagentStop"), true);
  registerSessionStartHooks(set, byEvent("SessionStart"));
  registerPromptSubmitHooks(set, byEvent("UserPromptSubmit"));
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
 * Hands a PreToolUse `allow` / `ask` to the permission gate of the call when the plugin was granted
 * `tools` (else it is audited as dropped); returns what the audit says of it.
 */
function permissionOf(
  set: HookSet,
  call: { readonly sessionId: string; readonly toolCallId: string; readonly toolName: string },
  decision: HookDecision,
): string | undefined {
  const permission = decision.permission;
  if (permission === undefined) return undefined;
  if (!honours(set, "tools", `PreToolUse permissionDecision ${permission.decision}`))
    return undefined;
  set.host.permission(call.sessionId, call.toolCallId, { plugin: set.plugin.name, ...permission });
  return permission.decision === "ask"
    ? `asks the person before ${call.toolName} runs`
    : `lets ${call.toolName} run without asking`;
}

function clip(text: string | undefined): string {
  return text === undefined || text.length <= 200 ? String(text) : `${text.slice(0, 200)}…`;
}

function matches(hook: ForeignHook, toolName: string): boolean {
  return hook.matcher === undefined || new RegExp(`^(?:${hook.matcher})$`).test(toolName);
}
