import type { PluginTool } from "@elowen/plugin-api/tools";
import { TOOL_NAME_PATTERN } from "@elowen/plugin-api/tools";
import type { CodeModeComposition, CodeModeCompositionRequest } from "@elowen/plugin-api/trace";
import { errorMessage } from "@elowen/plugin-shared/errors";
import { runInCall } from "../../plugins/call-scope/call-scope.js";
import { inputJsonSchema } from "../tools/input-json-schema.js";
import { pluginToolDef } from "../tools/plugin-tools.js";
import type { ToolDef } from "../tools/tool-def.js";
import { turnScopeOf } from "../tools/tool-scope.js";
import type { BrainContext, ComposedTools } from "../turn/brain-context.js";
import type { OpenedTurn } from "../turn/turn-plan.js";
import type { TurnProgress } from "../turn/turn-progress.js";
import { nestedTool } from "./nested-tools.js";
import { turnTrace } from "./turn-trace.js";

function wrapperDefs(
  plugin: string,
  tools: readonly PluginTool[],
  reader: ((name: string, partial: string) => string | undefined) | undefined,
  taken: Set<string>,
  log: (message: string) => void,
): ToolDef[] {
  const out: ToolDef[] = [];
  for (const tool of tools) {
    if (!TOOL_NAME_PATTERN.test(tool.name) || taken.has(tool.name)) {
      log(`code mode's ${tool.name} tool is left out: its name is invalid or already offered`);
      continue;
    }
    try {
      const parametersJsonSchema = inputJsonSchema(tool.parameters);
      out.push(pluginToolDef({ plugin, tool, parametersJsonSchema }, reader));
      taken.add(tool.name);
    } catch (error) {
      log(`code mode's ${tool.name} tool is left out: ${errorMessage(error)}`);
    }
  }
  return out;
}

/**
 * The host composition of code mode (`CodeModeControl`, `CodeModeTraceSink`): the
 * control gets the turn's fully gated nested tools (model-only ones left out), a trace sink per
 * producer id from the turn's trace, and a signal aborted when the turn settles, so no cell
 * outlives its turn. Its wrapper tools join the surface and the direct tools it takes over are
 * withdrawn (model-only tools always stay). An absent, ineligible or failing control leaves the
 * direct surface as it was.
 */
export async function composeCodeMode(
  brain: BrainContext,
  turn: OpenedTurn,
  progress: TurnProgress,
  tools: ToolDef[],
): Promise<ComposedTools> {
  const { host } = brain;
  const owned = host.registry.codeMode;
  if (!owned || !turn.filter(owned.plugin)) return { tools };
  const trace = turnTrace(turn, progress);
  const controller = new AbortController();
  const stop = () => controller.abort();
  turn.controller.signal.addEventListener("abort", stop, { once: true });
  progress.cleanups.push(() => {
    turn.controller.signal.removeEventListener("abort", stop);
    stop();
  });
  const request: CodeModeCompositionRequest = {
    sessionId: turn.sessionId,
    turnId: turn.turnId,
    userId: turn.access.userId,
    tools: tools.filter((t) => !t.modelOnly).map((t) => nestedTool(turn, t, trace)),
    trace: (producerId) => trace.turn.trace(producerId),
    signal: controller.signal,
  };
  const scope = turnScopeOf(turn.toolScope);
  let composition: CodeModeComposition | undefined;
  try {
    composition = await runInCall({ access: turn.access, turn: scope }, () =>
      owned.value.compose(request),
    );
  } catch (error) {
    host.log(
      `code mode of ${owned.plugin} failed to compose; the direct tools stay: ${errorMessage(error)}`,
    );
    return { tools };
  }
  if (!composition) return { tools };
  const hidden = new Set(composition.hide ?? []);
  const direct = tools.filter((t) => t.modelOnly || t.direct || !hidden.has(t.name));
  const reader = owned.value.authoringReason?.bind(owned.value);
  const taken = new Set(direct.map((t) => t.name));
  return {
    tools: [...direct, ...wrapperDefs(owned.plugin, composition.tools, reader, taken, host.log)],
    withdrawn: withdrawnReasons(owned.plugin, tools, direct),
  };
}

/** Why each tool code mode withdrew is not on the model's surface, for the "not found" log. */
function withdrawnReasons(
  plugin: string,
  tools: readonly ToolDef[],
  direct: readonly ToolDef[],
): Map<string, string> {
  const kept = new Set(direct.map((t) => t.name));
  const reasons = new Map<string, string>();
  for (const tool of tools)
    if (!kept.has(tool.name))
      reasons.set(
        tool.name,
        `code mode (${plugin}) offers it only inside exec scripts as tools.${tool.name}; its plugin (${tool.owner}) can keep it a direct model tool with direct: true`,
      );
  return reasons;
}
