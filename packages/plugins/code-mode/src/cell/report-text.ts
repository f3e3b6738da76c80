import { formatDuration } from "@elowen/plugin-shared/duration";
import { WAIT_TOOL_NAME } from "../limits.js";
import type { CellReport } from "./cell.js";

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** `tools.Read ×2, tools.Bash (failed)`: names in order, repeats folded. */
function callList(calls: readonly { readonly name: string; readonly ok?: boolean }[]): string {
  const counts = new Map<string, number>();
  for (const call of calls) {
    const key = `tools.${call.name}${call.ok === false ? " (failed)" : ""}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, n]) => (n === 1 ? key : `${key} ×${n}`)).join(", ");
}

/**
 * The model-facing text of a report: one status line, then the console output and the result (or
 * the error), each under its own heading. A running cell's report says how to return to it.
 */
export function reportText(report: CellReport): string {
  const elapsed = formatDuration(report.elapsedMs);
  const calls = plural(report.calls, "tool call");
  const lines: string[] = [];
  if (report.state === "running") {
    lines.push(`Cell ${report.cellId} is still running after ${elapsed} (${calls} so far).`);
  } else if (report.state === "completed") {
    lines.push(`Cell ${report.cellId} finished in ${elapsed} (${calls}).`);
  } else {
    lines.push(`Cell ${report.cellId} failed after ${elapsed} (${calls}).`);
  }
  if (report.finished.length > 0 && report.state === "running") {
    lines.push(`Finished since the last report: ${callList(report.finished)}.`);
  }
  if (report.running.length > 0) {
    const what = report.state === "running" ? "Running" : "Still running, not awaited";
    lines.push(`${what}: ${callList(report.running.map((name) => ({ name })))}.`);
  }
  if (report.imagesOmitted > 0) {
    lines.push(`${plural(report.imagesOmitted, "more image")} of nested results not attached.`);
  }
  const sections = [lines.join("\n")];
  if (report.console !== "") sections.push(`Console:\n${report.console.replace(/\n$/, "")}`);
  if (report.error !== undefined) sections.push(`Error:\n${report.error}`);
  if (report.value !== undefined) sections.push(`Result:\n${report.value}`);
  if (report.state === "running") {
    sections.push(
      `Call ${WAIT_TOOL_NAME}({ cellId: "${report.cellId}" }) to keep waiting for this cell.`,
    );
  }
  return sections.join("\n\n");
}
