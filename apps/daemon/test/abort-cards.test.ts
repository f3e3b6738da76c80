import { afterEach, describe, expect, test } from "vitest";
import { scriptFile, subscribe } from "./helpers/live-events.js";
import { startTestDaemon, type TestDaemon, tempHome } from "./helpers/test-daemon.js";

let t: TestDaemon | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function abortedWhileRunning(tool: string) {
  const home = tempHome();
  const script = scriptFile(
    home,
    `turns:\n  - steps:\n      - tools: [{ name: ${tool}, args: {} }]\n`,
  );
  t = await startTestDaemon({ home, plugins: ["turn-cards"], config: { model: { script } } });
  const session = await t.owner.sessions.create();
  const log = await subscribe(t.owner, session.id);
  const settled = t.owner.sessions.submitTurn(session.id, { text: "build", waitForSettle: true });
  await log.next("card");
  await t.owner.sessions.abort(session.id);
  expect(await settled).toMatchObject({ outcome: { reason: "aborted" } });
  return { session, log };
}

const status = (card: unknown) =>
  (card as { items?: { status: string }[] } | undefined)?.items?.[0]?.status;

describe("a card a tool emits as its turn aborts", () => {
  test.each([
    ["ctx.emitCard", "Watch", "watch"],
    ["the call's emitCard", "CallWatch", "call-watch"],
  ])(
    "lands live and stored when the tool emits it from its abort listener through %s",
    async (_via, tool, id) => {
      const { session, log } = await abortedWhileRunning(tool);
      const last = await log.next(
        "card",
        (e) => "card" in e.data && status(e.data.card) === "completed",
      );
      expect("card" in last.data && last.data.card.id).toBe(id);
      expect(
        log.of("card").map((e) => ("card" in e.data ? status(e.data.card) : "removed")),
      ).toEqual(["running", "completed"]);
      // A client that reloads reads the settled card, not a stale running one.
      const { cards } = await (t as TestDaemon).owner.sessions.cards(session.id);
      expect(cards.map((c) => [c.id, status(c)])).toEqual([[id, "completed"]]);
      await log.close();
    },
  );
});
