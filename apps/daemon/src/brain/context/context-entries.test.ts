import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  CONTEXT_CLEARED_ENTRY,
  STEP_CONTEXT_ENTRY,
  TURN_CONTEXT_ENTRY,
} from "@elowen/plugin-api/journal";
import type { StepContextRecord, TurnContextRecord } from "@elowen/prompt-compose";
import { describe, expect, test } from "vitest";
import { BlobStore } from "../../store/blob-store.js";
import type { JournalEntry, NewJournalEntry } from "../../store/types.js";
import {
  stepContextEntry,
  stepContextTextsOf,
  turnContextEntry,
  turnContextRecordsOf,
} from "./context-entries.js";
import { replayBranch } from "./replay.js";

const TURN = "t_01aaaaaaaaaaaaaaaaaaaaaaaaaa";

function turnRecord(i: number, placement: TurnContextRecord["placement"]): TurnContextRecord {
  const text = `fact ${i}`;
  return {
    type: TURN_CONTEXT_ENTRY,
    v: 1,
    plugin: `p${i}`,
    name: "ctx",
    placement,
    text,
    turnId: TURN,
    at: 7,
  };
}

function stepRecord(i: number): StepContextRecord {
  return {
    ...{ type: STEP_CONTEXT_ENTRY, v: 1, plugin: `p${i}`, name: "step-context" },
    ...{ text: `mind ${i}`, clamped: false, turnId: TURN, toolResults: 1, at: 9 },
  };
}

const twenty = Array.from({ length: 20 }, (_, i) =>
  turnRecord(i, i % 2 === 0 ? "before-user" : "after-user"),
);

describe("turn-context batches", () => {
  test("a composition's records are one hidden entry that reads back whole, in provider order", () => {
    const entries = turnContextEntry(TURN, twenty);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: "custom",
      customType: TURN_CONTEXT_ENTRY,
      hidden: true,
    });
    expect(turnContextRecordsOf(entries[0]?.data)).toEqual(twenty);
  });

  test("no accepted contribution writes no entry", () => {
    expect(turnContextEntry(TURN, [])).toEqual([]);
    expect(stepContextEntry(TURN, 1, [])).toEqual([]);
  });

  test("an entry written before batching, one record whole, still reads back", () => {
    expect(turnContextRecordsOf(twenty[3])).toEqual([twenty[3]]);
  });

  test("a batch retired by cold clearing, and records that are not valid, hold nothing", () => {
    const cleared = {
      type: CONTEXT_CLEARED_ENTRY,
      v: 2,
      turnId: TURN,
      records: [{ plugin: "p0", name: "ctx", placement: "before-user" }],
      clearedAt: 10,
    };
    expect(turnContextRecordsOf(cleared)).toEqual([]);
    const batch = turnContextEntry(TURN, twenty.slice(0, 2))[0]?.data as { records: object[] };
    const damaged = { ...batch, records: [{ plugin: "p0" }, ...batch.records.slice(1), 5, null] };
    expect(turnContextRecordsOf(damaged)).toEqual([twenty[1]]);
    expect(turnContextRecordsOf(null)).toEqual([]);
  });
});

describe("step-context batches", () => {
  test("one render's reminders are one hidden entry whose texts read back in provider order", () => {
    const records = [stepRecord(0), stepRecord(1), stepRecord(2)];
    const [entry] = stepContextEntry(TURN, 1, records);
    expect(entry).toMatchObject({
      customType: STEP_CONTEXT_ENTRY,
      hidden: true,
      data: { turnId: TURN, toolResults: 1, at: 9 },
    });
    expect(stepContextTextsOf(entry?.data)).toEqual(["mind 0", "mind 1", "mind 2"]);
  });

  test("an entry written before batching still reads back its one text", () => {
    expect(stepContextTextsOf(stepRecord(4))).toEqual(["mind 4"]);
  });
});

describe("replay", () => {
  function journal(entries: readonly NewJournalEntry[]): JournalEntry[] {
    return entries.map((e, seq) => ({
      id: `e${seq}`,
      sessionId: "s",
      parentId: seq === 0 ? null : `e${seq - 1}`,
      seq,
      kind: e.kind,
      customType: e.customType ?? null,
      hidden: e.hidden === true,
      offBranch: false,
      data: e.data,
      createdAt: 100,
    }));
  }

  test("a journal written before batching and a batched one replay the same messages", async () => {
    const blobs = new BlobStore(join(mkdtempSync(join(tmpdir(), "context-entries-")), "blobs"));
    const steps = [stepRecord(0), stepRecord(1)];
    const user = { kind: "user", data: { turnId: TURN, text: "go", origin: { kind: "composer" } } };
    const assistant = {
      kind: "assistant",
      data: {
        ...{ turnId: TURN, step: 0, content: [{ type: "text", text: "ok" }], stopReason: "stop" },
        ...{ api: "faux", provider: "offline", model: "offline", startedAt: 1, durationMs: 1 },
        usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0 },
      },
    };
    const custom = (customType: string, data: unknown) =>
      ({ kind: "custom", customType, hidden: true, data }) as const;
    const before = journal([
      ...twenty.map((r) => custom(TURN_CONTEXT_ENTRY, r)),
      user,
      ...steps.map((r) => custom(STEP_CONTEXT_ENTRY, r)),
      assistant,
    ]);
    const after = journal([
      ...turnContextEntry(TURN, twenty),
      user,
      ...stepContextEntry(TURN, 1, steps),
      assistant,
    ]);
    const replayed = await replayBranch(after, blobs);
    expect(replayed).toEqual(await replayBranch(before, blobs));
    expect(replayed.map((m) => m.role)).toEqual(["user", "user", "user", "assistant"]);
  });
});
