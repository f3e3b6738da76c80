import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ElowenClient } from "@elowen/client";
import { HOOK_BUDGETS_MS, HOOK_DEFAULT_BUDGET_MS } from "@elowen/plugin-api/limits";
import { parseEntryData } from "@elowen/wire";
import { afterEach, describe, expect, test } from "vitest";
import { SUBMIT_CONTEXT_ENTRY } from "../src/brain/context/replay.js";
import { startHostedDaemon as startDaemon } from "../src/lifecycle/daemon.js";
import { spawnNode } from "./helpers/child.js";
import { scriptFile, startBrainDaemon, subscribe } from "./helpers/live-events.js";
import { fixturePlugin, type TestDaemon, tempHome } from "./helpers/test-daemon.js";

const bin = join(import.meta.dirname, "..", "dist", "bin.js");

let t: TestDaemon | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe("faults", () => {
  test("a provider error mid-response settles the turn with reason error, the partial text kept and marked", async () => {
    t = await startBrainDaemon({
      script: `turns: [{ steps: [{ text: "Half an ans", error: "connection reset by the provider" }] }]`,
    });
    const session = await t.owner.sessions.create();
    const reply = await t.owner.sessions.submitTurn(session.id, {
      text: "go",
      waitForSettle: true,
    });
    expect(reply).toMatchObject({ outcome: { reason: "error", answer: "Half an ans" } });
    const entries = (await t.owner.sessions.history(session.id)).entries.map((e) =>
      parseEntryData(e),
    );
    expect(entries.map((e) => e?.kind)).toEqual(["user", "assistant", "turn_end"]);
    expect(entries[1]?.data).toMatchObject({
      partial: true,
      stopReason: "error",
      errorMessage: "connection reset by the provider",
      content: [{ type: "text", text: "Half an ans" }],
    });
    expect(entries[2]?.data).toMatchObject({
      reason: "error",
      errorMessage: "connection reset by the provider",
    });
  });

  test("a hook that hangs in every position still lets the turn settle within the sum of the budgets", {
    timeout: 120_000,
  }, async () => {
    const home = tempHome();
    t = await startBrainDaemon({
      script: `turns:
  - steps:
      - tools: [{ name: Weather, args: { city: Oslo } }]
      - text: "settled anyway"
`,
      settings: { hang: true },
      config: { brain: { stepContextInterval: 1 } },
      home,
    });
    const session = await t.owner.sessions.create();
    const workspace = join(home, "workspaces", session.id);
    mkdirSync(workspace, { recursive: true });
    writeFileSync(join(workspace, "notes.txt"), "the notes\n");
    const started = Date.now();
    const reply = await t.owner.sessions.submitTurn(session.id, {
      text: "go, with @notes.txt",
      waitForSettle: true,
    });
    const took = Date.now() - started;
    expect(reply).toMatchObject({ outcome: { reason: "answer", answer: "settled anyway" } });
    // Waited on: prompt.submit, the input transform, turn.start, beforeSpawn, prompt.mention and
    // the file's prompt.attachment, prompt.compose, one prompt.section, turn context, turn.step
    // twice, tools.call.before, tools.call.after (awaited because the plugin was granted `tools`,
    // so its appendResult patch can reach the result), step context, brain.run.beforeSettle and
    // turn.complete; afterSpawn only observes and is never waited on.
    const budgets =
      13 * HOOK_DEFAULT_BUDGET_MS +
      HOOK_BUDGETS_MS["tools.call.before"] +
      HOOK_BUDGETS_MS["tools.call.after"] +
      HOOK_BUDGETS_MS["brain.run.beforeSettle"];
    expect(took).toBeLessThan(budgets + 5000);
    // A hook skipped past its budget leaves the chain going on: the mentioned file still reaches
    // the model.
    const branch = await t.daemon.host.store.journal.branch(session.id);
    const context = branch.find((e) => e.customType === SUBMIT_CONTEXT_ENTRY);
    expect(JSON.stringify(context?.data)).toContain("notes.txt:\\nthe notes");
    const kinds = (await t.owner.sessions.history(session.id)).entries.map((e) => e.kind);
    expect(kinds).toEqual(["user", "assistant", "tool_result", "assistant", "turn_end"]);
  });

  test("a daemon killed mid-turn restarts with history consistent and the turn marked, not replayed", async () => {
    const home = tempHome();
    const script = scriptFile(
      home,
      `turns:
  - steps:
      - text: "Starting the long job."
        tools: [{ name: Slow, args: {} }]
      - text: "this must never be said"
`,
    );
    writeFileSync(
      join(home, "elowen.yaml"),
      [
        "model:",
        `  script: ${JSON.stringify(script)}`,
        "plugins:",
        "  bundled: false",
        `  dirs: [${JSON.stringify(fixturePlugin("brain-kit"))}]`,
        "",
      ].join("\n"),
    );
    const child = spawnNode([bin], { ELOWEN_HOME: home, ELOWEN_PORT: "0", ELOWEN_HOST: "" });
    await child.waitFor((line) => line.startsWith("Press Ctrl-C"));
    const { url } = JSON.parse(readFileSync(join(home, "daemon.json"), "utf8"));
    const token = readFileSync(join(home, "owner.token"), "utf8").trim();
    const client = new ElowenClient({ baseUrl: url, token });
    const session = await client.sessions.create();
    const log = await subscribe(client, session.id);
    await client.sessions.submitTurn(session.id, { text: "run the job" });
    await log.next("tool_started");
    child.process.kill("SIGKILL");
    expect(await child.exited()).toEqual({ code: null, signal: "SIGKILL" });
    await log.close();

    const lines: string[] = [];
    const daemon = await startDaemon({
      home,
      env: {},
      log: (line) => lines.push(line),
      config: { server: { port: 0 } },
    });
    try {
      const again = new ElowenClient({ baseUrl: daemon.url, token });
      const entries = (await again.sessions.history(session.id)).entries.map((e) =>
        parseEntryData(e),
      );
      expect(entries.map((e) => e?.kind)).toEqual(["user", "assistant", "tool_result", "turn_end"]);
      expect(entries[2]?.data).toMatchObject({ toolName: "Slow", isError: true });
      expect(entries[3]?.data).toMatchObject({ reason: "aborted", interrupted: "restart" });
      expect(await again.sessions.state(session.id)).toMatchObject({ running: null, queued: [] });
      expect(await daemon.host.store.turns.listOpen()).toEqual([]);
      expect(lines.join("\n")).toMatch(/marked 1 turn\(s\) a restart interrupted/);
    } finally {
      await daemon.stop();
    }
  });
});
