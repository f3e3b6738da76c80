import { parseEntryData } from "@elowen/wire";
import { afterEach, describe, expect, test } from "vitest";
import { OFFLINE_NOTICE } from "../src/brain/model/offline-model.js";
import { scriptFile, subscribe } from "./helpers/live-events.js";
import { startTestDaemon, type TestDaemon, tempHome } from "./helpers/test-daemon.js";

let t: TestDaemon | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe("the offline model", () => {
  test("with no provider it says it is offline and how to configure one, labelled offline everywhere", async () => {
    t = await startTestDaemon();
    const session = await t.owner.sessions.create();
    const log = await subscribe(t.owner, session.id);
    const reply = await t.owner.sessions.submitTurn(session.id, {
      text: "hello",
      waitForSettle: true,
    });
    expect(reply).toMatchObject({
      status: "settled",
      outcome: { reason: "answer", answer: OFFLINE_NOTICE },
    });
    expect((await t.owner.status()).model).toMatchObject({ provider: "offline", offline: true });
    const started = await log.next("turn_started");
    expect(started.data.model.offline).toBe(true);
    const history = (await t.owner.sessions.history(session.id)).entries;
    expect(history.map((e) => e.kind)).toEqual(["user", "assistant", "turn_end"]);
    const assistant = parseEntryData(history[1] as never);
    expect(assistant?.kind === "assistant" && assistant.data.offline).toBe(true);
    await log.close();
  });

  test("plays a script: thinking, text and a plugin tool call, then the answer", async () => {
    const home = tempHome();
    const script = scriptFile(
      home,
      `turns:
  - steps:
      - thinking: "The Weather tool knows."
        text: "Let me check."
        tools: [{ name: Weather, args: { city: Oslo } }]
      - text: "It is sunny in Oslo."
`,
    );
    t = await startTestDaemon({ home, plugins: ["brain-kit"], config: { model: { script } } });
    const session = await t.owner.sessions.create();
    const log = await subscribe(t.owner, session.id);
    const reply = await t.owner.sessions.submitTurn(session.id, {
      text: "weather?",
      waitForSettle: true,
    });
    expect(reply).toMatchObject({
      status: "settled",
      outcome: { reason: "answer", answer: "It is sunny in Oslo." },
    });
    const history = (await t.owner.sessions.history(session.id)).entries;
    expect(history.map((e) => e.kind)).toEqual([
      "user",
      "assistant",
      "tool_result",
      "assistant",
      "turn_end",
    ]);
    const result = parseEntryData(history[2] as never);
    expect(result?.kind === "tool_result" && result.data).toMatchObject({
      callId: "offline-0-0-0",
      toolName: "Weather",
      content: [{ type: "text", text: "Oslo: sunny" }],
      isError: false,
    });
    await log.next("turn_completed");
    const ended = await log.next("tool_ended");
    expect(ended.data.entryId).toBe(history[2]?.id);
    const deltas = log.of("assistant_delta").filter((e) => e.data.entryId === history[3]?.id);
    expect(deltas.map((e) => e.data.text).join("")).toBe("It is sunny in Oslo.");
    await log.close();
  });
});
