import type { CellFailureKind, CellLimits } from "./protocol.js";

const size = (bytes: number) =>
  bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${Math.round(bytes / 1024)} KiB`;

/**
 * The model-facing text of a cell that hit one of its limits: which limit, its value, and what to
 * do instead. Script errors keep the script's own message.
 */
export function describeLimitFailure(
  kind: Exclude<CellFailureKind, "script" | "internal">,
  limits: Pick<
    CellLimits,
    "busyLimitMs" | "cellTimeoutMs" | "memoryLimitBytes" | "stackLimitBytes"
  >,
  stopReason = "",
): string {
  switch (kind) {
    case "busy":
      return `the script computed for more than ${limits.busyLimitMs} ms without awaiting anything and was stopped (busy limit); break long loops up or move heavy work into a tool`;
    case "timeout":
      return `the cell ran for more than ${limits.cellTimeoutMs} ms, its wall-clock limit, and was stopped (cell timeout)`;
    case "memory":
      return `memory limit exceeded (${size(limits.memoryLimitBytes)}): the script needed more memory than a cell may hold and was stopped (memoryLimitBytes); keep less in memory at once or move heavy work into a tool`;
    case "stack":
      return `InternalError: stack overflow: the script recursed deeper than the ${size(limits.stackLimitBytes)} stack limit of a cell`;
    case "stopped":
      return stopReason || "the cell was stopped";
  }
}
