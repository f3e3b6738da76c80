import { readFileSync } from "node:fs";
import { parsePluginManifest } from "@elowen/plugin-api";
import { BrainCardSchema } from "@elowen/plugin-api/cards";
import type { RunBoundaryPayload } from "@elowen/plugin-api/run-boundary";
import { checkPluginCompatibility } from "@elowen/plugin-api/versions";
import { describe, expect, test } from "vitest";
import { TODO_TOOL_NAME } from "../src/limits.js";
import { createTodoPlugin, registerTodo } from "../src/todo-plugin.js";
import { manualClock, tempDir } from "./temp-dir.js";
import { TestHost } from "./test-host.js";

const packageJson = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));

const settle = (overrides: Partial<RunBoundaryPayload> = {}): RunBoundaryPayload => ({
  sessionId: "session-1",
  outcome: "completed",
  continuationAllowed: true,
  continuationsUsed: 0,
  ...overrides,
});

describe("the plugin", () => {
  test("declares a manifest this host loads, asking for the runBoundary capability", () => {
    const parsed = parsePluginManifest(packageJson);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.manifest).toMatchObject({
      core: "^0.30.7",
      sharedApi: 14,
      entry: "dist/index.js",
    });
    expect(parsed.manifest.capabilities.mutates).toEqual(["runBoundary"]);
    expect(checkPluginCompatibility(parsed.manifest)).toEqual({ ok: true });
    expect(packageJson.exports["."].default).toBe(`./${parsed.manifest.entry}`);
  });

  test("depends at run time only on the plugin contract and the shared helpers, zod as a peer", () => {
    expect(Object.keys(packageJson.dependencies).sort()).toEqual([
      "@elowen/plugin-api",
      "@elowen/plugin-shared",
    ]);
    expect(Object.keys(packageJson.peerDependencies)).toEqual(["zod"]);
  });

  test("registers TodoWrite and the settle reminder, or only the tool without the reminder", async () => {
    const host = new TestHost(await tempDir());
    await createTodoPlugin().register(host.ctx);
    expect([...host.tools.keys()]).toEqual([TODO_TOOL_NAME]);
    expect(host.hooks.map((h) => h.name)).toEqual(["brain.run.beforeSettle"]);
    const quiet = new TestHost(await tempDir());
    await createTodoPlugin({ reminder: false }).register(quiet.ctx);
    expect(quiet.hooks).toEqual([]);
  });
});

describe("TodoWrite through the plugin", () => {
  test("moves items through their states with a live start and a frozen duration on the pinned card", async () => {
    const clock = manualClock();
    const host = new TestHost(await tempDir());
    registerTodo(host.ctx, { now: clock.now });
    const t0 = clock.now();
    await host.call(TODO_TOOL_NAME, {
      todos: [
        { id: "1", text: "Read the issue", status: "in_progress" },
        { id: "2", text: "Write the plugin", status: "pending" },
      ],
    });
    clock.advance(65_000);
    await host.call(TODO_TOOL_NAME, {
      todos: [
        { id: "1", text: "Read the issue", status: "completed" },
        { id: "2", text: "Write the plugin", status: "in_progress" },
      ],
    });
    clock.advance(30_000);
    const third = await host.call(TODO_TOOL_NAME, {
      todos: [
        { id: "1", text: "Read the issue", status: "completed" },
        { id: "2", text: "Write the plugin and its tests", status: "in_progress" },
      ],
    });
    expect(host.cards.map(({ card }) => card)).toEqual([
      {
        id: "todo",
        title: "Todo (0/2)",
        pinned: true,
        items: [
          { id: "1", text: "Read the issue", status: "running", startedAt: t0 },
          { id: "2", text: "Write the plugin", status: "pending" },
        ],
      },
      {
        id: "todo",
        title: "Todo (1/2)",
        pinned: true,
        items: [
          { id: "1", text: "Read the issue", status: "completed", durationMs: 65_000 },
          { id: "2", text: "Write the plugin", status: "running", startedAt: t0 + 65_000 },
        ],
      },
      {
        id: "todo",
        title: "Todo (1/2)",
        pinned: true,
        items: [
          { id: "1", text: "Read the issue", status: "completed", durationMs: 65_000 },
          {
            id: "2",
            text: "Write the plugin and its tests",
            status: "running",
            startedAt: t0 + 65_000,
          },
        ],
      },
    ]);
    for (const { card } of host.cards) expect(BrainCardSchema.safeParse(card).success).toBe(true);
    expect(third).toEqual({
      content: [
        {
          type: "text",
          text: [
            "Todo list saved: 2 items (1 completed, 1 in progress, 0 pending).",
            "[x] 1: Read the issue",
            "[>] 2: Write the plugin and its tests",
          ].join("\n"),
        },
      ],
      details: {
        todos: [
          { id: "1", text: "Read the issue", status: "completed", durationMs: 65_000 },
          {
            id: "2",
            text: "Write the plugin and its tests",
            status: "in_progress",
            startedAt: t0 + 65_000,
          },
        ],
      },
    });
  });

  test("keeps start times across a daemon restart (a new plugin on the same data directory)", async () => {
    const dataDir = await tempDir();
    const clock = manualClock();
    const before = new TestHost(dataDir);
    registerTodo(before.ctx, { now: clock.now });
    await before.call(TODO_TOOL_NAME, {
      todos: [{ id: "a", text: "Migrate", status: "in_progress" }],
    });
    const started = clock.now();
    clock.advance(3_600_000);
    const after = new TestHost(dataDir);
    registerTodo(after.ctx, { now: clock.now });
    await after.call(TODO_TOOL_NAME, {
      todos: [{ id: "a", text: "Migrate", status: "completed" }],
    });
    expect(after.cards[0]?.card.items).toEqual([
      { id: "a", text: "Migrate", status: "completed", durationMs: 3_600_000 },
    ]);
    expect(started).toBe(clock.now() - 3_600_000);
  });

  test("removes the card with an empty list", async () => {
    const host = new TestHost(await tempDir());
    registerTodo(host.ctx);
    await host.call(TODO_TOOL_NAME, { todos: [{ id: "a", text: "x", status: "pending" }] });
    const cleared = await host.call(TODO_TOOL_NAME, { todos: [] });
    expect(host.cards.at(-1)?.card).toEqual({ id: "todo" });
    expect(cleared.content).toEqual([{ type: "text", text: "Todo list cleared." }]);
  });

  test("keeps sessions and sub-agents apart, each sub-agent with its own card", async () => {
    const host = new TestHost(await tempDir());
    registerTodo(host.ctx);
    await host.call(TODO_TOOL_NAME, { todos: [{ id: "a", text: "Main", status: "pending" }] });
    await host.call(
      TODO_TOOL_NAME,
      { todos: [{ id: "a", text: "Helper", status: "pending" }] },
      { sessionId: "session-1", agentId: "agent-9" },
    );
    await host.call(
      TODO_TOOL_NAME,
      { todos: [{ id: "a", text: "Other", status: "in_progress" }] },
      { sessionId: "session-2" },
    );
    expect(
      host.cards.map(({ sessionId, card }) => [sessionId, card.id, card.items?.[0]?.text]),
    ).toEqual([
      ["session-1", "todo", "Main"],
      ["session-1", "todo:agent-9", "Helper"],
      ["session-2", "todo", "Other"],
    ]);
  });
});

describe("the settle reminder through the plugin", () => {
  test("reminds once of an item left in progress, continuing the run, then stays quiet", async () => {
    const host = new TestHost(await tempDir());
    registerTodo(host.ctx);
    await host.call(TODO_TOOL_NAME, {
      todos: [
        { id: "6", text: "TASK 6", status: "completed" },
        { id: "7", text: "TASK 7", status: "in_progress" },
      ],
    });
    const [first] = await host.settle(settle());
    expect(first).toEqual({
      patch: {
        boundary: {
          entries: [
            {
              kind: "message",
              text: 'Todo: "TASK 7" (id 7) is still in_progress. Finish it, or update the list with TodoWrite (completed, or back to pending) before you stop.',
            },
          ],
          continue: true,
        },
      },
    });
    expect(await host.settle(settle({ continuationAllowed: false, continuationsUsed: 1 }))).toEqual(
      [undefined],
    );
  });

  test("says nothing for a session whose list is done, empty or absent, or a run that did not complete", async () => {
    const host = new TestHost(await tempDir());
    registerTodo(host.ctx);
    await host.call(TODO_TOOL_NAME, { todos: [{ id: "1", text: "x", status: "completed" }] });
    expect(await host.settle(settle())).toEqual([undefined]);
    expect(await host.settle(settle({ sessionId: "never-used" }))).toEqual([undefined]);
    await host.call(TODO_TOOL_NAME, { todos: [{ id: "1", text: "x", status: "in_progress" }] });
    expect(await host.settle(settle({ outcome: "aborted" }))).toEqual([undefined]);
  });

  test("reads the sub-agent's own list when the settling run is a sub-agent's", async () => {
    const host = new TestHost(await tempDir());
    registerTodo(host.ctx);
    const agent = { sessionId: "session-1", agentId: "agent-9" };
    await host.call(
      TODO_TOOL_NAME,
      { todos: [{ id: "h", text: "Help", status: "in_progress" }] },
      agent,
    );
    expect(await host.settle(settle())).toEqual([undefined]);
    const [agentNote] = await host.settle(settle({ agentId: "agent-9" }));
    expect(JSON.stringify(agentNote)).toContain('\\"Help\\" (id h)');
  });
});
