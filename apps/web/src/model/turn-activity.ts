import { toolActivityLabel, toolRowReason } from "@elowen/tool-trace";
import type { RowView, TurnView } from "./views.js";

/**
 * What a running turn is doing, in the words the CLI's spinner uses (the shared labels of
 * `@elowen/tool-trace`): the note of a call still being written (or its tool's label from
 * `LONG_TOOLS`, "Running tools…" for exec), else the newest running direct call's reason or label,
 * else "Thinking…" or "Responding…" while a response streams, else "Working…". Pure.
 */
export function turnActivity(turn: TurnView): string {
  for (let i = turn.steps.length - 1; i >= 0; i--) {
    const authoring = turn.steps[i]?.authoring;
    if (authoring) return toolActivityLabel(authoring.name, authoring.reason);
  }
  const running = [...turn.steps.flatMap((s) => s.rows), ...turn.floating].filter(
    (row): row is RowView =>
      row.kind === "call" && row.source === "direct" && row.status === "running",
  );
  const tool = running.at(-1);
  if (tool) return toolActivityLabel(tool.name ?? "tool", toolRowReason(tool.args));
  const streaming = turn.steps.filter((s) => s.streaming).at(-1);
  const block = streaming?.blocks.at(-1);
  if (block?.kind === "thinking") return "Thinking…";
  if (block?.kind === "text") return "Responding…";
  return "Working…";
}
