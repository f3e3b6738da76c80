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

/** Hidden context blocks a `prompt.submit` hook attached to a prompt. */
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

/** The hidden records a replayed user message is read with, by turn id. */
interface HiddenContext {
  readonly turnContext: ReadonlyMap<string, readonly TurnContextRecord[]>;
  readonly submitContext: ReadonlyMap<string, readonly string[]>;
}

/** Tool results held until the batch ends, then put back in the order their calls were made. */
interface PendingResults {
  readonly order: readonly string[];
  readonly results: ToolResultMessage[];
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
  const { from, summary } = replayStart(entries);
  const out: AgentMessage[] = summary === undefined ? [] : [summary];
  const replayed = entries.slice(from);
  const hidden = hiddenContext(replayed);
  let pending: PendingResults | undefined;
  const flush = () => {
    if (pending) out.push(...inCallOrder(pending));
    pending = undefined;
  };
  for (const entry of replayed) {
    if (entry.kind === "compaction") continue;
    const parsed = storedEntry(entry);
    if (parsed?.kind === "tool_result") {
      pending ??= { order: [], results: [] };
      pending.results.push(await resultMessage(parsed.data, blobs));
      continue;
    }
    if (entry.kind === "custom" && !isDeliveredNote(entry)) continue;
    flush();
    if (parsed?.kind === "assistant") {
      out.push(assistantMessage(parsed.data));
      const order = parsed.data.content.flatMap((b) => (b.type === "toolCall" ? [b.id] : []));
      if (order.length > 0) pending = { order, results: [] };
    } else {
      out.push(...otherMessages(entry, parsed, hidden));
    }
  }
  flush();
  return out;
}

/** Where the replay starts: after a compaction, its summary and the entries it kept. */
function replayStart(entries: readonly JournalEntry[]): {
  readonly from: number;
  readonly summary?: AgentMessage;
} {
  const cut = lastCompaction(entries);
  if (cut < 0) return { from: 0 };
  const compaction = parseEntryData(entries[cut] as JournalEntry);
  if (compaction?.kind !== "compaction") return { from: 0 };
  const kept = entries.findIndex((e) => e.id === compaction.data.firstKeptEntryId);
  return {
    from: kept >= 0 && kept < cut ? kept : cut + 1,
    summary: noteMessage(`Summary of the earlier conversation:\n${compaction.data.summary}`, 0),
  };
}

/** The turn-context records and submit-context blocks of the replayed entries, by turn id. */
function hiddenContext(entries: readonly JournalEntry[]): HiddenContext {
  const turnContext = new Map<string, TurnContextRecord[]>();
  const submitContext = new Map<string, string[]>();
  for (const entry of entries) {
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
  return { turnContext, submitContext };
}

/** Step-context and run-boundary entries are the custom entries the model read. */
function isDeliveredNote(entry: JournalEntry): boolean {
  return entry.customType === STEP_CONTEXT_ENTRY || entry.customType === RUN_BOUNDARY_ENTRY;
}

function inCallOrder({ order, results }: PendingResults): ToolResultMessage[] {
  return [...results].sort((a, b) => order.indexOf(a.toolCallId) - order.indexOf(b.toolCallId));
}

type StoredEntry = NonNullable<ReturnType<typeof storedEntry>>;
type DataOf<K extends StoredEntry["kind"]> = Extract<StoredEntry, { kind: K }>["data"];

async function resultMessage(
  data: DataOf<"tool_result">,
  blobs: BlobStorage,
): Promise<ToolResultMessage> {
  return {
    role: "toolResult",
    toolCallId: data.callId,
    toolName: data.toolName,
    content: await replayContent(blobs, data.content),
    details: data.details,
    isError: data.isError,
    timestamp: data.startedAt,
  };
}

function assistantMessage(data: DataOf<"assistant">): AssistantMessage {
  return {
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
}

/** A user message with its hidden context, or the notes a step-context or run-boundary entry holds. */
function otherMessages(
  entry: JournalEntry,
  parsed: ReturnType<typeof storedEntry>,
  hidden: HiddenContext,
): AgentMessage[] {
  if (parsed?.kind === "user") {
    const { data } = parsed;
    const content = userContent(
      data.modelText ?? data.text,
      hidden.turnContext.get(data.turnId) ?? [],
      hidden.submitContext.get(data.turnId) ?? [],
    );
    return [{ role: "user", content, timestamp: entry.createdAt }];
  }
  if (entry.customType === STEP_CONTEXT_ENTRY)
    return stepContextTextsOf(entry.data).map((text) => noteMessage(text, entry.createdAt));
  if (entry.customType === RUN_BOUNDARY_ENTRY) {
    const { text, kind } = entry.data as { text?: unknown; kind?: unknown };
    if (kind === "message" && typeof text === "string") return [noteMessage(text, entry.createdAt)];
  }
  return [];
}
