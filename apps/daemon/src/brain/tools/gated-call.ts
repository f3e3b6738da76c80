import type { PermissionRecord } from "@elowen/plugin-api/questions";
import { errorResult, type ToolCallContext, type ToolResult } from "@elowen/plugin-api/tools";
import { errorMessage } from "@elowen/plugin-shared/errors";
import {
  expiredAnswers,
  parseAskQuestions,
  permissionRecord,
  runGated,
} from "@elowen/question-answer";
import { runInCall } from "../../plugins/call-scope/call-scope.js";
import { scopedSignal } from "../../plugins/call-scope/turn-scope.js";
import type { CallPermission } from "../../plugins/registries/call-permissions.js";
import type { ToolDef } from "./tool-def.js";
import { type ToolScope, turnScopeOf } from "./tool-scope.js";

/** One call through the gate: its id, checked arguments, and where its progress goes. */
export interface GatedCallRequest {
  readonly callId: string;
  readonly args: unknown;
  readonly nested: boolean;
  readonly signal: AbortSignal;
  onUpdate(partial: ToolResult): void;
}

function textOf(result: ToolResult): string {
  return result.content.flatMap((b) => (b.type === "text" ? [b.text] : [])).join("\n");
}

/**
 * The one path every tool call takes, direct or nested: argument check →
 * `tools.call.before` (a `denyToolCall` from a plugin granted `mutates: ["tools"]` refuses it; its
 * `updateArgs` replaces the arguments, checked again) → the permission gate (a tool the operator
 * set to `deny` never runs; a tool that asks, or any tool a granted hook said `ask` for:
 * `once | always | deny | expired`, recorded first in the result's `questionAnswer`; a granted
 * hook's `allow` skips the asking) → execute in
 * the turn's scope (a throw becomes an error result, an approved one still carrying its approval)
 * → `tools.call.after` (an `appendResult` from a plugin granted `tools` is added to the result).
 * Never rejects.
 */
export async function gatedCall(
  scope: ToolScope,
  tool: ToolDef,
  request: GatedCallRequest,
): Promise<ToolResult> {
  const checked = tool.check(request.args);
  if (!checked.ok) return errorResult(checked.message);
  const base = {
    sessionId: scope.sessionId,
    toolCallId: request.callId,
    toolName: tool.name,
    args: checked.value,
    nested: request.nested,
    ...(scope.agentId === undefined ? {} : { agentId: scope.agentId }),
  };
  const verdict = await scope.hooks.emitToolCallBefore(base);
  // Taken whatever happens next, so a hook's allow or ask decides this call alone.
  const hooked = scope.callPermissions.take(scope.sessionId, request.callId);
  if (verdict.denial)
    return errorResult(
      `${tool.name} was denied by ${verdict.denial.pluginName}: ${verdict.denial.reason}`,
    );
  let args = checked.value;
  if (verdict.updatedArgs !== undefined) {
    const rewritten = tool.check(verdict.updatedArgs.args);
    if (!rewritten.ok)
      return errorResult(
        `${tool.name}: the arguments ${verdict.updatedArgs.pluginName} rewrote are not valid: ${rewritten.message}`,
      );
    args = rewritten.value;
  }
  const started = scope.monotonic();
  const execute = () => runTool(scope, tool, args, request);
  let result: ToolResult;
  if (tool.permission === "deny") {
    result = errorResult(
      `${tool.name} is refused by the operator's rule (brain.permissions: deny); it did not run.`,
    );
  } else if (hooked?.decision === "ask" || (tool.permission === "ask" && hooked === undefined)) {
    const permission = await decide(scope, tool, request, args, hooked);
    result = await runGated(permission, execute);
  } else {
    try {
      result = await execute();
    } catch (error) {
      result = errorResult(errorMessage(error));
    }
  }
  // Observational unless a plugin granted `tools` listens: then its `appendResult` is read by the
  // model after the result, and the turn waits for the handlers (their budget at most).
  const appends = await scope.hooks.emitToolCallAfter(
    Object.assign({}, base, {
      args,
      isError: result.isError === true,
      durationMs: scope.monotonic() - started,
      text: textOf(result),
    }),
  );
  if (appends.length === 0) return result;
  return {
    ...result,
    content: [...result.content, ...appends.map((a) => ({ type: "text" as const, text: a.text }))],
  };
}

async function decide(
  scope: ToolScope,
  tool: ToolDef,
  request: GatedCallRequest,
  args: unknown,
  hooked: CallPermission | undefined,
): Promise<PermissionRecord> {
  const summary = tool.summarize(args);
  // A hook that asks has the person asked even when a standing `always` would let the call run.
  const standing = hooked === undefined && scope.alwaysAllowed.has(tool.name);
  if (standing || !scope.interactive) {
    // A standing `always` of this session, or a session with nobody to ask (cron, worker).
    const record = permissionRecord({
      outcome: standing ? "always" : "expired",
      tool: tool.name,
      summary,
      ...(standing ? { scope: "session" as const } : {}),
    });
    if (record.ok) return record.value;
  }
  const record = await scope.asks.approve(
    { ...turnScope(scope), signal: request.signal },
    {
      callId: request.callId,
      tool: tool.name,
      summary,
      ...(hooked === undefined
        ? {}
        : { reason: `${hooked.plugin} asks${hooked.reason ? `: ${hooked.reason}` : ""}` }),
    },
    request.nested,
  );
  if (record.outcome === "always") scope.alwaysAllowed.add(tool.name);
  return record;
}

function turnScope(scope: ToolScope) {
  return {
    sessionId: scope.sessionId,
    turnId: scope.turnId,
    ...(scope.agentId === undefined ? {} : { agentId: scope.agentId }),
  };
}

async function runTool(
  scope: ToolScope,
  tool: ToolDef,
  args: unknown,
  request: GatedCallRequest,
): Promise<ToolResult> {
  // The call's access and turn, one scope for the tool and for its abort listeners.
  const call = { access: scope.access, turn: turnScopeOf(scope) };
  const enter = (fn: () => void) => runInCall(call, fn);
  const context: ToolCallContext & { nested: boolean } = {
    toolCallId: request.callId,
    sessionId: scope.sessionId,
    turnId: scope.turnId,
    ...(scope.agentId === undefined ? {} : { agentId: scope.agentId }),
    access: scope.access,
    // Abort listeners run in the call's own turn, so a last card emitted from one still lands.
    signal: scopedSignal(request.signal, enter),
    nested: request.nested,
    onUpdate: (partial) => request.onUpdate(partial),
    askUser: async (questions) => {
      const parsed = parseAskQuestions(questions);
      if (!parsed.ok) throw new TypeError(parsed.problem.message);
      if (!scope.interactive) return expiredAnswers(parsed.value);
      return scope.asks.ask(
        { ...turnScope(scope), signal: request.signal },
        tool.owner,
        parsed.value,
        request.callId,
      );
    },
    emitCard: (card) => scope.emitCard(card),
  };
  return runInCall(call, () => tool.run(args, context));
}
