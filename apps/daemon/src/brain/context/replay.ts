import {
  RUN_BOUNDARY_ENTRY,
  STEP_CONTEXT_ENTRY,
  TURN_CONTEXT_ENTRY,
} from "@elowen/plugin-api/journal";
import {
  replayTurnContext,
  type TurnContextRecord,
  wrapSystemReminder,
} from "@elowen/prompt-compose";
import { parseEntryData } from "@elowen/wire";
import type { AgentMessage } from "@mariozechner/pi-agent-core";
import type { AssistantMessage, TextContent, ToolResultMessage } from "@mariozechner/pi-ai";
import type { BlobStorage } from "../../store/blob-storage.js";
import type { JournalEntry } from "../../store/types.js";
import { stepContextTextsOf, turnContextRecordsOf } from "./context-entries.js";
import { storedEntry } from "./stored-entry.js";
import { replayContent } from "./stored-result.js";

/** Hidden context blocks a `prompt.submit` hook attached to a prompt (seed 004, context). */
export const SUBMIT_CONTEXT_ENTRY = "elowen.submit-context";

/** A user message as the model reads it: turn context around the words, submit context after. */
export function userContent(
  text: string,
  records: readonly TurnContextRecord[],
  context: readonly string[],
): TextContent[] {
  return [
    ...replayTurnContext<TextContent>(text, records).map((b) => ({
      type: "text" as const,
      text: b.text,
    })),
    ...context.map((text) => ({ type: "text" as const, text })),
  ];
}

/** A model-visible note the transcript never draws (step context, a run-boundary message). */
export function noteMessage(text: string, timestamp: number): AgentMessage {
  return { role: "user", content: [{ type: "text", text: wrapSystemReminder(text) }], timestamp };
}

function lastCompaction(entries: readonly JournalEntry[]): number {
  for (let i = entries.length - 1; i >= 0; i -= 1) if (entries[i]?.kind === "compaction") return i;
  return -1;
}

/**
 * The canonical projection of the active branch into the messages the model reads: user words
 * with their turn-context records restored, responses, tool results (in the order their calls
 * were made, images read back), step-context and run-boundary notes where they were delivered.
 * After a compaction, its summary stands for everything before the entries it kept.
 */
export async function replayBranch(
  entries: readonly JournalEntry[],
  blobs: BlobStorage,
): Promise<AgentMessage[]> {
  const cut = lastCompaction(entries);
  let from = 0;
  const out: AgentMessage[] = [];
  if (cut >= 0) {
    const compaction = parseEntryData(entries[cut] as JournalEntry);
    if (compaction?.kind === "compaction") {
      out.push(noteMessage(`Summary of the earlier conversation:\n${compaction.data.summary}`, 0));
      const kept = entries.findIndex((e) => e.id === compaction.data.firstKeptEntryId);
      from = kept >= 0 && kept < cut ? kept : cut + 1;
    }
  }
  const turnContext = new Map<string, TurnContextRecord[]>();
  const submitContext = new Map<string, string[]>();
  for (const entry of entries.slice(from)) {
    if (entry.customType === TURN_CONTEXT_ENTRY) {
      for (const record of turnContextRecordsOf(entry.data)) {
        const records = turnContext.get(record.turnId);
        if (records) records.push(record);
        else turnContext.set(record.turnId, [record]);
      }
    } else if (entry.customType === SUBMIT_CONTEXT_ENTRY) {
      const data = entry.data as { turnId?: unknown; blocks?: unknown };
      if (typeof data.turnId === "string" && Array.isArray(data.blocks))
        submitContext.set(
          data.turnId,
          data.blocks.filter((b): b is string => typeof b === "string"),
        );
    }
  }
  let pendingResults: { order: string[]; results: ToolResultMessage[] } | undefined;
  const flush = () => {
    if (!pendingResults) return;
    const { order, results } = pendingResults;
    results.sort((a, b) => order.indexOf(a.toolCallId) - order.indexOf(b.toolCallId));
    out.push(...results);
    pendingResults = undefined;
  };
  for (const entry of entries.slice(from)) {
    if (entry.kind === "compaction") continue;
    const parsed = storedEntry(entry);
    if (parsed?.kind === "tool_result") {
      const data = parsed.data;
      pendingResults ??= { order: [], results: [] };
      pendingResults.results.push({
        role: "toolResult",
        toolCallId: data.callId,
        toolName: data.toolName,
        content: await replayContent(blobs, data.content),
        details: data.details,
        isError: data.isError,
        timestamp: data.startedAt,
      });
      continue;
    }
    if (
      entry.kind === "custom" &&
      entry.customType !== STEP_CONTEXT_ENTRY &&
      entry.customType !== RUN_BOUNDARY_ENTRY
    )
      continue;
    flush();
    if (parsed?.kind === "user") {
      const { data } = parsed;
      out.push({
        role: "user",
        content: userContent(
          data.modelText ?? data.text,
          turnContext.get(data.turnId) ?? [],
          submitContext.get(data.turnId) ?? [],
        ),
        timestamp: entry.createdAt,
      });
    } else if (parsed?.kind === "assistant") {
      const { data } = parsed;
      const message: AssistantMessage = {
        role: "assistant",
        content: data.content as AssistantMessage["content"],
        api: data.api,
        provider: data.provider,
        model: data.model,
        usage: data.usage,
        stopReason: data.stopReason,
        ...(data.errorMessage === undefined ? {} : { errorMessage: data.errorMessage }),
        ...(data.responseId === undefined ? {} : { responseId: data.responseId }),
        timestamp: data.startedAt,
      };
      out.push(message);
      const order = data.content.flatMap((b) => (b.type === "toolCall" ? [b.id] : []));
      if (order.length > 0) pendingResults = { order, results: [] };
    } else if (entry.customType === STEP_CONTEXT_ENTRY) {
      for (const text of stepContextTextsOf(entry.data))
        out.push(noteMessage(text, entry.createdAt));
    } else if (entry.customType === RUN_BOUNDARY_ENTRY) {
      const { text, kind } = entry.data as { text?: unknown; kind?: unknown };
      if (kind === "message" && typeof text === "string")
        out.push(noteMessage(text, entry.createdAt));
    }
  }
  flush();
  return out;
}
