import { setTimeout as sleep } from "node:timers/promises";
import { ElowenClient } from "@elowen/client";
import { parseEntryData } from "@elowen/wire";
import pg from "pg";
import { afterEach, describe, expect, test } from "vitest";

// Two daemons start in each test: on a loaded machine that alone can take most of the default.
const SEVERAL_DAEMONS_MS = 90_000;

import { ASK_THEN_ANSWER, startBrainDaemon, subscribe } from "./helpers/live-events.js";
import type { TestDaemon } from "./helpers/test-daemon.js";
import { useTestDatabase } from "./helpers/test-database.js";

const database = useTestDatabase();
const running: TestDaemon[] = [];
afterEach(async () => {
  for (const daemon of running.splice(0)) await daemon.close();
});

async function instance(): Promise<TestDaemon> {
  const daemon = await startBrainDaemon({
    script: ASK_THEN_ANSWER,
    config: { store: { kind: "postgres", url: database.url, poolSize: 4, leaseMs: 2000 } },
  });
  running.push(daemon);
  return daemon;
}

async function holders(sessionId: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ instance_id: string }>(
      "SELECT instance_id FROM session_holds WHERE session_id = $1",
      [sessionId],
    );
    return rows.map((r) => r.instance_id);
  } finally {
    await client.end();
  }
}

describe("a session's turns across instances on one PostgreSQL database", () => {
  test(
    "a turn submitted through another instance waits for the running one, then runs whole",
    async () => {
      const [a, b] = [await instance(), await instance()];
      const viaB = new ElowenClient({ baseUrl: b.url, token: a.ownerToken });
      const session = await a.owner.sessions.create();
      const log = await subscribe(a.owner, session.id);
      const first = a.owner.sessions.submitTurn(session.id, { text: "one", waitForSettle: true });
      const asked = await log.next("question_asked");
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
      running.splice(0);
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const { rows } = await client.query("SELECT id FROM instances WHERE id = $1", [
          store.instanceId,
        ]);
        expect(rows).toEqual([]);
      } finally {
        await client.end();
      }
    },
    SEVERAL_DAEMONS_MS,
  );
});
