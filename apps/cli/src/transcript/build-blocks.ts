import type { HistoryEntry, ParsedEntryData } from "@elowen/wire";
import type { TranscriptBlock } from "./blocks.js";
import type { TurnTools } from "./turn-tools.js";

/** A committed entry with its data parsed. */
export interface StoredEntry {
  readonly entry: HistoryEntry;
  readonly parsed: ParsedEntryData;
}

/** A model response that is streaming: committed later as the assistant entry of the same id. */
export interface Stream {
  readonly turnId: string;
  readonly blocks: { kind: "text" | "thinking"; text: string }[];
  /** Direct calls started under this response before its entry was committed. */
  readonly calls: string[];
}

/** What the blocks are built from: the entries in journal order, the streams, each turn's tools. */
export interface BlockParts {
  readonly order: readonly string[];
  readonly entries: ReadonlyMap<string, StoredEntry>;
  readonly streams: ReadonlyMap<string, Stream>;
  readonly turns: ReadonlyMap<string, TurnTools>;
}

/**
 * The blocks a transcript draws, in order: each committed entry's pieces (a prompt, the text,
 * thinking and tool calls of a response, a turn's end, a compaction), then the responses still
 * streaming, with trace rows no result reported yet after their turn's last block unless a
 * running call hosts them.
 */
export function buildBlocks(parts: BlockParts): TranscriptBlock[] {
  const { order, entries, streams, turns } = parts;
  const blocks: TranscriptBlock[] = [];
  const turnEnds = new Map<string, number>();
  const mark = (turnId: string) => turnEnds.set(turnId, blocks.length);
  for (const id of order) {
    const stored = entries.get(id);
    if (!stored) continue;
    const { parsed } = stored;
    switch (parsed.kind) {
      case "user":
        blocks.push({ kind: "user", key: `user:${id}`, text: parsed.data.text });
        mark(parsed.data.turnId);
        break;
      case "assistant": {
        const { turnId } = parsed.data;
        parsed.data.content.forEach((block, i) => {
          if (block.type === "toolCall")
            blocks.push({ kind: "call", key: `call:${block.id}`, callId: block.id, turnId });
          else {
            const text = block.type === "text" ? block.text : block.thinking;
            if (text.trim() !== "")
              blocks.push({
                kind: block.type,
                key: `${block.type}:${id}:${i}`,
                text,
                streaming: false,
              });
          }
        });
        if (parsed.data.errorMessage)
          blocks.push({ kind: "error", key: `error:${id}`, message: parsed.data.errorMessage });
        mark(turnId);
        break;
      }
      case "turn_end":
        floating(turns, blocks, parsed.data.turnId, turnEnds);
        blocks.push({ kind: "turn-end", key: `end:${id}`, data: parsed.data });
        turnEnds.delete(parsed.data.turnId);
        break;
      case "compaction":
        blocks.push({ kind: "compaction", key: `compaction:${id}`, data: parsed.data });
        break;
      default:
        break;
    }
  }
  for (const [id, stream] of streams) {
    stream.blocks.forEach((block, i) => {
      if (block.text !== "")
        blocks.push({
          kind: block.kind,
          key: `${block.kind}:${id}:${i}`,
          text: block.text,
          streaming: true,
        });
    });
    for (const callId of stream.calls)
      blocks.push({ kind: "call", key: `call:${callId}`, callId, turnId: stream.turnId });
    mark(stream.turnId);
  }
  for (const turnId of [...turnEnds.keys()]) floating(turns, blocks, turnId, turnEnds);
  return blocks;
}

/** Trace rows no result reported yet: inside the running call that hosts them, else after the turn's last block. */
function floating(
  turns: ReadonlyMap<string, TurnTools>,
  blocks: TranscriptBlock[],
  turnId: string,
  turnEnds: Map<string, number>,
): void {
  const tools = turns.get(turnId);
  if (!tools || tools.rows().floating.length === 0 || tools.hostCall() !== undefined) return;
  const at = turnEnds.get(turnId) ?? blocks.length;
  blocks.splice(at, 0, { kind: "floating", key: `floating:${turnId}`, turnId });
  for (const [other, index] of turnEnds)
    if (index >= at && other !== turnId) turnEnds.set(other, index + 1);
}
