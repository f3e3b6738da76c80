import {
  type HistoryEntry,
  type PendingPermission,
  type PendingQuestion,
  parseEntryData,
  type TurnEventData,
} from "@elowen/wire";
import { turnRows } from "./turn-rows.js";
import type { MessageBlock, RowView, StepView, TurnEndView, TurnView } from "./views.js";

interface Streaming {
  readonly step: number;
  readonly agentId?: string;
  readonly offline: boolean;
  readonly blocks: MessageBlock[];
}

/**
 * Everything known about one turn: its committed entries (sorted by `seq`) and what only live
 * events tell (streaming text, running calls with their start and output tail, trace records not
 * yet reported, questions, permission prompts). `view()` is cached until something changes, so
 * an unchanged turn keeps its identity and is not drawn again.
 */
export class TurnState {
  readonly key: string;
  readonly turnId: string | undefined;
  readonly arrival: number;
  readonly entries: HistoryEntry[] = [];
  readonly streams = new Map<string, Streaming>();
  readonly starts = new Map<string, TurnEventData["tool_started"]>();
  readonly tails = new Map<string, string>();
  readonly traces = new Map<string, TurnEventData["trace"]>();
  readonly questions = new Map<string, PendingQuestion>();
  readonly permissions = new Map<string, PendingPermission>();
  readonly agents = new Map<string, TurnEventData["agent"]>();
  /** The newest note of a tool call still being written, by its response's entry id. */
  readonly authoring = new Map<string, TurnEventData["tool_authoring"]>();
  readonly errors: { code: string; message: string }[] = [];
  running = false;
  startedAt: number | undefined;
  model: TurnEventData["turn_started"]["model"] | undefined;
  #view: TurnView | undefined;

  constructor(key: string, turnId: string | undefined, arrival: number) {
    this.key = key;
    this.turnId = turnId;
    this.arrival = arrival;
  }

  /** The lowest `seq` of its entries: where the turn sits in the transcript. */
  get firstSeq(): number | undefined {
    return this.entries[0]?.seq;
  }

  /** Marks the turn changed: its next `view()` is rebuilt. */
  touch(): void {
    this.#view = undefined;
  }

  /** Adds or replaces (same id) a committed entry; a stream of that id is over. */
  putEntry(entry: HistoryEntry): void {
    const at = this.entries.findIndex((e) => e.id === entry.id);
    if (at >= 0) this.entries[at] = entry;
    else {
      let i = this.entries.length;
      while (i > 0 && (this.entries[i - 1]?.seq ?? 0) > entry.seq) i--;
      this.entries.splice(i, 0, entry);
    }
    this.streams.delete(entry.id);
    this.authoring.delete(entry.id);
    this.touch();
  }

  /** True when an entry of this id is committed. */
  hasEntry(entryId: string): boolean {
    return this.entries.some((e) => e.id === entryId);
  }

  /** Starts a streaming response (ignored once its entry is committed). */
  startStream(event: TurnEventData["assistant_started"]): void {
    if (this.hasEntry(event.entryId) || this.streams.has(event.entryId)) return;
    this.streams.set(event.entryId, {
      step: event.step,
      offline: event.model.offline,
      blocks: [],
      ...(event.agentId === undefined ? {} : { agentId: event.agentId }),
    });
    this.touch();
  }

  /** Appends a piece to block `block` of a streaming response. */
  appendDelta(event: TurnEventData["assistant_delta"]): void {
    if (this.hasEntry(event.entryId)) return;
    let stream = this.streams.get(event.entryId);
    if (!stream) {
      stream = { step: Number.MAX_SAFE_INTEGER, offline: false, blocks: [] };
      this.streams.set(event.entryId, stream);
    }
    const prior = stream.blocks[event.block];
    stream.blocks[event.block] = {
      kind: event.kind,
      text: (prior?.kind === event.kind ? prior.text : "") + event.text,
    };
    this.touch();
  }

  /** The turn as the transcript draws it. */
  view(): TurnView {
    this.#view ??= this.#build();
    return this.#view;
  }

  #build(): TurnView {
    const rows = turnRows(this.entries, this.starts, this.traces, this.tails);
    const callEntry = new Map<string, string>();
    for (const [callId, start] of this.starts) callEntry.set(callId, start.entryId);
    const steps: StepView[] = [];
    let user: TurnView["user"];
    let end: TurnEndView | undefined;
    let compaction: TurnView["compaction"];
    for (const entry of this.entries) {
      const parsed = parseEntryData(entry);
      if (parsed?.kind === "user")
        user = { entryId: entry.id, text: parsed.data.text, createdAt: entry.createdAt };
      else if (parsed?.kind === "assistant") {
        const blocks: MessageBlock[] = [];
        for (const block of parsed.data.content) {
          if (block.type === "text") blocks.push({ kind: "text", text: block.text });
          else if (block.type === "thinking")
            blocks.push({
              kind: "thinking",
              text: block.thinking,
              ...(block.redacted ? { redacted: true } : {}),
            });
          else callEntry.set(block.id, entry.id);
        }
        const { data } = parsed;
        steps.push({
          entryId: entry.id,
          step: data.step,
          blocks,
          streaming: false,
          partial: data.partial === true,
          offline: data.offline === true,
          rows: [],
          ...(data.errorMessage === undefined ? {} : { errorMessage: data.errorMessage }),
          ...(data.agentId === undefined ? {} : { agentId: data.agentId }),
        });
      } else if (parsed?.kind === "turn_end") {
        const { data } = parsed;
        end = {
          entryId: entry.id,
          reason: data.reason,
          durationMs: data.durationMs,
          ...(data.errorMessage === undefined ? {} : { errorMessage: data.errorMessage }),
          ...(data.interrupted === undefined ? {} : { interrupted: data.interrupted }),
        };
      } else if (parsed?.kind === "compaction") {
        compaction = { summary: parsed.data.summary, tokensBefore: parsed.data.tokensBefore };
      }
    }
    const streaming = [...this.streams.entries()]
      .sort(([, a], [, b]) => a.step - b.step)
      .map(([entryId, s]) => ({
        entryId,
        step: s.step,
        blocks: s.blocks.filter((b): b is MessageBlock => b !== undefined),
        streaming: true,
        partial: false,
        offline: s.offline,
        rows: [],
        ...(s.agentId === undefined ? {} : { agentId: s.agentId }),
        ...authoringOf(this.authoring.get(entryId)),
      }));
    const allSteps: StepView[] = [...steps, ...streaming];
    const byEntry = new Map<string, RowView[]>(allSteps.map((s) => [s.entryId, []]));
    const floating: RowView[] = [];
    for (const row of rows) {
      const owner = row.source === "direct" ? row.id : row.reportedBy;
      const entryId = owner === undefined ? undefined : callEntry.get(owner);
      const list = entryId === undefined ? undefined : byEntry.get(entryId);
      (list ?? floating).push(row);
    }
    return {
      key: this.key,
      ...(this.turnId === undefined ? {} : { turnId: this.turnId }),
      ...(user === undefined ? {} : { user }),
      steps: allSteps.map((s) => ({ ...s, rows: byEntry.get(s.entryId) ?? [] })),
      floating,
      ...(end === undefined ? {} : { end }),
      running: this.running && end === undefined,
      ...(this.startedAt === undefined ? {} : { startedAt: this.startedAt }),
      ...(this.model === undefined ? {} : { model: this.model }),
      errors: [...this.errors],
      agents: [...this.agents.values()],
      questions: [...this.questions.values()],
      permissions: [...this.permissions.values()],
      ...(compaction === undefined ? {} : { compaction }),
    };
  }
}

function authoringOf(
  event: TurnEventData["tool_authoring"] | undefined,
): Pick<StepView, "authoring"> {
  return event === undefined ? {} : { authoring: { name: event.name, reason: event.reason } };
}
