import { MAX_SHARES_PER_TURN, MAX_TRACE_BYTES } from "@elowen/plugin-api/limits";
import type { ToolResult } from "@elowen/plugin-api/tools";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  countingMinter,
  deferred,
  fillTo,
  ManualClock,
  settleMicrotasks,
} from "../test/fixtures.js";
import { fileShare, runShareTool } from "../test/share-tool.js";
import { jsonBytes } from "./json-size.js";
import { ToolTraceTurn } from "./turn.js";

const CALLS = 5;

interface Step {
  readonly call: number;
  readonly step: "read" | "own";
}

/**
 * Five concurrent ShareFile calls in one turn, each parked at its two awaits (reading the bytes,
 * committing ownership). `order` says which parked step runs next; a step not yet parked when its
 * turn comes is retried after the others, so every order completes.
 */
async function runInOrder(order: readonly Step[], failing: ReadonlySet<number> = new Set()) {
  const minter = countingMinter();
  const turn = new ToolTraceTurn({ mintId: minter, clock: new ManualClock() });
  const gates = new Map<string, ReturnType<typeof deferred<void>>>();
  const gate = (call: number, step: Step["step"]) => {
    const key = `${call}:${step}`;
    if (!gates.has(key)) gates.set(key, deferred<void>());
    return gates.get(key) as ReturnType<typeof deferred<void>>;
  };
  const results = Array.from({ length: CALLS }, (_, i) =>
    turn.log(`cell-${i % 2}`).sink.call("ShareFile", { path: `report-${i}.txt` }, (rowId) =>
      runShareTool((d) => turn.reserveShare(rowId, d), fileShare(i), {
        readBytes: () => gate(i, "read").promise,
        commitOwnership: async () => {
          await gate(i, "own").promise;
          if (failing.has(i)) throw new Error("commit failed");
        },
      }),
    ),
  );
  const queue = [...order];
  while (queue.length > 0) {
    const next = queue.shift() as Step;
    gate(next.call, next.step).resolve();
    await settleMicrotasks();
  }
  return { turn, results: await Promise.all(results) };
}

const ALL_STEPS: Step[] = Array.from({ length: CALLS }, (_, call) => [
  { call, step: "read" as const },
  { call, step: "own" as const },
]).flat();

function delivered(turn: ToolTraceTurn) {
  return [0, 1].flatMap((cell) =>
    turn
      .log(`cell-${cell}`)
      .records()
      .filter((r) => r.sharedFile !== undefined),
  );
}

describe("five concurrent share calls in one turn", () => {
  test.each([
    ["one after another", ALL_STEPS],
    [
      "all reads first, then all commits",
      [...ALL_STEPS.filter((s) => s.step === "read"), ...ALL_STEPS.filter((s) => s.step === "own")],
    ],
    [
      "all reads first, commits in reverse",
      [
        ...ALL_STEPS.filter((s) => s.step === "read"),
        ...ALL_STEPS.filter((s) => s.step === "own").reverse(),
      ],
    ],
    ["reverse start order", [...ALL_STEPS].reverse()],
  ])("produce exactly four successful shares when the steps run %s", async (_, order) => {
    const { turn, results } = await runInOrder(order as Step[]);
    const successes = results.filter((r) => !r.isError);
    expect(successes).toHaveLength(MAX_SHARES_PER_TURN);
    expect(delivered(turn)).toHaveLength(MAX_SHARES_PER_TURN);
    expect({ spent: turn.shares.spent, held: turn.shares.held }).toEqual({
      spent: MAX_SHARES_PER_TURN,
      held: 0,
    });
  });

  test("a failed share gives its place back, so the fifth call can still succeed", async () => {
    const reads = ALL_STEPS.filter((s) => s.step === "read");
    const owns = ALL_STEPS.filter((s) => s.step === "own");
    // Call 0 reserves and fails before call 4 reads; call 4 then finds a free place.
    const order = [...reads.slice(0, 4), owns[0], reads[4], ...owns.slice(1)] as Step[];
    const { turn, results } = await runInOrder(order, new Set([0]));
    expect(results.map((r) => (r.isError ? "error" : "ok"))).toEqual([
      "error",
      "ok",
      "ok",
      "ok",
      "ok",
    ]);
    expect(delivered(turn)).toHaveLength(4);
  });

  test("never produce more than four successes, whatever the interleaving and failures (fast-check)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.shuffledSubarray(ALL_STEPS, {
          minLength: ALL_STEPS.length,
          maxLength: ALL_STEPS.length,
        }),
        fc.uniqueArray(fc.integer({ min: 0, max: CALLS - 1 }), { maxLength: CALLS }),
        async (order, failing) => {
          const { turn, results } = await runInOrder(order, new Set(failing));
          const successes = results.filter((r) => !r.isError).length;
          expect(successes).toBeLessThanOrEqual(MAX_SHARES_PER_TURN);
          expect(turn.shares.spent).toBe(successes);
          expect(turn.shares.held).toBe(0);
          expect(delivered(turn)).toHaveLength(successes);
          for (const cell of [0, 1]) expect(turn.log(`cell-${cell}`).usage().reservedBytes).toBe(0);
        },
      ),
      { numRuns: 150 },
    );
  });

  test("never produce more than four successes under fast-check's own scheduler", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.array(fc.boolean(), { minLength: CALLS, maxLength: CALLS }),
        async (s, fails) => {
          const turn = new ToolTraceTurn({ mintId: countingMinter(), clock: new ManualClock() });
          const calls = Array.from({ length: CALLS }, (_, i) =>
            turn.log("cell-0").sink.call("ShareFile", {}, (rowId) =>
              runShareTool((d) => turn.reserveShare(rowId, d), fileShare(i), {
                readBytes: () => s.schedule(Promise.resolve(), `read ${i}`),
                commitOwnership: () =>
                  s.schedule(
                    fails[i] ? Promise.reject(new Error("commit failed")) : Promise.resolve(),
                    `own ${i}`,
                  ),
              }),
            ),
          );
          await s.waitFor(Promise.all(calls));
          const results: ToolResult[] = await Promise.all(calls);
          const successes = results.filter((r) => !r.isError).length;
          expect(successes).toBeLessThanOrEqual(MAX_SHARES_PER_TURN);
          // Places return only on failure, so with none failing exactly four succeed.
          if (fails.every((fail) => !fail)) expect(successes).toBe(MAX_SHARES_PER_TURN);
          expect(turn.shares.spent).toBe(successes);
          expect(turn.shares.held).toBe(0);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe("concurrent share calls and the byte budget", () => {
  test("cannot spend the same available bytes: only the deliveries that fit succeed", async () => {
    const minter = countingMinter();
    const turn = new ToolTraceTurn({ mintId: minter, clock: new ManualClock(), maxShares: 10 });
    const log = turn.log("cell-0");
    const bytesRead = deferred<void>();
    const calls = Array.from({ length: CALLS }, (_, i) =>
      log.sink.call("ShareFile", {}, (rowId) =>
        runShareTool((d) => turn.reserveShare(rowId, d), fileShare(i), {
          readBytes: () => bytesRead.promise,
          commitOwnership: async () => {},
        }),
      ),
    );
    // Room for two delivery records beyond the five running rows.
    const perDelivery = jsonBytes({
      id: "row-1",
      producerId: "cell-0",
      kind: "call",
      name: "ShareFile",
      ...fileShare(1),
    });
    fillTo(log, minter, 2 * perDelivery - 5 * 40);
    bytesRead.resolve();
    const results = await Promise.all(calls);
    const successes = results.filter((r) => !r.isError).length;
    expect(successes).toBeGreaterThan(0);
    expect(successes).toBeLessThan(CALLS);
    expect(log.records().filter((r) => r.sharedFile)).toHaveLength(successes);
    expect(log.usage().bytes).toBeLessThanOrEqual(MAX_TRACE_BYTES);
    expect(turn.shares.spent).toBe(successes);
  });
});
