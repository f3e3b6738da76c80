import { parseEntryData } from "@elowen/client";
import { CONTEXT_CLEARED_ENTRY, TURN_CONTEXT_ENTRY } from "@elowen/plugin-api";
import { afterEach, describe, expect, test } from "vitest";
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
    for (const text of ["one", "two", "three"])
      await t.owner.sessions.submitTurn(session.id, { text, waitForSettle: true });
    const branch = await t.daemon.host.store.journal.branch(session.id);
    const records = branch
      .filter((e) => e.customType === TURN_CONTEXT_ENTRY)
      .map((e) => (e.data as { type: string }).type);
    expect(records).toEqual([CONTEXT_CLEARED_ENTRY, TURN_CONTEXT_ENTRY, TURN_CONTEXT_ENTRY]);
    const words = branch
      .filter((e) => e.kind === "user")
      .map((e) => (e.data as { text: string }).text);
    expect(words).toEqual(["one", "two", "three"]);
  });
});
