import {
  errorResult,
  type PluginTool,
  type ToolCallContext,
  type ToolResult,
} from "@elowen/plugin-api/tools";
import type { ToolTraceRecord } from "@elowen/plugin-api/trace";
import { errorMessage } from "@elowen/plugin-shared/errors";
import { z } from "zod";
import type { Cell } from "../cell/cell.js";
import { reportText } from "../cell/report-text.js";
import { EXEC_TOOL_NAME, MAX_CELL_ID_CHARS, MAX_SCRIPT_CHARS, WAIT_TOOL_NAME } from "../limits.js";
import type { ResolvedCodeModeOptions } from "../options.js";
import type { CellRegistry } from "./cell-registry.js";
import { execDescription, WAIT_DESCRIPTION } from "./descriptions.js";

/** What code mode puts in `details` of an exec or wait result (it never reaches the model). */
export interface CodeModeResultDetails {
  readonly [key: string]: unknown;
  /** The records of this cell not reported before, for the host to draw in place of this call's row. */
  readonly toolTrace?: readonly ToolTraceRecord[];
  /** `false` for every wait and every exec that did not fail: the call draws no row of its own. */
  readonly ownRow?: false;
  readonly cellId?: string;
  readonly cellState?: "running" | "completed" | "failed";
}

/** exec's arguments. */
export const ExecArgumentsSchema = z.strictObject({
  script: z
    .string({ error: "script must be a string of JavaScript" })
    .min(1, { error: "script must not be empty" })
    .max(MAX_SCRIPT_CHARS, {
      error: `script must be at most ${MAX_SCRIPT_CHARS} characters`,
    })
    .describe(
      "JavaScript to run; top-level await and return work. Call tools as await tools.Name({ ... }).",
    ),
});

/** wait's arguments. */
export const WaitArgumentsSchema = z.strictObject({
  cellId: z
    .string({ error: "cellId must be a string, as an exec result names it" })
    .min(1, { error: "cellId must not be empty" })
    .max(MAX_CELL_ID_CHARS, { error: `cellId must be at most ${MAX_CELL_ID_CHARS} characters` })
    .optional()
    .describe(
      "The cell to return to, as the exec result named it; the latest running one if omitted.",
    ),
});

const problem = (tool: string, error: z.ZodError) =>
  `${tool}: ${error.issues.map((issue) => (issue.code === "unrecognized_keys" ? `unknown argument ${issue.keys.map((k) => JSON.stringify(k)).join(", ")}` : issue.message)).join("; ")}`;

/** Everything the two wrapper tools share for one composition. */
export interface WrapperContext {
  readonly cells: CellRegistry;
  readonly options: ResolvedCodeModeOptions;
  readonly toolDocs: readonly string[];
}

/** The exec and wait tools of one composition. */
export function wrapperTools(context: WrapperContext): PluginTool[] {
  const { cells, options } = context;
  const exec: PluginTool<typeof ExecArgumentsSchema> = {
    name: EXEC_TOOL_NAME,
    label: "Run script",
    description: execDescription(context.toolDocs, options),
    parameters: ExecArgumentsSchema,
    async execute(args, call) {
      const parsed = ExecArgumentsSchema.safeParse(args);
      if (!parsed.success) return errorResult(problem(EXEC_TOOL_NAME, parsed.error));
      let cell: Cell;
      try {
        cell = await cells.launch(parsed.data.script);
      } catch (error) {
        return errorResult(`${EXEC_TOOL_NAME}: the cell could not start: ${errorMessage(error)}`);
      }
      await cell.waitFor(options.yieldAfterMs, call.signal);
      return report(cell, call, "exec", options);
    },
  };
  const wait: PluginTool<typeof WaitArgumentsSchema> = {
    name: WAIT_TOOL_NAME,
    label: "Wait for script",
    description: WAIT_DESCRIPTION,
    parameters: WaitArgumentsSchema,
    async execute(args, call) {
      const parsed = WaitArgumentsSchema.safeParse(args ?? {});
      if (!parsed.success)
        return errorResult(problem(WAIT_TOOL_NAME, parsed.error), { ownRow: false });
      let cell: Cell;
      try {
        cell = cells.pick(parsed.data.cellId);
      } catch (error) {
        return errorResult(`${WAIT_TOOL_NAME}: ${errorMessage(error)}`, { ownRow: false });
      }
      await cell.waitFor(options.yieldAfterMs, call.signal);
      return report(cell, call, "wait", options);
    },
  };
  return [exec, wait] as PluginTool[];
}

function report(
  cell: Cell,
  call: ToolCallContext,
  kind: "exec" | "wait",
  options: ResolvedCodeModeOptions,
): ToolResult<CodeModeResultDetails> {
  const report = cell.takeReport(options.maxImagesPerReport);
  const toolTrace = cell.sink.drain(call.toolCallId);
  const failed = report.state === "failed";
  const details: CodeModeResultDetails = {
    toolTrace,
    cellId: report.cellId,
    cellState: report.state,
    // A failed exec keeps its own row, so that the error has somewhere to live.
    ...(failed && kind === "exec" ? {} : { ownRow: false as const }),
  };
  return {
    content: [{ type: "text", text: reportText(report) }, ...report.images],
    details,
    ...(failed ? { isError: true } : {}),
  };
}
