import { CONTEXT_CLEARED_ENTRY, TURN_CONTEXT_ENTRY } from "@elowen/plugin-api/journal";
import { parseEntryData } from "@elowen/wire";
import { afterEach, describe, expect, test } from "vitest";
import { replayBranch } from "../src/brain/context/replay.js";
import { startBrainDaemon } from "./helpers/live-events.js";
import type { TestDaemon } from "./helpers/test-daemon.js";

let t: TestDaemon | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const LONG = "ok ".repeat(500);

describe("the context window", () => {
  test("near the window a session compacts: a summary entry, the newest turns kept whole and replayed after it", async () => {
    t = await startBrainDaemon({
      script: `turns:
  - steps: [{ text: "${LONG}" }]
  - steps: [{ text: "${LONG}" }]
  - steps: [{ text: "${LONG}" }]
`,
      config: { brain: { compactAt: 0.1, keepRecentTokens: 256 } },
    });
    const counts: number[] = [];
    t.daemon.host.registry.hooks.on("test", "turn.step", async function* (_$, e, next) {
      counts.push(e.messageCount);
      return yield* next(e);
    });
    const session = await t.owner.sessions.create();
    await t.owner.sessions.submitTurn(session.id, {
      text: "x".repeat(60_000),
      waitForSettle: true,
    });
    await t.owner.sessions.submitTurn(session.id, { text: "second", waitForSettle: true });
    await t.owner.sessions.submitTurn(session.id, { text: "third", waitForSettle: true });
    const history = (await t.owner.sessions.history(session.id)).entries;
    const compaction = history.map((e) => parseEntryData(e)).find((p) => p?.kind === "compaction");
    const secondUser = history.find(
      (e) => e.kind === "user" && (e.data as { text: string }).text === "second",
    );
    expect(compaction?.data).toMatchObject({
      firstKeptEntryId: secondUser?.id,
      summary: expect.stringContaining("Summary by the offline model"),
    });
    // The third turn read the summary, the kept second turn and its own prompt: not the first turn.
    expect(counts).toEqual([1, 3, 4]);
  });

  test("cold clearing retires turn-context records of old turns and keeps the person's words", async () => {
    t = await startBrainDaemon({
      settings: { turnContext: "Open ticket: ACME-7." },
      config: { brain: { coldClearAfterTurns: 1 } },
    });
    const session = await t.owner.sessions.create();
    for (const text of ["one", "two", "three", "four"])
      await t.owner.sessions.submitTurn(session.id, { text, waitForSettle: true });
    const branch = await t.daemon.host.store.journal.branch(session.id);
    const records = branch
      .filter((e) => e.customType === TURN_CONTEXT_ENTRY)
      .map((e) => (e.data as { type: string }).type);
    // Retired in a batch once a record is twice the age, keeping the provider's cache meanwhile.
    expect(records).toEqual([
      CONTEXT_CLEARED_ENTRY,
      CONTEXT_CLEARED_ENTRY,
      TURN_CONTEXT_ENTRY,
      TURN_CONTEXT_ENTRY,
    ]);
    const words = branch
      .filter((e) => e.kind === "user")
      .map((e) => (e.data as { text: string }).text);
    expect(words).toEqual(["one", "two", "three", "four"]);
  });
});

describe("replay", () => {
  test("what a settled turn leaves for the next equals the replay of the journal", async () => {
    t = await startBrainDaemon({
      script: `turns:
  - steps:
      - thinking: "weather first"
        tools: [{ name: Weather, args: { city: A } }, { name: Weather, args: { city: B } }]
      - text: "first run"
      - text: "continued"
`,
      settings: { continueOnce: true, stepContext: "Mind the budget.", turnContext: "Ticket 7." },
      config: { brain: { stepContextInterval: 2 } },
    });
    const session = await t.owner.sessions.create();
    await t.owner.sessions.submitTurn(session.id, { text: "go", waitForSettle: true });
    const cached = t.daemon.host.brain.context.runtime(session.id).replay;
    const branch = await t.daemon.host.store.journal.branch(session.id);
    const replayed = await replayBranch(branch, t.daemon.host.store.blobs);
    const comparable = (messages: readonly unknown[]) =>
      JSON.parse(
        JSON.stringify(messages, (key, value) =>
          key === "timestamp" || key === "details" ? undefined : value,
        ),
      );
    expect(comparable(cached?.messages ?? [])).toEqual(comparable(replayed));
    expect(cached?.leafId).toBe(branch.at(-1)?.id);
  });
});
