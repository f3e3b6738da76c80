import { ElowenClient } from "@elowen/client";
import { RUN_BOUNDARY_ENTRY, STEP_CONTEXT_ENTRY } from "@elowen/plugin-api/journal";
import { parseEntryData } from "@elowen/wire";
import { afterEach, describe, expect, test } from "vitest";
import { startBrainDaemon, subscribe } from "./helpers/live-events.js";
import type { TestDaemon } from "./helpers/test-daemon.js";

let t: TestDaemon | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe("the run boundary", () => {
  test("a hook gets exactly one continuation; its note is model-visible and never drawn", async () => {
    t = await startBrainDaemon({
      script: `turns:
  - steps:
      - text: "first run"
      - text: "continued"
`,
      settings: { continueOnce: true },
    });
    const session = await t.owner.sessions.create();
    const log = await subscribe(t.owner, session.id);
    const reply = await t.owner.sessions.submitTurn(session.id, {
      text: "go",
      waitForSettle: true,
    });
    expect(reply).toMatchObject({ outcome: { reason: "answer", answer: "continued" } });
    const continuation = await log.next("continuation");
    expect(continuation.data).toMatchObject({ continuationsUsed: 1, messages: 1, records: 1 });
    expect(log.of("continuation")).toHaveLength(1);
    const branch = await t.daemon.host.store.journal.branch(session.id);
    const boundary = branch.filter((e) => e.customType === RUN_BOUNDARY_ENTRY);
    expect(boundary.map((e) => [e.hidden, (e.data as { kind: string }).kind])).toEqual([
      [true, "message"],
      [true, "record"],
    ]);
    const visible = (await t.owner.sessions.history(session.id)).entries.map((e) => e.kind);
    expect(visible).toEqual(["user", "assistant", "assistant", "turn_end"]);
    await log.close();
  });
});

describe("abort", () => {
  test("abort ends the running turn with reason aborted; what was said stays in history", async () => {
    t = await startBrainDaemon({
      script: `turns:
  - steps:
      - text: "working on it"
        tools: [{ name: Slow, args: {} }]
`,
    });
    const session = await t.owner.sessions.create();
    const log = await subscribe(t.owner, session.id);
    const settled = t.owner.sessions.submitTurn(session.id, { text: "go", waitForSettle: true });
    await log.next("tool_started");
    const aborted = await t.owner.sessions.abort(session.id);
    expect(aborted.turnId).toMatch(/^t_/);
    expect(await settled).toMatchObject({
      outcome: { reason: "aborted", answer: "working on it" },
    });
    const kinds = (await t.owner.sessions.history(session.id)).entries.map((e) => e.kind);
    expect(kinds).toEqual(["user", "assistant", "tool_result", "turn_end"]);
    await log.close();
  });
});

describe("concurrent submits", () => {
  test("the second submission queues behind the first and nothing of the two interleaves", async () => {
    t = await startBrainDaemon({
      script: `turns:
  - steps:
      - tools: [{ name: Confirm, args: { question: "Go on?" } }]
      - text: "one"
  - steps:
      - text: "two"
`,
    });
    const session = await t.owner.sessions.create();
    const log = await subscribe(t.owner, session.id);
    const first = await t.owner.sessions.submitTurn(session.id, { text: "first" });
    const asked = await log.next("question_asked");
    const second = await t.owner.sessions.submitTurn(session.id, { text: "second" });
    expect(first).toMatchObject({ status: "accepted", position: 0 });
    expect(second).toMatchObject({ status: "accepted", position: 1 });
    expect((await t.owner.sessions.state(session.id)).queued).toEqual([
      { submissionId: (second as { submissionId: string }).submissionId, position: 1 },
    ]);
    await t.owner.sessions.answerQuestion(session.id, asked.data.questionId, {
      answers: [{ selected: ["Yes"] }],
    });
    await log.next("turn_completed", (e) => e.data.answer === "two");
    const entries = (await t.owner.sessions.history(session.id)).entries;
    const turns = entries.map((e) => (e.data as { turnId: string }).turnId);
    const firstTurn = turns[0] ?? "";
    const boundary = turns.lastIndexOf(firstTurn);
    expect(turns.slice(0, boundary + 1).every((id) => id === firstTurn)).toBe(true);
    expect(turns.slice(boundary + 1).every((id) => id !== firstTurn)).toBe(true);
    expect(entries.map((e) => e.kind)).toEqual([
      "user",
      "assistant",
      "tool_result",
      "assistant",
      "turn_end",
      "user",
      "assistant",
      "turn_end",
    ]);
    await log.close();
  });
});

describe("two clients at once", () => {
  test("two clients submitting to one session at the same moment: one runs, the other queues, and their turns never interleave", async () => {
    t = await startBrainDaemon({
      // The first turn to run parks on a question, so whichever submission lands second finds
      // it running however slowly its request arrives.
      script: `turns:
  - steps:
      - tools: [{ name: Confirm, args: { question: "Go on?" } }]
      - text: "first turn done"
  - steps:
      - tools: [{ name: Weather, args: { city: Bergen } }]
      - text: "second turn done"
`,
    });
    const session = await t.owner.sessions.create();
    const other = new ElowenClient({ baseUrl: t.daemon.url, token: t.ownerToken });
    const log = await subscribe(t.owner, session.id);
    const replies = await Promise.all([
      t.owner.sessions.submitTurn(session.id, { text: "from the web" }),
      other.sessions.submitTurn(session.id, { text: "from the cli" }),
    ]);
    const positions = replies.map((r) => (r as { position: number }).position);
    expect([...positions].sort()).toEqual([0, 1]);
    const asked = await log.next("question_asked");
    await other.sessions.answerQuestion(session.id, asked.data.questionId, {
      answers: [{ selected: ["Yes"] }],
    });
    await log.next("turn_completed", (e) => e.data.answer === "second turn done");
    await log.close();
    const entries = (await t.owner.sessions.history(session.id)).entries;
    const turns = entries.map((e) => (e.data as { turnId: string }).turnId);
    const [firstTurn] = turns;
    const boundary = turns.lastIndexOf(firstTurn ?? "");
    expect(turns.slice(0, boundary + 1).every((id) => id === firstTurn)).toBe(true);
    expect(turns.slice(boundary + 1).every((id) => id !== firstTurn)).toBe(true);
    expect(entries.map((e) => e.kind)).toEqual([
      ...["user", "assistant", "tool_result", "assistant", "turn_end"],
      ...["user", "assistant", "tool_result", "assistant", "turn_end"],
    ]);
    // The submission placed first ran first.
    const first = positions[0] === 0 ? "from the web" : "from the cli";
    expect(JSON.stringify(entries[0]?.data)).toContain(first);
  });
});

describe("step context", () => {
  test("reminders are stored hidden after the interval's tool result, before the model's next request", async () => {
    t = await startBrainDaemon({
      script: `turns:
  - steps:
      - tools: [{ name: Weather, args: { city: A } }, { name: Weather, args: { city: B } }]
      - text: "done"
`,
      settings: { stepContext: "Remember the budget." },
      config: { brain: { stepContextInterval: 2 } },
    });
    const session = await t.owner.sessions.create();
    await t.owner.sessions.submitTurn(session.id, { text: "go", waitForSettle: true });
    const branch = await t.daemon.host.store.journal.branch(session.id);
    const kinds = branch.map((e) => e.customType ?? e.kind);
    expect(kinds).toEqual([
      "user",
      "assistant",
      "tool_result",
      "tool_result",
      STEP_CONTEXT_ENTRY,
      "assistant",
      "turn_end",
    ]);
    expect(branch[4]).toMatchObject({
      hidden: true,
      data: { toolResults: 2, records: [{ text: "Remember the budget.", clamped: false }] },
    });
  });

  test("a batch's last result and its reminders are one transaction, and clients hear of the result before the next request", async () => {
    t = await startBrainDaemon({
      script: `turns:
  - steps:
      - tools: [{ name: Weather, args: { city: A } }]
      - text: "done"
`,
      settings: { stepContext: "Remember the budget." },
      config: { brain: { stepContextInterval: 1 } },
    });
    const { journal } = t.daemon.host.store;
    const transactions: string[][] = [];
    const append = journal.append.bind(journal);
    journal.append = (sessionId, entries, options) => {
      transactions.push(entries.map((e) => e.customType ?? e.kind));
      return append(sessionId, entries, options);
    };
    const session = await t.owner.sessions.create();
    const log = await subscribe(t.owner, session.id);
    await t.owner.sessions.submitTurn(session.id, { text: "go", waitForSettle: true });
    expect(transactions).toEqual([
      ["user"],
      ["assistant"],
      ["tool_result", STEP_CONTEXT_ENTRY],
      ["assistant", "turn_end"],
    ]);
    await log.next("turn_completed");
    const result = (await t.owner.sessions.history(session.id)).entries.find(
      (e) => e.kind === "tool_result",
    );
    const order = log.events.flatMap((e) => {
      if (e.type === "entries") return e.data.entries.map((entry) => `entries:${entry.kind}`);
      return ["tool_ended", "assistant_started"].includes(e.type) ? [e.type] : [];
    });
    expect(order).toEqual([
      "entries:user",
      "assistant_started",
      "entries:assistant",
      "entries:tool_result",
      "tool_ended",
      "assistant_started",
      "entries:assistant",
      "entries:turn_end",
    ]);
    expect(log.of("tool_ended")[0]?.data.entryId).toBe(result?.id);
    await log.close();
  });

  test("a provider that answers later does not hold the result back: clients hear of it first", async () => {
    let open = () => {};
    const latch = "elowenStepContextLatch";
    (globalThis as Record<string, unknown>)[latch] = new Promise<void>((resolve) => {
      open = resolve;
    });
    try {
      t = await startBrainDaemon({
        script: `turns:
  - steps:
      - tools: [{ name: Weather, args: { city: A } }]
      - text: "done"
`,
        settings: { stepContext: "Remember the budget.", stepContextLatch: latch },
        config: { brain: { stepContextInterval: 1 } },
      });
      const session = await t.owner.sessions.create();
      const log = await subscribe(t.owner, session.id);
      await t.owner.sessions.submitTurn(session.id, { text: "go" });
      // The reminder waits for this: were the result held for it, tool_ended would not come.
      const ended = await log.next("tool_ended");
      const stored = await t.daemon.host.store.journal.get(session.id, ended.data.entryId);
      expect(stored?.kind).toBe("tool_result");
      open();
      await log.next("turn_completed");
      const branch = await t.daemon.host.store.journal.branch(session.id);
      expect(branch.map((e) => e.customType ?? e.kind)).toEqual([
        "user",
        "assistant",
        "tool_result",
        STEP_CONTEXT_ENTRY,
        "assistant",
        "turn_end",
      ]);
      expect(branch[3]?.data).toMatchObject({ records: [{ text: "Remember the budget." }] });
      await log.close();
    } finally {
      open();
      delete (globalThis as Record<string, unknown>)[latch];
    }
  });

  test("a run stopped after a tool batch still writes the batch's last result", async () => {
    t = await startBrainDaemon({
      script: `turns:
  - steps:
      - tools: [{ name: Weather, args: { city: A } }]
      - text: "never asked for"
`,
      settings: { stepContext: "Remember the budget." },
      config: { brain: { stepContextInterval: 1, maxSteps: 1 } },
    });
    const session = await t.owner.sessions.create();
    const log = await subscribe(t.owner, session.id);
    await t.owner.sessions.submitTurn(session.id, { text: "go", waitForSettle: true });
    const ended = await log.next("tool_ended");
    const branch = await t.daemon.host.store.journal.branch(session.id);
    expect(branch.map((e) => e.customType ?? e.kind)).toEqual([
      "user",
      "assistant",
      "tool_result",
      "turn_end",
    ]);
    expect(branch[2]?.id).toBe(ended.data.entryId);
    await log.close();
  });
});

describe("sub-agents", () => {
  test("a plugin's agent.spawn runs a child loop with its own agent id and hands back its answer", async () => {
    t = await startBrainDaemon({
      script: `turns:
  - steps:
      - tools: [{ name: Delegate, args: { task: "count the files" } }]
      - text: "the helper answered"
agents:
  - steps:
      - text: "there are 3 files"
`,
    });
    const session = await t.owner.sessions.create();
    const log = await subscribe(t.owner, session.id);
    await t.owner.sessions.submitTurn(session.id, { text: "go", waitForSettle: true });
    const done = await log.next("agent", (e) => e.data.state !== "running");
    expect(done.data).toMatchObject({
      name: "helper",
      state: "completed",
      answer: "there are 3 files",
    });
    const result = (await t.owner.sessions.history(session.id)).entries
      .map((e) => parseEntryData(e))
      .find((p) => p?.kind === "tool_result");
    expect(result?.data).toMatchObject({
      content: [{ type: "text", text: "there are 3 files" }],
      details: {
        agentId: done.data.agentId,
        agents: [{ agentId: done.data.agentId, state: "completed" }],
      },
    });
    const child = await t.owner.sessions.history(done.data.sessionId);
    expect(child.entries.map((e) => e.kind)).toEqual(["user", "assistant", "turn_end"]);
    expect((child.entries[2]?.data as { agentId?: string } | undefined)?.agentId).toBe(
      done.data.agentId,
    );
    await log.close();
  });
});

describe("limits and usage", () => {
  test("a run stops at the step ceiling and says so", async () => {
    t = await startBrainDaemon({
      script: `turns:
  - steps:
      - tools: [{ name: Weather, args: { city: A } }]
      - tools: [{ name: Weather, args: { city: B } }]
      - text: "never reached"
`,
      config: { brain: { maxSteps: 2 } },
    });
    const session = await t.owner.sessions.create();
    const log = await subscribe(t.owner, session.id);
    const reply = await t.owner.sessions.submitTurn(session.id, {
      text: "go",
      waitForSettle: true,
    });
    expect(reply).toMatchObject({ outcome: { reason: "answer", answer: "" } });
    const notice = await log.next("notice");
    expect(notice.data).toMatchObject({
      level: "warning",
      text: expect.stringContaining("after 2 model requests"),
    });
    await log.close();
  });

  test("session.usage answers the context's fill against the window and the session's cost", async () => {
    t = await startBrainDaemon({
      script: `turns:
  - steps: [{ text: "first" }]
  - steps:
      - tools: [{ name: Usage, args: {} }]
      - text: "done"
`,
    });
    const session = await t.owner.sessions.create();
    await t.owner.sessions.submitTurn(session.id, { text: "one", waitForSettle: true });
    await t.owner.sessions.submitTurn(session.id, { text: "two", waitForSettle: true });
    const result = (await t.owner.sessions.history(session.id)).entries
      .map((e) => parseEntryData(e))
      .find((p) => p?.kind === "tool_result");
    const text = result?.kind === "tool_result" ? result.data.content[0] : undefined;
    const usage = JSON.parse(text?.type === "text" ? text.text : "{}");
    expect(usage.context.windowTokens).toBe(128_000);
    expect(usage.context.usedTokens).toBeGreaterThan(0);
    expect(usage.context.fraction).toBeCloseTo(usage.context.usedTokens / 128_000);
    expect(usage.rateLimits).toBeNull();
    expect(usage.cost).toMatchObject({ totalUsd: 0, usage: { inputTokens: expect.any(Number) } });
  });
});
