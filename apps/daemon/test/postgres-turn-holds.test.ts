import { setTimeout as sleep } from "node:timers/promises";
import { parseEntryData } from "@elowen/wire";
import { describe, expect, test } from "vitest";
import { postgresDaemons } from "./helpers/postgres-daemons.js";
import { queryRows } from "./helpers/test-database.js";

// Two daemons start in each test: on a loaded machine that alone can take most of the default.
const SEVERAL_DAEMONS_MS = 90_000;

const { database, instance, turnAskingOnA } = postgresDaemons(2000);

async function holders(sessionId: string): Promise<string[]> {
  const rows = await queryRows<{ instance_id: string }>(
    database.url,
    "SELECT instance_id FROM session_holds WHERE session_id = $1",
    [sessionId],
  );
  return rows.map((r) => r.instance_id);
}

describe("a session's turns across instances on one PostgreSQL database", () => {
  test(
    "a turn submitted through another instance waits for the running one, then runs whole",
    async () => {
      const { a, viaB, session, log, first, asked } = await turnAskingOnA();
      expect(await holders(session.id)).toHaveLength(1);

      const second = viaB.sessions.submitTurn(session.id, { text: "two", waitForSettle: true });
      // Every chance for the second turn to start, were the session not held: it must not.
      await sleep(500);
      const during = (await viaB.sessions.history(session.id)).entries;
      expect(during.map((e) => e.kind)).toEqual(["user", "assistant"]);

      await a.owner.sessions.answerQuestion(session.id, asked.data.questionId, {
        answers: [{ selected: ["Yes"] }],
      });
      expect(await first).toMatchObject({ status: "settled", outcome: { answer: "first done" } });
      expect(await second).toMatchObject({ status: "settled", outcome: { answer: "second done" } });
      await log.close();

      const history = (await a.owner.sessions.history(session.id)).entries;
      expect(
        history.map((e) => {
          const parsed = parseEntryData(e);
          return parsed?.kind === "user" ? `user:${parsed.data.text}` : e.kind;
        }),
      ).toEqual([
        "user:one",
        "assistant",
        "tool_result",
        "assistant",
        "turn_end",
        "user:two",
        "assistant",
        "turn_end",
      ]);
      expect(await holders(session.id)).toEqual([]);
    },
    SEVERAL_DAEMONS_MS,
  );

  test(
    "a stopped instance leaves no lease behind: its row is gone",
    async () => {
      const a = await instance();
      const store = a.daemon.host.store as { instanceId?: string };
      await a.close();
      expect(
        await queryRows(database.url, "SELECT id FROM instances WHERE id = $1", [store.instanceId]),
      ).toEqual([]);
    },
    SEVERAL_DAEMONS_MS,
  );
});
