import { type CompactionEntryData, parseEntryData } from "@elowen/wire";
import type { JournalEntry } from "../../store/types.js";
import type { BrainHost } from "../host/brain-host.js";
import { answerOf } from "../model/usage.js";

/** What the summarizing request asks of the model. */
export const COMPACTION_PROMPT =
  "Summarize the conversation below for your own later use: what the person asked, what was done, " +
  "decisions, open tasks, file paths and facts still needed. Be concise; write only the summary.";
/** A conversation is serialized for its summary up to this many characters (ours). */
export const COMPACTION_INPUT_MAX_CHARS = 100_000;

const estimate = (entry: JournalEntry) => Math.ceil(JSON.stringify(entry.data).length / 4);

/** The context the last request used (its prompt and output), or an estimate of the branch. */
export function contextTokens(branch: readonly JournalEntry[]): number {
  for (let i = branch.length - 1; i >= 0; i -= 1) {
    const parsed = parseEntryData(branch[i] as JournalEntry);
    if (parsed?.kind === "assistant") {
      const u = parsed.data.usage;
      const used = u.input + u.cacheRead + u.cacheWrite + u.output;
      if (used > 0) return used;
    }
    if (parsed?.kind === "compaction") break;
  }
  return branch.reduce((sum, e) => sum + (e.hidden ? 0 : estimate(e)), 0);
}

function serialize(entries: readonly JournalEntry[], previous: string | undefined): string {
  const lines = previous === undefined ? [] : [`Earlier summary: ${previous}`];
  for (const entry of entries) {
    const parsed = parseEntryData(entry);
    if (parsed?.kind === "user") lines.push(`Person: ${parsed.data.text}`);
    else if (parsed?.kind === "assistant") {
      const text = parsed.data.content.flatMap((b) => (b.type === "text" ? [b.text] : [])).join("");
      const calls = parsed.data.content.flatMap((b) =>
        b.type === "toolCall" ? [`${b.name}(${JSON.stringify(b.arguments).slice(0, 200)})`] : [],
      );
      lines.push(`Assistant: ${text}${calls.length > 0 ? ` [called ${calls.join(", ")}]` : ""}`);
    } else if (parsed?.kind === "tool_result") {
      const text = parsed.data.content
        .flatMap((b) => (b.type === "text" ? [b.text] : []))
        .join("\n");
      lines.push(`${parsed.data.toolName} answered: ${text.slice(0, 500)}`);
    }
  }
  const all = lines.join("\n");
  return all.length > COMPACTION_INPUT_MAX_CHARS ? all.slice(-COMPACTION_INPUT_MAX_CHARS) : all;
}

/**
 * Compacts a session whose context nears the model's window (more than `brain.compactAt` of it):
 * the entries before the newest `brain.keepRecentTokens` (cut at a turn's start, so calls and
 * their results stay together) are summarized by the model and a `compaction` entry records the
 * summary and the first kept entry; the retained branch, and the turn-context records of its
 * turns, are what later requests replay. Answers the branch as it now stands; a failed summary
 * leaves the branch as it was (and is logged).
 */
export async function compactIfNeeded(
  host: BrainHost,
  sessionId: string,
  branch: readonly JournalEntry[],
): Promise<readonly JournalEntry[]> {
  const window = host.model.model.contextWindow;
  const tokensBefore = contextTokens(branch);
  if (tokensBefore <= window * host.config.compactAt) return branch;
  const last = branch.findLastIndex((e) => e.kind === "compaction");
  const previous = last >= 0 ? parseEntryData(branch[last] as JournalEntry) : undefined;
  const keptFrom =
    previous?.kind === "compaction"
      ? branch.findIndex((e) => e.id === previous.data.firstKeptEntryId)
      : 0;
  const start = keptFrom >= 0 ? keptFrom : last + 1;
  let kept = 0;
  let cut = branch.length;
  while (cut > start && kept < host.config.keepRecentTokens) {
    cut -= 1;
    kept += estimate(branch[cut] as JournalEntry);
  }
  while (cut > start && branch[cut]?.kind !== "user") cut -= 1;
  if (cut <= start) return branch;
  const toSummarize = branch.slice(start, cut).filter((e) => e.kind !== "compaction");
  const summary = await summarize(
    host,
    sessionId,
    toSummarize,
    previous?.kind === "compaction" ? previous.data.summary : undefined,
  );
  if (summary === undefined) return branch;
  const data: CompactionEntryData = {
    summary,
    firstKeptEntryId: branch[cut]?.id ?? null,
    tokensBefore,
  };
  await host.journal.append(sessionId, [{ kind: "compaction", data }]);
  return host.store.journal.branch(sessionId);
}

async function summarize(
  host: BrainHost,
  sessionId: string,
  entries: readonly JournalEntry[],
  previous: string | undefined,
): Promise<string | undefined> {
  const model = host.model.model;
  const stream = host.model.stream(
    model,
    {
      systemPrompt: COMPACTION_PROMPT,
      messages: [
        { role: "user", content: serialize(entries, previous), timestamp: host.clock.now() },
      ],
    },
    { sessionId },
    { sessionId, turnOrdinal: 0, step: 0, purpose: "compaction" },
  );
  const message = host.model.finish(await stream.result());
  const text = answerOf(message).trim();
  if (message.stopReason === "error" || message.stopReason === "aborted" || text === "") {
    host.log(
      `compaction of ${sessionId} skipped: ${message.errorMessage ?? "the summary was empty"}`,
    );
    return undefined;
  }
  return text;
}
