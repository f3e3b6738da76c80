// @elowen/daemon is a devDependency back on the host that bundles this plugin; this package's
// turbo.json lists its build's dependencies by name to keep that out of ^build (a task cycle).
import { startTestDaemon, type TestDaemon } from "@elowen/daemon/testing";
import type { BrainCard } from "@elowen/plugin-api/cards";
import { RUN_BOUNDARY_ENTRY } from "@elowen/plugin-api/journal";
import { parseEntryData } from "@elowen/wire";
import { afterEach, describe, expect, test } from "vitest";

/** This package's directory: the daemon loads the plugin from it, through its manifest's entry. */
const PLUGIN_DIR = new URL("..", import.meta.url).pathname;

let t: TestDaemon | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const write = (todos: string) => `      - tools: [{ name: TodoWrite, args: { todos: ${todos} } }]`;
const threeCalls = `turns:
  - steps:
${write('[{ id: "1", text: "Read the issue", status: in_progress }, { id: "2", text: "Write the plugin", status: pending }]')}
${write('[{ id: "1", text: "Read the issue", status: completed }, { id: "2", text: "Write the plugin", status: in_progress }]')}
${write('[{ id: "1", text: "Read the issue", status: completed }, { id: "2", text: "Write the plugin and tests", status: in_progress }]')}
      - text: "Working on it."
`;
const consent = { consent: { "@elowen/plugin-todo": { mutates: ["runBoundary" as const] } } };

type Row = NonNullable<BrainCard["items"]>[number];
const rowsOf = (card: BrainCard | undefined): Row[] => card?.items ?? [];

describe("TodoWrite in a real daemon", () => {
  test("three rewrites move items through their states on one pinned card, live and in history", async () => {
    t = await startTestDaemon({ plugins: [PLUGIN_DIR], script: threeCalls });
    const session = await t.owner.sessions.create();
    const log = await t.events(session.id);
    const before = Date.now();
    const reply = await t.owner.sessions.submitTurn(session.id, {
      text: "go",
      waitForSettle: true,
    });
    const after = Date.now();
    expect(reply).toMatchObject({ outcome: { reason: "answer", answer: "Working on it." } });

    await log.next("turn_completed");
    const live = log.of("card").map((e) => ("card" in e.data ? e.data.card : undefined));
    expect(live.map((c) => [c?.id, c?.pinned, c?.title])).toEqual([
      ["todo", true, "Todo (0/2)"],
      ["todo", true, "Todo (1/2)"],
      ["todo", true, "Todo (1/2)"],
    ]);
    const [first, second, third] = live.map(rowsOf);
    const started1 = first?.[0]?.startedAt ?? -1;
    expect(started1).toBeGreaterThanOrEqual(before);
    expect(started1).toBeLessThanOrEqual(after);
    expect(first).toEqual([
      { id: "1", text: "Read the issue", status: "running", startedAt: started1 },
      { id: "2", text: "Write the plugin", status: "pending" },
    ]);
    const started2 = second?.[1]?.startedAt ?? -1;
    const frozen = second?.[0]?.durationMs ?? -1;
    expect(started2).toBeGreaterThanOrEqual(started1);
    expect(frozen).toBe(started2 - started1);
    expect(second).toEqual([
      { id: "1", text: "Read the issue", status: "completed", durationMs: frozen },
      { id: "2", text: "Write the plugin", status: "running", startedAt: started2 },
    ]);
    expect(third).toEqual([
      { id: "1", text: "Read the issue", status: "completed", durationMs: frozen },
      { id: "2", text: "Write the plugin and tests", status: "running", startedAt: started2 },
    ]);

    const stored = (await t.owner.sessions.cards(session.id)).cards;
    expect(stored).toEqual([live[2]]);
    const history = (await t.owner.sessions.history(session.id)).entries;
    const results = history.flatMap((entry) => {
      const parsed = parseEntryData(entry);
      return parsed?.kind === "tool_result" ? [parsed.data] : [];
    });
    expect(results.map((r) => [r.toolName, r.isError])).toEqual([
      ["TodoWrite", false],
      ["TodoWrite", false],
      ["TodoWrite", false],
    ]);
    expect(results[2]?.details).toEqual({
      todos: [
        { id: "1", text: "Read the issue", status: "completed", durationMs: frozen },
        { id: "2", text: "Write the plugin and tests", status: "in_progress", startedAt: started2 },
      ],
    });
    expect(results[2]?.content).toEqual([
      {
        type: "text",
        text: [
          "Todo list saved: 2 items (1 completed, 1 in progress, 0 pending).",
          "[x] 1: Read the issue",
          "[>] 2: Write the plugin and tests",
        ].join("\n"),
      },
    ]);
    await log.close();
  });

  test("keeps the start time across a daemon restart, and an empty list removes the card", async () => {
    const script = `turns:
  - steps:
${write('[{ id: "m", text: "Migrate", status: in_progress }]')}
      - text: "Started."
  - steps:
${write('[{ id: "m", text: "Migrate", status: completed }]')}
${write("[]")}
      - text: "Done."
`;
    t = await startTestDaemon({ plugins: [PLUGIN_DIR], script });
    const session = await t.owner.sessions.create();
    await t.owner.sessions.submitTurn(session.id, { text: "start", waitForSettle: true });
    const [card] = (await t.owner.sessions.cards(session.id)).cards;
    const startedAt = rowsOf(card)[0]?.startedAt ?? -1;
    t = await t.restart();
    const restartedAt = Date.now();
    const log = await t.events(session.id);
    expect((await t.owner.sessions.cards(session.id)).cards).toEqual([card]);
    await t.owner.sessions.submitTurn(session.id, { text: "finish", waitForSettle: true });
    await log.next("turn_completed");
    const live = log.of("card").map((e) => e.data);
    const completed = "card" in (live[0] ?? {}) ? (live[0] as { card: BrainCard }).card : undefined;
    const durationMs = rowsOf(completed)[0]?.durationMs ?? -1;
    expect(durationMs).toBeGreaterThanOrEqual(restartedAt - startedAt);
    expect(rowsOf(completed)).toEqual([
      { id: "m", text: "Migrate", status: "completed", durationMs },
    ]);
    expect(live[1]).toEqual({ removed: "todo" });
    expect((await t.owner.sessions.cards(session.id)).cards).toEqual([]);
    await log.close();
  });

  test("with the operator's consent, reminds the model once of an item left in progress and continues the run", async () => {
    const script = `turns:
  - steps:
${write('[{ id: "7", text: "TASK 7", status: in_progress }]')}
      - text: "Stopping here."
${write('[{ id: "7", text: "TASK 7", status: completed }]')}
      - text: "TASK 7 is done."
`;
    t = await startTestDaemon({
      plugins: [PLUGIN_DIR],
      script,
      config: { plugins: consent },
    });
    const session = await t.owner.sessions.create();
    const log = await t.events(session.id);
    const reply = await t.owner.sessions.submitTurn(session.id, {
      text: "go",
      waitForSettle: true,
    });
    expect(reply).toMatchObject({ outcome: { reason: "answer", answer: "TASK 7 is done." } });
    expect((await log.next("continuation")).data).toMatchObject({
      continuationsUsed: 1,
      messages: 1,
    });
    const branch = await t.daemon.host.store.journal.branch(session.id);
    const notes = branch
      .filter((e) => e.customType === RUN_BOUNDARY_ENTRY)
      .map((e) => [e.hidden, e.data]);
    expect(notes).toEqual([
      [
        true,
        expect.objectContaining({
          kind: "message",
          text: 'Todo: "TASK 7" (id 7) is still in_progress. Finish it, or update the list with TodoWrite (completed, or back to pending) before you stop.',
        }),
      ],
    ]);
    expect(log.of("continuation")).toHaveLength(1);
    await log.close();
  });

  test("says it once: a continuation that leaves the item in progress settles without a second note", async () => {
    const script = `turns:
  - steps:
${write('[{ id: "7", text: "TASK 7", status: in_progress }]')}
      - text: "Stopping here."
      - text: "Still stopping."
`;
    t = await startTestDaemon({
      plugins: [PLUGIN_DIR],
      script,
      config: { plugins: consent },
    });
    const session = await t.owner.sessions.create();
    const reply = await t.owner.sessions.submitTurn(session.id, {
      text: "go",
      waitForSettle: true,
    });
    expect(reply).toMatchObject({ outcome: { reason: "answer", answer: "Still stopping." } });
    const branch = await t.daemon.host.store.journal.branch(session.id);
    expect(branch.filter((e) => e.customType === RUN_BOUNDARY_ENTRY)).toHaveLength(1);
  });

  test("without the operator's consent, the reminder's patch is dropped and the run settles as it stopped", async () => {
    const script = `turns:
  - steps:
${write('[{ id: "7", text: "TASK 7", status: in_progress }]')}
      - text: "Stopping here."
`;
    t = await startTestDaemon({ plugins: [PLUGIN_DIR], script });
    const session = await t.owner.sessions.create();
    const reply = await t.owner.sessions.submitTurn(session.id, {
      text: "go",
      waitForSettle: true,
    });
    expect(reply).toMatchObject({ outcome: { reason: "answer", answer: "Stopping here." } });
    const branch = await t.daemon.host.store.journal.branch(session.id);
    expect(branch.filter((e) => e.customType === RUN_BOUNDARY_ENTRY)).toEqual([]);
  });
});
