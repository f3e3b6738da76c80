import { join } from "node:path";
import type { ToolTraceRecord } from "@elowen/plugin-api/trace";
import { parseEntryData } from "@elowen/wire";
import { afterEach, describe, expect, test } from "vitest";
import { startBrainDaemon, subscribe, toolResults } from "./helpers/live-events.js";
import { fixturePlugin, type TestDaemon, tempHome } from "./helpers/test-daemon.js";
import { historyRows, liveRows } from "./helpers/tool-rows.js";

const CODE_MODE = join(import.meta.dirname, "..", "..", "..", "packages", "plugins", "code-mode");

let t: TestDaemon | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const SCRIPT = `turns:
  - steps:
      - text: "Running a script."
        tools:
          - name: exec
            args:
              script: |
                const weather = await tools.Weather({ city: "Oslo" });
                await Promise.all([
                  tools.Pic({ color: "red", delayMs: 50 }),
                  tools.Pic({ color: "blue" }),
                ]);
                const asked = tools.Confirm({ question: "Proceed?" });
                await tools.Weather({ city: "Rome" });
                await asked;
                return weather;
      - tools: [{ name: wait, args: {} }]
      - text: "All done."
`;

function start(home: string) {
  return startBrainDaemon({
    home,
    script: SCRIPT,
    config: {
      plugins: {
        dirs: [fixturePlugin("brain-kit"), CODE_MODE],
        settings: { "@elowen/plugin-code-mode": { yieldAfterMs: 300 } },
      },
    },
  });
}

describe("code mode through the daemon", () => {
  test("nested calls are rows live and after a restart: pending settled in place, durations frozen, images in completion order", async () => {
    const home = tempHome();
    t = await start(home);
    const session = await t.owner.sessions.create();
    const log = await subscribe(t.owner, session.id);
    const settled = t.owner.sessions.submitTurn(session.id, { text: "go", waitForSettle: true });
    const asked = await log.next("question_asked");
    await log.next("tool_ended");
    await t.owner.sessions.answerQuestion(session.id, asked.data.questionId, {
      answers: [{ selected: ["Yes"] }],
    });
    expect(await settled).toMatchObject({ outcome: { reason: "answer", answer: "All done." } });
    await log.next("turn_completed");
    const execEnded = log.of("tool_ended")[0];
    const lateSettle = log
      .of("trace")
      .find((e) => e.data.type === "row-settled" && e.data.record.name === "Confirm");
    expect(lateSettle?.data.reportedIn).toBe(execEnded?.data.callId);
    const live = liveRows(log);
    await log.close();

    const entries = (await t.owner.sessions.history(session.id)).entries;
    const exec = entries
      .map((e) => parseEntryData(e))
      .find((p) => p?.kind === "tool_result" && p.data.toolName === "exec");
    const details = exec?.kind === "tool_result" ? exec.data.details : undefined;
    const trace = (details?.toolTrace ?? []) as ToolTraceRecord[];
    expect(trace.map((r) => [r.name, r.pending === true])).toEqual([
      ["Weather", false],
      ["Pic", false],
      ["Pic", false],
      ["Confirm", false],
      ["Weather", false],
    ]);
    const confirm = trace.find((r) => r.name === "Confirm");
    expect(confirm?.durationMs).toBeGreaterThan(0);
    expect(confirm?.questionAnswer?.questions[0]).toMatchObject({
      selected: ["Yes"],
      outcome: "answered",
    });
    const images = trace
      .filter((r) => r.images?.length)
      .sort((a, b) => (a.imageOrder ?? 0) - (b.imageOrder ?? 0));
    // Red started first and finished last: the images come in completion order, not start order.
    expect(trace.filter((r) => r.name === "Pic").map((r) => r.args)).toEqual([
      { color: "red", delayMs: 50 },
      { color: "blue" },
    ]);
    expect(images.map((r) => r.args)).toEqual([{ color: "blue" }, { color: "red", delayMs: 50 }]);
    const wrappers = entries
      .map((e) => parseEntryData(e))
      .flatMap((p) =>
        p?.kind === "tool_result" && ["exec", "wait"].includes(p.data.toolName)
          ? [[p.data.toolName, p.data.details?.ownRow]]
          : [],
      );
    expect(wrappers).toEqual([
      ["exec", false],
      ["wait", false],
    ]);
    // exec and wait draw no row of their own, live or reloaded: only the nested calls are rows.
    expect(live.filter((r) => r.source === "direct")).toEqual([]);

    await t.daemon.stop();
    t = await start(home);
    const reloaded = historyRows((await t.owner.sessions.history(session.id)).entries);
    expect(reloaded).toEqual(live);
    expect(reloaded.map((r) => [r.source, r.name])).toEqual([
      ["nested", "Weather"],
      ["nested", "Pic"],
      ["nested", "Pic"],
      ["nested", "Confirm"],
      ["nested", "Weather"],
    ]);
    expect(reloaded.every((r) => r.status !== "running")).toBe(true);
  });

  test("escape attempts through exec fail in their tool result with a clear error, and the daemon keeps serving", {
    timeout: 120_000,
  }, async () => {
    const attempts = [
      ['this.constructor.constructor("return process")()', "'process' is not defined"],
      ['await import("node:fs")', "could not load module 'node:fs'"],
      ["while (true) {}", "(busy limit)"],
      ['"x".repeat(2 ** 28)', "memory limit exceeded"],
    ];
    const steps = attempts.map(
      ([script]) => `      - tools: [{ name: exec, args: { script: ${JSON.stringify(script)} } }]`,
    );
    t = await startBrainDaemon({
      script: `turns:\n  - steps:\n${steps.join("\n")}\n      - text: "Still here."\n  - steps: [{ text: "Next turn." }]\n`,
      config: {
        plugins: {
          dirs: [fixturePlugin("brain-kit"), CODE_MODE],
          settings: { "@elowen/plugin-code-mode": { busyLimitMs: 300 } },
        },
      },
    });
    const session = await t.owner.sessions.create();
    const first = await t.owner.sessions.submitTurn(session.id, {
      text: "go",
      waitForSettle: true,
    });
    expect(first).toMatchObject({ outcome: { reason: "answer", answer: "Still here." } });
    const results = (await toolResults(t.owner, session.id)).map((r) => ({
      isError: r.isError,
      text: r.content.map((b) => (b.type === "text" ? b.text : "")).join(""),
    }));
    expect(results.map((r) => r.isError)).toEqual(attempts.map(() => true));
    attempts.forEach(([, error], i) => {
      expect(results[i]?.text).toContain(error);
    });
    expect((await fetch(`${t.daemon.url}/health`)).status).toBe(200);
    const next = await t.owner.sessions.submitTurn(session.id, {
      text: "again",
      waitForSettle: true,
    });
    expect(next).toMatchObject({ outcome: { reason: "answer", answer: "Next turn." } });
  });
});
