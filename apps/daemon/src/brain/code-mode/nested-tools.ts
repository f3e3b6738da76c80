import type { NestedTool } from "@elowen/plugin-api/trace";
import { gatedCall } from "../tools/gated-call.js";
import type { ToolDef } from "../tools/tool-def.js";
import type { OpenedTurn, TurnTrace } from "../turn/turn-plan.js";

/**
 * A turn's tool as a code-mode script calls it: fully gated (the same path as a direct call:
 * `tools.call.before`, the permission gate, answer records, `tools.call.after`), with the trace
 * row id as its call id, its progress routed to that row, and the turn's abort reaching it.
 */
export function nestedTool(turn: OpenedTurn, tool: ToolDef, trace: TurnTrace): NestedTool {
  return {
    name: tool.name,
    description: tool.description,
    parameters: tool.parameters,
    ...(tool.modelOnly ? { modelOnly: true } : {}),
    execute: (callId, args, signal) =>
      gatedCall(turn.toolScope, tool, {
        callId,
        args,
        nested: true,
        signal: signal ? AbortSignal.any([signal, turn.controller.signal]) : turn.controller.signal,
        onUpdate: (partial) => {
          trace.turn.update(callId, partial);
        },
      }),
  };
}
