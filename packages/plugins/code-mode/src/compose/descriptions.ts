import { formatDuration } from "@elowen/plugin-shared/duration";
import { WAIT_TOOL_NAME } from "../limits.js";
import type { ResolvedCodeModeOptions } from "../options.js";

const MiB = 1024 * 1024;

/** What the model reads about exec: how scripts call tools, what comes back, the limits, the tools. */
export function execDescription(
  toolDocs: readonly string[],
  options: ResolvedCodeModeOptions,
): string {
  return `Runs a JavaScript script in a sandbox. The script calls this turn's tools as async functions:
const out = await tools.Name({ ...arguments }) resolves to the tool's text output; an error result throws a ToolError (its message says why; .tool and .text hold the tool name and its output). Run independent calls at once with Promise.all. Each call is shown to the person as its own row. When a tool takes a reason argument (Bash: description), write it first: the person sees it while you write.
Top-level await and return work. What the script returns (objects as JSON) and what it prints with console.log come back to you; images in tool results are attached to the report.
The sandbox has no require, import, process, file system or network: reach those only through tools. setTimeout is available.
A script still running after ${formatDuration(options.yieldAfterMs)} is reported as running, with what finished so far; call ${WAIT_TOOL_NAME} to return to it. A cell is stopped after ${formatDuration(options.cellTimeoutMs)}, when it computes for ${formatDuration(options.busyLimitMs)} without awaiting, or when it uses more than ${Math.round(options.memoryLimitBytes / MiB)} MiB.
Tools:
${toolDocs.join("\n")}`;
}

/** What the model reads about wait. */
export const WAIT_DESCRIPTION = `Returns to a script that was still running when exec (or an earlier wait) reported it, and reports what finished since: its console output, its result once it ends, and the tool calls still running. Pass the cellId the report named; without one, the latest running cell.`;
