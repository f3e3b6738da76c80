import { readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { HookBus } from "@elowen/hook-bus";
import type { PluginContext, PluginMutation } from "@elowen/plugin-api";
import type { PromptSubmitInput } from "@elowen/plugin-api/events";
import { describe, expect, test } from "vitest";
import type { ForeignHook, ForeignPlugin } from "../foreign-plugin.js";
import { registerProcessHooks } from "./register-process-hooks.js";

// Budgets on a clock that never moves: these tests judge decisions, not timing, so a slow machine
// cannot turn a hook's answer into a timeout. The hooks are real processes all the same.
const stillClock = { now: () => 0 };
const stillTimers = { setTimeout: () => ({}), clearTimeout: () => undefined };

/**
 * A clock on a host so loaded that creating a process takes a minute: it reads the minutes off
 * how many child processes this one has (Linux's /proc), so a hook whose own synchronous run
 * started a process is seen holding the event loop for a minute.
 */
const forkCostClock = {
  now: () =>
    readdirSync("/proc/self/task").reduce(
      (n, task) =>
        n +
        readFileSync(`/proc/self/task/${task}/children`, "utf8").split(" ").filter(Boolean).length,
      0,
    ) * 60_000,
};

/** A bus with one Claude Code plugin's command hooks registered, granted `granted`. */
function busWith(
  hooks: readonly ForeignHook[],
  granted: readonly PluginMutation[],
  clock: { now(): number } = stillClock,
) {
  const dropped: string[] = [];
  const permissions: string[] = [];
  const bus = new HookBus({ clock, timers: stillTimers, grantsOf: () => granted });
  const plugin: ForeignPlugin = {
    format: "claude-code",
    dir: tmpdir(),
    name: "acme",
    version: "1.0.0",
    commands: [],
    agents: [],
    skills: [],
    mcpServers: {},
    hooks,
    diagnostics: [],
  };
  const log = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
  const ctx = {
    log,
    registerHook: (hook: never) => bus.registerHook("acme", hook),
    on: (event: never, hook: never) => bus.on("acme", event, hook),
    registerTurnContext: () => undefined,
  } as unknown as PluginContext;
  registerProcessHooks({
    ctx,
    plugin,
    granted: new Set(granted),
    host: {
      cwd: tmpdir(),
      dropped: (name, capability, action) => dropped.push(`${name} ${capability} ${action}`),
      permission: (sessionId, toolCallId, said) =>
        permissions.push(
          `${sessionId} ${toolCallId} ${said.plugin} ${said.decision} ${said.reason}`,
        ),
    },
  });
  return { bus, dropped, permissions };
}

/** A command hook printing `json` (or running `command`). */
const printing = (event: ForeignHook["event"], json: unknown): ForeignHook => ({
  event,
  command: `printf '%s' '${JSON.stringify(json)}'`,
});

const call = {
  sessionId: "s1",
  toolCallId: "c1",
  toolName: "Weather",
  args: { city: "Oslo" },
  nested: false,
};

const submit = (bus: HookBus, text: string) =>
  bus.run(
    "prompt.submit",
    { text, wait: false, origin: { kind: "composer" } } satisfies PromptSubmitInput,
    (e) => ({ text: e.text, ...(e.context === undefined ? {} : { context: e.context }) }),
    { sessionId: "s1", userId: 1 },
  );

describe("Claude Code command hooks on our points", () => {
  test("PreToolUse updatedInput with tools replaces the call's arguments", async () => {
    const { bus } = busWith(
      [
        printing("PreToolUse", {
          hookSpecificOutput: { permissionDecision: "allow", updatedInput: { city: "Bergen" } },
        }),
      ],
      ["tools"],
    );
    expect(await bus.emitToolCallBefore(call)).toEqual({
      updatedArgs: { pluginName: "acme", args: { city: "Bergen" } },
    });
    expect(bus.audit()[0]).toMatchObject({
      outcome: "ok",
      detail:
        'PreToolUse rewrites the input of Weather: {"city":"Bergen"}; lets Weather run without asking',
    });
  });

  test("PreToolUse updatedInput without tools is dropped and audited as not granted", async () => {
    const { bus } = busWith(
      [printing("PreToolUse", { hookSpecificOutput: { updatedInput: { city: "Bergen" } } })],
      [],
    );
    expect(await bus.emitToolCallBefore(call)).toEqual({});
    expect(bus.audit()[0]).toMatchObject({
      outcome: "patch-dropped",
      detail: expect.stringContaining('needs the "tools" capability'),
    });
  });

  test("PostToolUse block reason and additionalContext follow the result, with tools", async () => {
    const { bus } = busWith(
      [
        printing("PostToolUse", {
          decision: "block",
          reason: "run the tests",
          hookSpecificOutput: { additionalContext: "the file is generated" },
        }),
      ],
      ["tools"],
    );
    expect(await bus.emitToolCallAfter({ ...call, isError: false, text: "Oslo: sunny" })).toEqual([
      {
        pluginName: "acme",
        text: "PostToolUse hook of acme: run the tests\n\nthe file is generated",
      },
    ]);
  });

  test("PostToolUse without tools adds nothing", async () => {
    const { bus } = busWith([printing("PostToolUse", { decision: "block", reason: "no" })], []);
    expect(await bus.emitToolCallAfter({ ...call, isError: false, text: "x" })).toEqual([]);
  });

  test.each([
    [
      "a JSON decision",
      printing("UserPromptSubmit", { decision: "block", reason: "not today" }),
      "not today",
    ],
    [
      "exit code 2 with stderr",
      { event: "UserPromptSubmit", command: "echo 'stopped here' >&2; exit 2" } as ForeignHook,
      "stopped here",
    ],
  ])("UserPromptSubmit blocks with %s when turnContext is granted", async (_, hook, reason) => {
    const { bus } = busWith([hook], ["turnContext"]);
    expect(await submit(bus, "hello")).toEqual({ drop: `acme blocked the prompt: ${reason}` });
  });

  test("UserPromptSubmit context (JSON and plain stdout) goes beside the prompt with turnContext", async () => {
    const { bus } = busWith(
      [
        printing("UserPromptSubmit", { hookSpecificOutput: { additionalContext: "from JSON" } }),
        { event: "UserPromptSubmit", command: "echo 'from plain stdout'" },
      ],
      ["turnContext"],
    );
    expect(await submit(bus, "hello")).toEqual({
      text: "hello",
      context: ["from JSON", "from plain stdout"],
    });
  });

  test("UserPromptSubmit without turnContext blocks nothing, adds nothing, and is audited", async () => {
    const { bus, dropped } = busWith(
      [
        printing("UserPromptSubmit", {
          decision: "block",
          reason: "no",
          hookSpecificOutput: { additionalContext: "ctx" },
        }),
      ],
      [],
    );
    expect(await submit(bus, "hello")).toEqual({ text: "hello" });
    expect(dropped).toEqual([
      "acme turnContext UserPromptSubmit block",
      "acme turnContext additionalContext",
    ]);
  });
  test.each([
    ["ask", "asks the person before Weather runs"],
    ["allow", "lets Weather run without asking"],
  ] as const)(
    "PreToolUse permissionDecision %s with tools goes to the call's permission gate",
    async (said, audit) => {
      const { bus, permissions } = busWith(
        [
          printing("PreToolUse", {
            hookSpecificOutput: { permissionDecision: said, permissionDecisionReason: "why" },
          }),
        ],
        ["tools"],
      );
      expect(await bus.emitToolCallBefore(call)).toEqual({});
      expect(permissions).toEqual([`s1 c1 acme ${said} why`]);
      expect(bus.audit()[0]).toMatchObject({ outcome: "ok", detail: `PreToolUse ${audit}` });
    },
  );

  test("PreToolUse permissionDecision without tools reaches no gate and is audited as not granted", async () => {
    const { bus, permissions, dropped } = busWith(
      [printing("PreToolUse", { decision: "approve" })],
      [],
    );
    expect(await bus.emitToolCallBefore(call)).toEqual({});
    expect(permissions).toEqual([]);
    expect(dropped).toEqual(["acme tools PreToolUse permissionDecision allow"]);
  });

  test.each([
    [
      "PreToolUse",
      (bus: HookBus) => bus.emitToolCallBefore(call),
      { denial: { pluginName: "acme", reason: "slow but sure" } },
    ],
    [
      "UserPromptSubmit",
      (bus: HookBus) => submit(bus, "hello"),
      { drop: "acme blocked the prompt: slow but sure" },
    ],
  ] as const)(
    "a %s hook process that runs a while, on a host where starting a process is slow, does not put its plugin in quarantine",
    async (event, run, decided) => {
      const { bus } = busWith(
        [{ event, command: "sleep 1; echo 'slow but sure' >&2; exit 2" }],
        ["tools", "turnContext"],
        forkCostClock,
      );
      expect(await run(bus)).toEqual(decided);
      expect(bus.quarantined()).toEqual([]);
      expect(bus.audit().filter((e) => e.outcome === "error")).toEqual([]);
    },
  );
});
