import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseEntryData } from "@elowen/wire";
import { afterEach, describe, expect, test } from "vitest";
import { startTestDaemon, type TestDaemon, tempHome } from "./helpers/test-daemon.js";

let t: TestDaemon | undefined;
afterEach(async () => {
  await t?.close();
  if (t) rmSync(t.home, { recursive: true, force: true });
  t = undefined;
});

/** The daemon with the bundled plugins (code mode on, hiding direct tools) and direct-tools. */
async function start(script: string) {
  const home = tempHome();
  const file = join(home, "script.yaml");
  writeFileSync(file, script);
  t = await startTestDaemon({
    home,
    plugins: ["direct-tools"],
    config: { model: { script: file }, plugins: { bundled: true } },
  });
  return t;
}

async function toolResults(daemon: TestDaemon, sessionId: string) {
  return (await daemon.owner.sessions.history(sessionId)).entries
    .map((e) => parseEntryData(e as never))
    .filter((d) => d?.kind === "tool_result")
    .map((d) => (d?.kind === "tool_result" ? [d.data.toolName, d.data.content] : []));
}

describe("plugin tools with code mode on", () => {
  test("the README's scripted tool example works as written: a tool declaring direct: true stays a direct model tool", async () => {
    const readme = readFileSync(join(import.meta.dirname, "..", "README.md"), "utf8");
    const yaml = /## Models[\s\S]*?```yaml\n([\s\S]*?)```/.exec(readme)?.[1] ?? "";
    expect(yaml).toContain("name: Weather");
    const daemon = await start(yaml);
    expect(
      (await daemon.owner.status()).plugins.find((p) => p.name === "@elowen/plugin-code-mode")
        ?.state,
    ).toBe("loaded");
    const session = await daemon.owner.sessions.create();
    const reply = await daemon.owner.sessions.submitTurn(session.id, {
      text: "weather?",
      waitForSettle: true,
    });
    expect(reply).toMatchObject({ status: "settled", outcome: { answer: "It is sunny in Oslo." } });
    expect(await toolResults(daemon, session.id)).toEqual([
      ["Weather", [{ type: "text", text: "Oslo: sunny" }]],
    ]);
  });

  test("a tool code mode withdrew is not found by name, and the log says why and how to keep it direct", async () => {
    const daemon = await start(
      "turns:\n  - steps:\n      - tools: [{ name: Forecast, args: { city: Oslo } }]\n      - text: done\n",
    );
    const session = await daemon.owner.sessions.create();
    await daemon.owner.sessions.submitTurn(session.id, { text: "forecast?", waitForSettle: true });
    expect(await toolResults(daemon, session.id)).toEqual([
      ["Forecast", [{ type: "text", text: "Tool Forecast not found" }]],
    ]);
    expect(daemon.lines).toContainEqual(
      expect.stringContaining(
        "the model called Forecast, which this turn does not offer: code mode (@elowen/plugin-code-mode) offers it only inside exec scripts as tools.Forecast; its plugin (acme-direct-tools) can keep it a direct model tool with direct: true",
      ),
    );
  });
});
