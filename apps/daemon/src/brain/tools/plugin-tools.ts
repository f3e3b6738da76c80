import type { RegisteredTool } from "../../plugins/registries/tool-registry.js";
import { summarizeArguments, type ToolDef } from "./tool-def.js";

/**
 * A plugin's registered tool as the brain offers it: arguments checked with the plugin's zod
 * schema (the model reads its JSON Schema), permission `never` unless the tool asks for `ask`.
 */
export function pluginToolDef(
  entry: RegisteredTool,
  authoringReason?: (toolName: string, partialArguments: string) => string | undefined,
): ToolDef {
  const { tool } = entry;
  return {
    name: tool.name,
    label: tool.label ?? tool.name,
    description: tool.description,
    parameters: entry.parametersJsonSchema,
    owner: entry.plugin,
    permission: tool.permission ?? "never",
    ...(tool.reasonField === undefined ? {} : { reasonField: tool.reasonField }),
    ...(tool.executionMode === undefined ? {} : { executionMode: tool.executionMode }),
    ...(authoringReason === undefined ? {} : { authoringReason }),
    ...(tool.direct === true ? { direct: true } : {}),
    check(args) {
      const parsed = tool.parameters.safeParse(args);
      if (parsed.success) return { ok: true, value: parsed.data };
      const issues = parsed.error.issues
        .map((i) => `${i.path.join(".") || "(arguments)"}: ${i.message}`)
        .join("; ");
      return { ok: false, message: `Invalid arguments for ${tool.name}: ${issues}` };
    },
    summarize(args) {
      if (tool.summarize) {
        try {
          return tool.summarize(args as never);
        } catch {
          // A summary that throws falls back to the arguments themselves.
        }
      }
      return summarizeArguments(args);
    },
    run: (args, context) => tool.execute(args as never, context),
  };
}
