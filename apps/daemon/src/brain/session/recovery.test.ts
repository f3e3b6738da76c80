import { describe, expect, test } from "vitest";
import { useTestStore } from "../../../test/helpers/test-store.js";
import { LiveJournal } from "../../live/live-journal.js";
import { SessionEvents } from "../../live/session-events.js";
import { INTERRUPTED_CALL_TEXT, recoverInterruptedTurns } from "./recovery.js";

const t = useTestStore();

const TURN = "t-1";

/** A turn whose exec call reported a nested row still running, then ended. */
async function turnWithPendingRow(options: { closed: boolean }) {
  await t.store.journal.append(
    t.sessionId,
    [
      { kind: "user", data: { turnId: TURN, text: "go" } },
      {
        kind: "assistant",
        data: {
          turnId: TURN,
          content: [{ type: "toolCall", id: "c1", name: "exec", arguments: {} }],
        },
      },
      {
        kind: "tool_result",
        data: {
          turnId: TURN,
          callId: "c1",
          toolName: "exec",
          content: [{ type: "text", text: "started" }],
          isError: false,
          startedAt: 1,
          durationMs: 1,
          details: {
            toolTrace: [
              { id: "r1", kind: "call", name: "Slow", producerId: "code", pending: true },
            ],
          },
        },
      },
    ],
    { openTurn: { turnId: TURN, startedAt: 1 } },
  );
  await t.store.journal.append(
    t.sessionId,
    [{ kind: "turn_end", data: { turnId: TURN, reason: "completed", durationMs: 2, answer: "" } }],
    options.closed ? { closeTurn: TURN } : {},
  );
}

async function storedTrace() {
  const branch = await t.store.journal.branch(t.sessionId);
  const result = branch.find((entry) => entry.kind === "tool_result");
  return (result?.data as { details?: { toolTrace?: unknown[] } } | undefined)?.details?.toolTrace;
}

describe("recovery settles every nested row left pending", () => {
  test("a turn that ended while its nested row ran (ledger still open) gets the row settled and closed", async () => {
    await turnWithPendingRow({ closed: false });
    const journal = new LiveJournal(t.store, new SessionEvents());
    await recoverInterruptedTurns(
      t.store,
      journal,
      () => 10,
      () => {},
    );
    expect(await storedTrace()).toEqual([
      expect.objectContaining({ id: "r1", isError: true, output: INTERRUPTED_CALL_TEXT }),
    ]);
    expect((await storedTrace())?.[0]).not.toHaveProperty("pending");
    expect(await t.store.turns.listOpen()).toEqual([]);
    const kinds = (await t.store.journal.branch(t.sessionId)).map((entry) => entry.kind);
    expect(kinds.filter((kind) => kind === "turn_end")).toHaveLength(1);
  });

  test("a turn a restart interrupted ends with a turn_end whose id the injected minter made", async () => {
    await t.store.journal.append(
      t.sessionId,
      [{ kind: "user", data: { turnId: TURN, text: "go" } }],
      { openTurn: { turnId: TURN, startedAt: 1 } },
    );
    const journal = new LiveJournal(t.store, new SessionEvents());
    let next = 0;
    const ids = {
      mint: (prefix: string) => {
        next += 1;
        return `${prefix}_test${next}`;
      },
    };
    await recoverInterruptedTurns(
      t.store,
      journal,
      () => 10,
      () => {},
      undefined,
      ids,
    );
    const ended = (await t.store.journal.branch(t.sessionId)).filter((e) => e.kind === "turn_end");
    expect(ended.map((entry) => entry.id)).toEqual(["e_test1"]);
    expect(await t.store.turns.listOpen()).toEqual([]);
  });
});
