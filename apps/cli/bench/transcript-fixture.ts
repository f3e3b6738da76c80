import type { HistoryEntry, SessionEvent } from "@elowen/wire";

import { OFFLINE as MODEL, NO_USAGE } from "../test/support/wire.js";

let seq = 0;
const hostId = (prefix: string, n: number) => `${prefix}_${n.toString(36).padStart(24, "0")}`;

function entry(kind: string, data: unknown): HistoryEntry {
  seq += 1;
  return {
    id: hostId("e", seq),
    parentId: null,
    seq,
    kind,
    customType: null,
    data,
    createdAt: 1_700_000_000_000 + seq,
  };
}

const PARAGRAPH =
  "The **build** failed because `tsup` could not resolve a workspace package; rebuilding its dependency first fixes it. See the [docs](https://example.com/docs) for details.";

/**
 * A session of `messages` transcript messages as history holds it: prompts and Markdown replies
 * (a heading, a paragraph, a list, a code block), every fifth reply with a tool call and result.
 */
export function transcript(messages: number): HistoryEntry[] {
  const entries: HistoryEntry[] = [];
  for (let i = 0; i < messages / 2; i += 1) {
    const turnId = hostId("t", i + 1);
    entries.push(
      entry("user", {
        turnId,
        text: `Question ${i}: why did the build fail this time?`,
        origin: { kind: "composer" },
      }),
    );
    const call =
      i % 5 === 0
        ? [
            {
              type: "toolCall",
              id: `call-${i}`,
              name: "Bash",
              arguments: { command: "pnpm build", description: "Build the workspace" },
            },
          ]
        : [];
    entries.push(
      entry("assistant", {
        turnId,
        step: 0,
        content: [
          {
            type: "text",
            text: `## Answer ${i}\n\n${PARAGRAPH}\n\n- first step\n- second step\n\n\`\`\`sh\npnpm build\n\`\`\``,
          },
          ...call,
        ],
        stopReason: call.length ? "toolUse" : "stop",
        api: "offline",
        provider: "offline",
        model: "offline",
        usage: NO_USAGE,
        startedAt: 1_700_000_000_000,
        durationMs: 5,
      }),
    );
    if (call.length)
      entries.push(
        entry("tool_result", {
          turnId,
          callId: `call-${i}`,
          toolName: "Bash",
          content: [{ type: "text", text: "built 21 packages" }],
          isError: false,
          startedAt: 1_700_000_000_000,
          durationMs: 1200,
        }),
      );
  }
  return entries;
}

let eventId = 0;
/** The live events of a reply that streams in `pieces`: its start, then one delta per piece. */
export function streamingReply(pieces: number): {
  readonly start: SessionEvent;
  readonly deltas: SessionEvent[];
  readonly text: string;
} {
  const turnId = hostId("t", 999_999);
  const entryId = hostId("e", 999_999);
  const words = PARAGRAPH.split(" ");
  const deltas: SessionEvent[] = [];
  let text = "";
  for (let i = 0; i < pieces; i += 1) {
    const piece = `${words[i % words.length]}${i % 40 === 39 ? "\n\n" : " "}`;
    text += piece;
    eventId += 1;
    deltas.push({
      id: String(eventId),
      type: "assistant_delta",
      data: { turnId, entryId, block: 0, kind: "text", text: piece },
    });
  }
  eventId += 1;
  return {
    start: {
      id: String(eventId),
      type: "assistant_started",
      data: { turnId, entryId, step: 0, model: MODEL, startedAt: 1_700_000_000_000 },
    },
    deltas,
    text,
  };
}
