import { formatDuration } from "@elowen/plugin-shared/duration";
import type { ToolRow } from "@elowen/tool-trace";
import { Markdown } from "@mariozechner/pi-tui";
import type { TranscriptBlock } from "../transcript/blocks.js";
import type { TranscriptState } from "../transcript/transcript-state.js";
import { bold, dim, italic, palette } from "../tui/style.js";
import { markdownTheme } from "../tui/theme.js";
import type { RenderContext } from "./render-context.js";
import { oneLine, prefixed } from "./text-lines.js";
import { toolRowLines } from "./tool-row-lines.js";

/** Thinking is drawn dim and cut to this many lines (ours). */
export const THINKING_MAX_LINES = 6;

/** Whether a block draws something that moves with the clock (a spinner, a live elapsed time). */
export function isLive(block: TranscriptBlock, state: TranscriptState): boolean {
  if (block.kind === "floating") return true;
  if (block.kind !== "call") return false;
  const tools = state.turnTools(block.turnId);
  return (
    tools.isRunning(block.callId) ||
    state
      .turnRows(block.turnId)
      .byCall.get(block.callId)
      ?.some((row) => row.status === "running") === true
  );
}

/** The lines one block draws at `width`. */
export function blockLines(
  block: TranscriptBlock,
  width: number,
  state: TranscriptState,
  context: RenderContext,
): string[] {
  switch (block.kind) {
    case "user":
      return prefixed(block.text, width, palette.user(bold("❯ ")), "  ");
    case "text":
      return new Markdown(block.text, 2, 0, markdownTheme).render(width);
    case "thinking": {
      const lines = new Markdown(block.text, 2, 0, markdownTheme, {
        color: dim,
        italic: true,
      }).render(width);
      if (lines.length <= THINKING_MAX_LINES) return lines;
      return [
        ...lines.slice(0, THINKING_MAX_LINES - 1),
        oneLine(
          `  ${dim(italic(`… ${lines.length - THINKING_MAX_LINES + 1} more lines of thinking`))}`,
          width,
        ),
      ];
    }
    case "call":
      return callLines(block.turnId, block.callId, width, state, context);
    case "floating":
      return rowsLines(state.turnRows(block.turnId).floating, width, context);
    case "turn-end":
      return turnEndLines(block, width);
    case "compaction":
      return [
        oneLine(
          dim(`  ⋯ earlier context was summarized (${block.data.tokensBefore} tokens)`),
          width,
        ),
      ];
    case "error":
      return prefixed(block.message, width, `  ${palette.error("✗ ")}`, "    ");
  }
}

function callLines(
  turnId: string,
  callId: string,
  width: number,
  state: TranscriptState,
  context: RenderContext,
): string[] {
  const tools = state.turnTools(turnId);
  const grouped = state.turnRows(turnId);
  const rows = grouped.byCall.get(callId) ?? [];
  // Trace rows no result has reported yet are drawn in the running call that will report them.
  const floating = tools.hostCall() === callId ? grouped.floating : [];
  const lines: string[] = [];
  for (const row of [...floating, ...rows]) {
    const direct = row.source === "direct";
    const details = direct ? tools.detailsOf(row.id) : undefined;
    const liveOutput = direct ? tools.outputOf(row.id) : undefined;
    lines.push(
      ...toolRowLines(row, width, context, {
        ...(details ? { details } : {}),
        ...(liveOutput === undefined ? {} : { liveOutput }),
      }),
    );
  }
  return lines;
}

function rowsLines(rows: readonly ToolRow[], width: number, context: RenderContext): string[] {
  return rows.flatMap((row) => toolRowLines(row, width, context));
}

function turnEndLines(
  block: Extract<TranscriptBlock, { kind: "turn-end" }>,
  width: number,
): string[] {
  const { reason, durationMs, errorMessage, interrupted } = block.data;
  const took = formatDuration(durationMs);
  switch (reason) {
    case "answer":
      return [oneLine(dim(`  ── ${took}`), width)];
    case "aborted":
      return [
        oneLine(
          palette.warning(
            interrupted === "restart"
              ? `  ⏹ stopped by a daemon restart after ${took}`
              : `  ⏹ interrupted after ${took}`,
          ),
          width,
        ),
      ];
    case "refusal":
      return [oneLine(palette.warning(`  ⊘ the model refused · ${took}`), width)];
    case "error":
      return prefixed(
        errorMessage ?? "the turn failed",
        width,
        `  ${palette.error(`✗ failed after ${took}: `)}`,
        "    ",
      );
  }
}
