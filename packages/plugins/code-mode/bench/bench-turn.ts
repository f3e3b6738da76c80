import { type PluginTool, type ToolCallContext, textResult } from "@elowen/plugin-api/tools";
import type { NestedTool } from "@elowen/plugin-api/trace";
import { ToolTraceTurn } from "@elowen/tool-trace";
import { type CodeModeHandle, createCodeModeControl } from "../src/control.js";

/** A trivial nested tool: the overhead around it is what the benchmarks measure. */
export const noop: NestedTool = {
  name: "Noop",
  description: "Answers ok.",
  parameters: { type: "object" },
  execute: async () => textResult("ok"),
};

let calls = 0;
const context = (): ToolCallContext => ({
  toolCallId: `toolu_${++calls}`,
  sessionId: "bench",
  turnId: "bench",
  access: {
    userId: null,
    role: null,
    isAdmin: false,
    isOwner: false,
    surface: "cli",
    allAccess: false,
    grants: [],
  },
  signal: new AbortController().signal,
  onUpdate: () => {},
  askUser: async () => [],
  emitCard: () => {},
});

/** One composed turn over the built package and a real tool-trace turn. */
export async function benchTurn(
  control: CodeModeHandle = createCodeModeControl({ warmWorkers: 1 }),
): Promise<{ exec(script: string): Promise<void>; control: CodeModeHandle; trace: ToolTraceTurn }> {
  let rows = 0;
  const trace = new ToolTraceTurn({ mintId: () => `row-${++rows}` });
  const composition = await control.compose({
    sessionId: "bench",
    turnId: "bench",
    userId: null,
    signal: new AbortController().signal,
    trace: (producerId) => trace.trace(producerId),
    tools: [noop],
  });
  const exec = composition?.tools.find((tool) => tool.name === "exec") as PluginTool | undefined;
  if (!exec) throw new Error("no exec tool");
  return {
    control,
    trace,
    async exec(script) {
      const result = await exec.execute({ script }, context());
      if (result.isError || result.details?.cellState !== "completed")
        throw new Error(`the bench cell did not complete: ${JSON.stringify(result.content)}`);
    },
  };
}
