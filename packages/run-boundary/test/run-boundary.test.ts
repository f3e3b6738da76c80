import type { PluginLogger } from "@elowen/plugin-api";
import type { RunBoundaryPayload, RunOutcome } from "@elowen/plugin-api/run-boundary";
import { describe, expect, test } from "vitest";
import { RunBoundary, RunBoundaryError, type RunBoundaryHookResult } from "../src/index.js";

type Script = (payload: RunBoundaryPayload) => readonly RunBoundaryHookResult[];

/** A boundary whose hooks answer by `script`; records every payload it fired with. */
function boundary(script: Script, extra: { agentId?: string; log?: PluginLogger } = {}) {
  const payloads: RunBoundaryPayload[] = [];
  const run = new RunBoundary({
    sessionId: "s1",
    ...extra,
    emit: async (payload) => {
      payloads.push(payload);
      return script(payload);
    },
  });
  return { run, payloads };
}
const note = (text: string) => ({ kind: "message" as const, text });
const nudge = (pluginName: string, text = "TASK 7 is still in_progress") => ({
  pluginName,
  patch: { entries: [note(text)], continue: true },
});

describe("a run boundary", () => {
  test("grants one continuation, then fires again with continuationAllowed false and settles", async () => {
    const { run, payloads } = boundary((p) => (p.continuationAllowed ? [nudge("tasks")] : []));
    const first = await run.settle("completed");
    expect(first).toEqual({
      outcome: "completed",
      entries: [{ pluginName: "tasks", entry: note("TASK 7 is still in_progress") }],
      continue: true,
      continuedBy: "tasks",
      continuationsUsed: 1,
      problems: [],
    });
    expect(run.state).toBe("continuing");
    const second = await run.settle("completed");
    expect(second).toMatchObject({ entries: [], continue: false, continuationsUsed: 1 });
    expect(run.state).toBe("settled");
    expect(payloads).toEqual([
      { sessionId: "s1", outcome: "completed", continuationAllowed: true, continuationsUsed: 0 },
      { sessionId: "s1", outcome: "completed", continuationAllowed: false, continuationsUsed: 1 },
    ]);
  });

  test("a second continuation in the same run is refused: the cap is one, and the note still lands", async () => {
    const { run } = boundary(() => [nudge("pushy", "still not done")]);
    await run.settle("completed");
    const again = await run.settle("completed");
    expect(again.continue).toBe(false);
    expect(again.entries).toEqual([{ pluginName: "pushy", entry: note("still not done") }]);
    expect(again.problems).toEqual([
      expect.objectContaining({ code: "boundary.continue_cap_reached", pluginName: "pushy" }),
    ]);
  });

  test("continue needs an accepted message in the same patch", async () => {
    const { run } = boundary(() => [
      {
        pluginName: "records-only",
        patch: { entries: [{ kind: "record", type: "t", data: 1 }], continue: true },
      },
    ]);
    const settled = await run.settle("completed");
    expect(settled.continue).toBe(false);
    expect(settled.entries).toHaveLength(1);
    expect(settled.problems[0]?.code).toBe("boundary.continue_without_message");
  });

  test("a message refused for its size does not unlock a continuation", async () => {
    const { run } = boundary(() => [nudge("verbose", "x".repeat(1025))]);
    const settled = await run.settle("completed");
    expect(settled).toMatchObject({ entries: [], continue: false });
    expect(settled.problems.map((p) => p.code)).toEqual([
      "boundary.message_too_large",
      "boundary.continue_without_message",
    ]);
  });

  test.each(["aborted", "error", "refusal"] as const)(
    "a run that ended %s never continues, but its notes are still appended",
    async (outcome) => {
      const { run, payloads } = boundary(() => [nudge("tasks", "one small note")]);
      const settled = await run.settle(outcome);
      expect(payloads[0]).toMatchObject({ outcome, continuationAllowed: false });
      expect(settled.entries).toEqual([{ pluginName: "tasks", entry: note("one small note") }]);
      expect(settled.continue).toBe(false);
      expect(settled.problems[0]?.code).toBe("boundary.continue_not_completed");
      expect(run.state).toBe("settled");
    },
  );

  test("several plugins: entries in registration order; the first continue wins", async () => {
    const { run } = boundary(() => [
      {
        pluginName: "a",
        patch: { entries: [note("a1"), { kind: "record", type: "a.state", data: { n: 1 } }] },
      },
      nudge("b", "b1"),
      nudge("c", "c1"),
    ]);
    const settled = await run.settle("completed");
    expect(settled.entries.map(({ pluginName, entry }) => [pluginName, entry.kind])).toEqual([
      ["a", "message"],
      ["a", "record"],
      ["b", "message"],
      ["c", "message"],
    ]);
    expect(settled.continuedBy).toBe("b");
    expect(settled.continuationsUsed).toBe(1);
    expect(settled.problems).toEqual([
      expect.objectContaining({ code: "boundary.continue_already_granted", pluginName: "c" }),
    ]);
  });

  test("a sub-agent's run carries its agent id in the payload", async () => {
    const { run, payloads } = boundary(() => [], { agentId: "agent-3" });
    await run.settle("completed");
    expect(payloads[0]?.agentId).toBe("agent-3");
  });

  test("an emitter that fails leaves the run settling with nothing, and says so", async () => {
    const run = new RunBoundary({
      sessionId: "s1",
      emit: async () => {
        throw new Error("bus gone");
      },
    });
    const settled = await run.settle("completed");
    expect(settled).toMatchObject({ entries: [], continue: false });
    expect(settled.problems).toEqual([
      expect.objectContaining({
        code: "boundary.emitter_failed",
        message: expect.stringMatching(/bus gone/),
      }),
    ]);
  });

  test("every problem is logged with its code and plugin", async () => {
    const lines: unknown[] = [];
    const log: PluginLogger = {
      debug() {},
      info() {},
      warn: (message, fields) => lines.push({ message, fields }),
      error() {},
    };
    const { run } = boundary(() => [{ pluginName: "odd", patch: "nope" }], { log });
    await run.settle("completed");
    expect(lines).toEqual([
      {
        message: expect.stringMatching(/^run boundary: a boundary patch is/),
        fields: { code: "boundary.malformed_patch", plugin: "odd" },
      },
    ]);
  });
});

describe("driving a run boundary wrongly", () => {
  test("an unknown outcome is refused, naming the outcomes", async () => {
    const { run } = boundary(() => []);
    await expect(run.settle("done" as RunOutcome)).rejects.toMatchObject({
      code: "boundary.invalid_outcome",
      message: expect.stringMatching(/completed, aborted, error, refusal/),
    });
  });

  test("a settle while one is in flight is refused", async () => {
    const { run } = boundary(() => []);
    const first = run.settle("completed");
    await expect(run.settle("completed")).rejects.toMatchObject({
      code: "boundary.settle_in_flight",
    });
    await first;
  });

  test("a settle after the run settled is refused", async () => {
    const { run } = boundary(() => []);
    await run.settle("completed");
    await expect(run.settle("completed")).rejects.toBeInstanceOf(RunBoundaryError);
  });

  test.each([
    ["no emitter", { sessionId: "s1" }],
    ["no session", { sessionId: "", emit: async () => [] }],
  ])("a boundary with %s cannot be built", (_label, options) => {
    expect(() => new RunBoundary(options as never)).toThrow(
      expect.objectContaining({ code: "boundary.invalid_options" }),
    );
  });
});
