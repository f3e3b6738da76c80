import { STEP_CONTEXT_ENTRY, TURN_CONTEXT_ENTRY } from "@elowen/plugin-api/journal";
import {
  parseTurnContextRecord,
  type StepContextRecord,
  type TurnContextRecord,
} from "@elowen/prompt-compose";
import type { NewJournalEntry } from "../../store/types.js";

/**
 * The hidden entry holding one composition's turn-context records (`TURN_CONTEXT_ENTRY`): every
 * accepted contribution of the turn, in provider order, written in the same transaction as the
 * user message. One entry for the batch rather than one per record: each journal row costs more
 * than its bytes, and the records of a turn are read, retired and replayed together. What the
 * records share (turn, time) is stored once.
 */
export interface TurnContextBatch {
  readonly type: typeof TURN_CONTEXT_ENTRY;
  readonly v: 2;
  readonly turnId: string;
  /** When they were composed, in the host clock's milliseconds. */
  readonly at: number;
  readonly records: readonly Pick<TurnContextRecord, "plugin" | "name" | "placement" | "text">[];
}

/**
 * The hidden meta entry holding one step-context render's reminders (`STEP_CONTEXT_ENTRY`), in
 * provider order, persisted before the model reads them; one entry for the batch, as above.
 */
export interface StepContextBatch {
  readonly type: typeof STEP_CONTEXT_ENTRY;
  readonly v: 2;
  readonly turnId: string;
  /** Tool results so far in the turn when the providers were asked. */
  readonly toolResults: number;
  readonly at: number;
  readonly records: readonly Pick<StepContextRecord, "plugin" | "name" | "text" | "clamped">[];
}

/** The journal entry of a turn's accepted turn-context records (none: no entry). */
export function turnContextEntry(
  turnId: string,
  records: readonly TurnContextRecord[],
): NewJournalEntry[] {
  const first = records[0];
  if (first === undefined) return [];
  const data: TurnContextBatch = {
    type: TURN_CONTEXT_ENTRY,
    v: 2,
    turnId,
    at: first.at,
    records: records.map(({ plugin, name, placement, text }) => ({
      plugin,
      name,
      placement,
      text,
    })),
  };
  return [{ kind: "custom", customType: TURN_CONTEXT_ENTRY, hidden: true, data }];
}

/** The journal entry of one step-context render's reminders (none: no entry). */
export function stepContextEntry(
  turnId: string,
  toolResults: number,
  records: readonly StepContextRecord[],
): NewJournalEntry[] {
  const first = records[0];
  if (first === undefined) return [];
  const data: StepContextBatch = {
    type: STEP_CONTEXT_ENTRY,
    v: 2,
    turnId,
    toolResults,
    at: first.at,
    records: records.map(({ plugin, name, text, clamped }) => ({ plugin, name, text, clamped })),
  };
  return [{ kind: "custom", customType: STEP_CONTEXT_ENTRY, hidden: true, data }];
}

function batchOf(
  data: unknown,
  type: string,
): { readonly records: readonly unknown[]; readonly shared: object } {
  if (typeof data === "object" && data !== null) {
    const batch = data as { type?: unknown; records?: unknown; turnId?: unknown; at?: unknown };
    if (Array.isArray(batch.records))
      return batch.type === type
        ? { records: batch.records, shared: { turnId: batch.turnId, at: batch.at } }
        : { records: [], shared: {} };
  }
  // An entry written before batching holds one record whole.
  return { records: [data], shared: {} };
}

/**
 * The turn-context records a stored `TURN_CONTEXT_ENTRY` holds, parsed (journal data is a trust
 * boundary): a batch's valid records, or the one record an entry written before batching holds.
 * Anything else, such as an entry retired by cold clearing, holds none.
 */
export function turnContextRecordsOf(data: unknown): TurnContextRecord[] {
  const { records, shared } = batchOf(data, TURN_CONTEXT_ENTRY);
  const out: TurnContextRecord[] = [];
  for (const value of records) {
    const whole =
      typeof value === "object" && value !== null
        ? { type: TURN_CONTEXT_ENTRY, v: 1, ...shared, ...value }
        : value;
    const record = parseTurnContextRecord(whole);
    if (record) out.push(record);
  }
  return out;
}

/**
 * The reminder texts a stored `STEP_CONTEXT_ENTRY` holds, in the order the model read them: a
 * batch's, or the one text of an entry written before batching.
 */
export function stepContextTextsOf(data: unknown): string[] {
  const out: string[] = [];
  for (const value of batchOf(data, STEP_CONTEXT_ENTRY).records) {
    const text = (value as { text?: unknown } | null)?.text;
    if (typeof text === "string") out.push(text);
  }
  return out;
}
