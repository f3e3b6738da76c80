import { join } from "node:path";
import type { PluginMutation } from "@elowen/plugin-api";
import type { ToolResultEntryData } from "@elowen/wire";
import { afterEach, describe, expect, test } from "vitest";
import { startBrainDaemon, subscribe, toolResults } from "./helpers/live-events.js";
import type { TestDaemon } from "./helpers/test-daemon.js";

// One call per step to each tool acme-gate's PreToolUse hook answers for (see its decide.mjs):
// Weather (runs without asking; the hook says ask), Boom (asks; the hook says allow), write (asks;
// the hook says the older approve), bash (the operator's rule denies it; the hook says allow) and
// Pin (the hook says deny).
const SCRIPT = `turns:
  - steps:
      - tools: [{ name: Weather, args: { city: Oslo } }]
      - tools: [{ name: Boom, args: {} }]
      - tools: [{ name: write, args: { path: notes.txt, content: hello } }]
      - tools: [{ name: bash, args: { command: "echo ran" } }]
      - tools: [{ name: Pin, args: { text: hi } }]
      - text: "done"
`;

let t: TestDaemon | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** brain-kit's tools, acme-gate loaded from its folder with `granted`, bash denied by the operator. */
function daemonWithAcmeGate(granted: readonly PluginMutation[]) {
  return startBrainDaemon({
    script: SCRIPT,
    config: {
      brain: { permissions: { bash: "deny" } },
      plugins: {
        bundled: false,
        dirs: [join(import.meta.dirname, "fixtures", "claude-plugins", "acme-gate")],
        consent: {
          "brain-kit": { mutates: ["tools", "runBoundary", "prompt", "turnContext"] },
          "acme-gate": { mutates: [...granted] },
        },
      },
    },
  });
}

/** Each tool's result as the model reads it, with the permission outcome recorded on it. */
function byTool(results: readonly ToolResultEntryData[]) {
  return Object.fromEntries(
    results.map((r) => [
      r.toolName,
      {
        text: r.content.flatMap((b) => (b.type === "text" ? [b.text] : [])).join("\n"),
        isError: r.isError === true,
        asked:
          (r.details?.questionAnswer as { questions: { outcome: string }[] } | undefined)
            ?.questions[0]?.outcome ?? "not asked",
      },
    ]),
  );
}

describe("a Claude Code PreToolUse permissionDecision", () => {
  test("with tools granted: ask asks the person about a tool that would run, allow and approve skip the asking, an operator's deny rule still holds, deny refuses with the reason the model reads", async () => {
    t = await daemonWithAcmeGate(["tools"]);
    const session = await t.owner.sessions.create();
    const log = await subscribe(t.owner, session.id);
    const settled = t.owner.sessions.submitTurn(session.id, { text: "go", waitForSettle: true });
    const asked = await log.next("permission_asked");
    expect(asked.data).toMatchObject({
      tool: "Weather",
      question: "Allow Weather to run? (acme-gate asks: check the city first)",
    });
    await t.owner.sessions.decidePermission(session.id, asked.data.permissionId, {
      outcome: "once",
    });
    expect(await settled).toMatchObject({ outcome: { reason: "answer", answer: "done" } });
    expect(log.of("permission_asked").map((e) => e.data.tool)).toEqual(["Weather"]);
    await log.close();
    expect(byTool(await toolResults(t.owner, session.id))).toEqual({
      Weather: { text: "Oslo: sunny", isError: false, asked: "once" },
      Boom: { text: "the boom tool exploded", isError: true, asked: "not asked" },
      write: { text: expect.stringContaining("notes.txt"), isError: false, asked: "not asked" },
      bash: {
        text: "bash is refused by the operator's rule (brain.permissions: deny); it did not run.",
        isError: true,
        asked: "not asked",
      },
      Pin: {
        text: "Pin was denied by acme-gate: no pins in this project",
        isError: true,
        asked: "not asked",
      },
    });
    const audit = (await t.owner.hookAudit()).entries;
    expect(audit).toContainEqual(
      expect.objectContaining({
        plugin: "acme-gate",
        hook: "tools.call.before",
        outcome: "ok",
        detail: "PreToolUse asks the person before Weather runs",
      }),
    );
    expect(audit).toContainEqual(
      expect.objectContaining({
        plugin: "acme-gate",
        detail: "PreToolUse lets Boom run without asking",
      }),
    );
  });

  test("without tools granted: not honoured and audited as not granted; every tool's own permission applies", async () => {
    t = await daemonWithAcmeGate([]);
    const session = await t.owner.sessions.create();
    const log = await subscribe(t.owner, session.id);
    const settled = t.owner.sessions.submitTurn(session.id, { text: "go", waitForSettle: true });
    for (const tool of ["Boom", "write"]) {
      const asked = await log.next("permission_asked", (e) => e.data.tool === tool);
      await t.owner.sessions.decidePermission(session.id, asked.data.permissionId, {
        outcome: "deny",
      });
    }
    expect(await settled).toMatchObject({ outcome: { reason: "answer", answer: "done" } });
    expect(log.of("permission_asked").map((e) => e.data.tool)).toEqual(["Boom", "write"]);
    await log.close();
    expect(byTool(await toolResults(t.owner, session.id))).toEqual({
      Weather: { text: "Oslo: sunny", isError: false, asked: "not asked" },
      Boom: { text: "Permission to run Boom was denied.", isError: true, asked: "deny" },
      write: { text: "Permission to run write was denied.", isError: true, asked: "deny" },
      bash: {
        text: "bash is refused by the operator's rule (brain.permissions: deny); it did not run.",
        isError: true,
        asked: "not asked",
      },
      Pin: { text: "pinned", isError: false, asked: "not asked" },
    });
    const audit = (await t.owner.hookAudit()).entries;
    for (const action of [
      "PreToolUse permissionDecision ask",
      "PreToolUse permissionDecision allow",
    ])
      expect(audit).toContainEqual(
        expect.objectContaining({
          plugin: "acme-gate",
          capability: "tools",
          action,
          outcome: "dropped",
        }),
      );
    expect(audit).toContainEqual(
      expect.objectContaining({
        plugin: "acme-gate",
        hook: "tools.call.before",
        outcome: "patch-dropped",
        detail: expect.stringContaining('needs the "tools" capability'),
      }),
    );
  });
});
