import { HookBus } from "@elowen/hook-bus";
import type { PluginMutation } from "@elowen/plugin-api";
import type { HookName, HookRegistration } from "@elowen/plugin-api/hooks";
import { describe, expect, test } from "vitest";
import { RunBoundary } from "../src/index.js";

/** The slice of a plugin context the example uses, forwarding to the bus as the daemon does. */
function contextFor(bus: HookBus, pluginName: string) {
  return {
    registerHook<N extends HookName>(hook: HookRegistration<N>): void {
      bus.registerHook(pluginName, hook);
    },
  };
}

/** Seed 000, "Run boundary": the example plugin, character for character inside register. */
function register(ctx: ReturnType<typeof contextFor>): void {
  // biome-ignore format: the seed's example, verbatim
  ctx.registerHook({
  name: 'brain.run.beforeSettle',
  run: (payload) => payload.continuationAllowed
    ? { patch: { boundary: { entries: [{ kind: 'message', text: 'TASK 7 is still in_progress' }], continue: true } } }
    : undefined,
});
}

function setup(grants: readonly PluginMutation[]) {
  const bus = new HookBus({ grantsOf: (plugin) => (plugin === "tasks" ? grants : []) });
  register(contextFor(bus, "tasks"));
  const run = new RunBoundary({ sessionId: "s1", emit: (payload) => bus.emitRunBoundary(payload) });
  return { bus, run };
}

describe("the seed's run-boundary example plugin on hook-bus and run-boundary", () => {
  test("with mutates: [runBoundary] it speaks its note once, continues once, then lets the run settle", async () => {
    const { bus, run } = setup(["runBoundary"]);
    const first = await run.settle("completed");
    expect(first).toEqual({
      outcome: "completed",
      entries: [
        { pluginName: "tasks", entry: { kind: "message", text: "TASK 7 is still in_progress" } },
      ],
      continue: true,
      continuedBy: "tasks",
      continuationsUsed: 1,
      problems: [],
    });
    const second = await run.settle("completed");
    expect(second).toMatchObject({
      entries: [],
      continue: false,
      continuationsUsed: 1,
      problems: [],
    });
    expect(run.state).toBe("settled");
    expect(bus.audit().map((row) => [row.plugin, row.hook, row.outcome])).toEqual([
      ["tasks", "brain.run.beforeSettle", "ok"],
      ["tasks", "brain.run.beforeSettle", "ok"],
    ]);
    bus.close();
  });

  test("without the grant its patch is dropped and audited, and the run settles at once", async () => {
    const { bus, run } = setup([]);
    expect(await run.settle("completed")).toMatchObject({ entries: [], continue: false });
    expect(bus.audit()[0]).toMatchObject({
      plugin: "tasks",
      outcome: "patch-dropped",
      detail: expect.stringMatching(/runBoundary/),
    });
    bus.close();
  });

  test("a run that was aborted gets no continuation from it (continuationAllowed is false)", async () => {
    const { bus, run } = setup(["runBoundary"]);
    expect(await run.settle("aborted")).toMatchObject({ entries: [], continue: false });
    bus.close();
  });
});
