import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ElowenClient } from "@elowen/client";
import type { HistoryEntry } from "@elowen/wire";
import { describe, expect, test } from "vitest";
import { spawnNode } from "./helpers/child.js";
import { scriptFile, subscribe } from "./helpers/live-events.js";
import { tempHomes } from "./helpers/temp-homes.js";
import { fixturePlugin } from "./helpers/test-daemon.js";
import { historyRows, liveRows } from "./helpers/tool-rows.js";

const bin = join(import.meta.dirname, "..", "dist", "bin.js");
const home = tempHomes();

const SCRIPT = `turns:
  - steps:
      - text: "Let me check the weather."
        tools: [{ name: Weather, args: { city: Oslo } }]
      - tools: [{ name: Confirm, args: { question: "Shall I pin it?" } }]
      - tools: [{ name: Pin, args: { text: "Oslo: sunny" } }]
      - text: "Pinned."
      - text: "TASK 7 is done too."
`;

async function startBin(dir: string) {
  const child = spawnNode([bin], { ELOWEN_HOME: dir, ELOWEN_PORT: "0", ELOWEN_HOST: "" });
  await child.waitFor((line) => line.startsWith("Press Ctrl-C"));
  const { url } = JSON.parse(readFileSync(join(dir, "daemon.json"), "utf8"));
  const token = readFileSync(join(dir, "owner.token"), "utf8").trim();
  return { child, client: new ElowenClient({ baseUrl: url, token }) };
}

describe("done when (issue 8)", () => {
  test("offline model and a script: a plugin tool, a question answered over HTTP, a card, one continuation, identical after a restart", async () => {
    const dir = home();
    const script = scriptFile(dir, SCRIPT);
    writeFileSync(
      join(dir, "elowen.yaml"),
      [
        "model:",
        `  script: ${JSON.stringify(script)}`,
        "plugins:",
        "  bundled: false",
        `  dirs: [${JSON.stringify(fixturePlugin("brain-kit"))}]`,
        "  consent: { brain-kit: { mutates: [runBoundary] } }",
        "  settings: { brain-kit: { continueOnce: true } }",
        "",
      ].join("\n"),
    );
    const first = await startBin(dir);
    const session = await first.client.sessions.create({ title: "Done when" });
    const log = await subscribe(first.client, session.id);
    const reply = first.client.sessions.submitTurn(session.id, {
      text: "Weather in Oslo?",
      waitForSettle: true,
    });
    const asked = await log.next("question_asked");
    await first.client.sessions.answerQuestion(session.id, asked.data.questionId, {
      answers: [{ selected: ["Yes"] }],
    });
    expect(await reply).toMatchObject({
      status: "settled",
      outcome: { reason: "answer", answer: "TASK 7 is done too." },
    });
    await log.next("turn_completed");
    expect(log.of("continuation")).toHaveLength(1);
    expect(log.of("card").map((e) => e.data)).toEqual([
      { card: { id: "pin", title: "Pinned", text: "Oslo: sunny", pinned: true } },
    ]);
    const liveEntries: HistoryEntry[] = log.of("entries").flatMap((e) => e.data.entries);
    const live = liveRows(log);
    await log.close();
    first.child.process.kill("SIGTERM");
    expect(await first.child.exited()).toEqual({ code: 0, signal: null });

    const second = await startBin(dir);
    try {
      const history = (await second.client.sessions.history(session.id)).entries;
      expect(history).toEqual(liveEntries);
      expect(history.map((e) => e.kind)).toEqual([
        "user",
        "assistant",
        "tool_result",
        "assistant",
        "tool_result",
        "assistant",
        "tool_result",
        "assistant",
        "assistant",
        "turn_end",
      ]);
      expect(historyRows(history)).toEqual(live);
      expect((await second.client.sessions.cards(session.id)).cards).toEqual([
        { id: "pin", title: "Pinned", text: "Oslo: sunny", pinned: true },
      ]);
    } finally {
      second.child.process.kill("SIGTERM");
      await second.child.exited();
    }
  });
});
