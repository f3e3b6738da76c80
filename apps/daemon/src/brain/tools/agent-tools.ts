import type { AgentTool } from "@mariozechner/pi-agent-core";
import type { TSchema } from "@mariozechner/pi-ai";
import { gatedCall } from "./gated-call.js";
import type { ToolDef } from "./tool-def.js";
import type { ToolScope } from "./tool-scope.js";

/**
 * The turn's tools as the agent loop runs them: each model-issued call goes through
 * {@link gatedCall}. pi-agent-core has no error flag on a returned result (it reads a throw as the
 * error), so `errors` records which calls ended as errors for `afterToolCall` to set it, keeping
 * the approval records a thrown error would lose.
 */
export function agentTools(
  scope: ToolScope,
  tools: readonly ToolDef[],
  errors: Map<string, boolean>,
): AgentTool[] {
  return tools.map((tool) => ({
    name: tool.name,
    label: tool.label,
    description: tool.description,
    parameters: tool.parameters as unknown as TSchema,
    ...(tool.executionMode === undefined ? {} : { executionMode: tool.executionMode }),
    async execute(toolCallId, params, signal, onUpdate) {
      const result = await gatedCall(scope, tool, {
        callId: toolCallId,
        args: params,
        nested: false,
        signal: signal ?? scope.signal,
        onUpdate: (partial) =>
          onUpdate?.({ content: [...partial.content], details: partial.details ?? {} }),
      });
      errors.set(toolCallId, result.isError === true);
      return { content: [...result.content], details: result.details ?? {} };
    },
  }));
}
