import { parseEntryData } from "./schemas/entry-data.js";
import type { HistoryEntry } from "./schemas/history.js";

/**
 * A direct tool call as history holds it: the `toolCall` block of an assistant entry and the
 * `tool_result` entry of the same call id. Structurally the `ToolCallEntry` of
 * `@elowen/tool-trace`, so `projectToolRows(historyToolCalls(entries))` draws the rows a client
 * saw live. Result images are not in `content`: they are references in `details.images`.
 */
export interface HistoryToolCall {
  readonly callId: string;
  readonly name: string;
  readonly args?: unknown;
  readonly result?: {
    readonly content: readonly { readonly type: "text"; readonly text: string }[];
    readonly details?: Readonly<Record<string, unknown>>;
    readonly isError?: boolean;
  };
  readonly startedAt?: number;
  readonly durationMs?: number;
}

/**
 * The direct tool calls of some history entries, in the order the model made them. A call whose
 * result is not in `entries` (still running, or on an older page) has no `result`.
 */
export function historyToolCalls(entries: readonly HistoryEntry[]): HistoryToolCall[] {
  const calls = new Map<string, HistoryToolCall>();
  for (const entry of entries) {
    const parsed = parseEntryData(entry);
    if (parsed?.kind === "assistant") {
      for (const block of parsed.data.content) {
        if (block.type === "toolCall")
          calls.set(block.id, { callId: block.id, name: block.name, args: block.arguments });
      }
    } else if (parsed?.kind === "tool_result") {
      const { data } = parsed;
      const prior = calls.get(data.callId) ?? { callId: data.callId, name: data.toolName };
      calls.set(data.callId, {
        ...prior,
        result: {
          content: data.content.flatMap((block) =>
            block.type === "text" ? [{ type: "text" as const, text: block.text }] : [],
          ),
          ...(data.details === undefined ? {} : { details: data.details }),
          isError: data.isError,
        },
        startedAt: data.startedAt,
        durationMs: data.durationMs,
      });
    }
  }
  return [...calls.values()];
}
