import type { ElowenClient } from "@elowen/client";
import { parseEntryData } from "@elowen/wire";
import type pg from "pg";
import { describe, expect, test } from "vitest";
import { postgresDaemons } from "./helpers/postgres-daemons.js";
import type { TestDaemon } from "./helpers/test-daemon.js";
import { queryRows } from "./helpers/test-database.js";

// Two daemons start in each test: on a loaded machine that alone can take most of the default.
const SEVERAL_DAEMONS_MS = 120_000;

// A long lease: a test that needs one to lapse forces it.
const { database, turnAskingOnA } = postgresDaemons(60_000);

function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
  return queryRows<T>(database.url, text, values);
}

function instanceId(daemon: TestDaemon): string {
  return (daemon.daemon.host.store as unknown as { instanceId: string }).instanceId;
}

/** The session's history as `kind` (with the user's text and a turn_end's reason). */
async function kinds(client: ElowenClient, sessionId: string): Promise<string[]> {
  const { entries } = await client.sessions.history(sessionId);
  return entries.map((e) => {
    const parsed = parseEntryData(e);
    if (parsed?.kind === "user") return `user:${parsed.data.text}`;
    if (parsed?.kind === "turn_end") return `turn_end:${parsed.data.reason}`;
    return e.kind;
  });
}

describe("answers and aborts reach the instance running the turn", () => {
  test(
    "a question asked by a turn on A is answered through B; an unknown one is 404 there, a second answer 409",
    async () => {
      const { a, b, viaB, session, log, first, asked } = await turnAskingOnA();
      const { questionId } = asked.data;

      const answer = (id: string) =>
        b.request(`/sessions/${session.id}/questions/${id}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ answers: [{ selected: ["Yes"] }] }),
          token: a.ownerToken,
        });
      // Unknown on every instance, while A runs the session's turn.
      const other = `${questionId.slice(0, -1)}${questionId.endsWith("a") ? "b" : "a"}`;
      const unknown = await answer(other);
      expect(unknown.status).toBe(404);
      expect(
        await viaB.sessions.answerQuestion(session.id, questionId, {
          answers: [{ selected: ["Yes"] }],
        }),
      ).toEqual({ ok: true });
      expect(await first).toMatchObject({ status: "settled", outcome: { answer: "first done" } });
      await log.close();
      // A settled: nothing runs the session; the question is unknown through B (404), and A
      // remembers it closed (409).
      expect((await answer(questionId)).status).toBe(404);
      const late = await a.request(`/sessions/${session.id}/questions/${questionId}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ answers: [{ selected: ["Yes"] }] }),
      });
      expect(late.status).toBe(409);
      expect(await kinds(a.owner, session.id)).toEqual([
        "user:one",
        "assistant",
        "tool_result",
        "assistant",
        "turn_end:answer",
      ]);
      expect(await sql("SELECT id FROM relayed_requests")).toEqual([]);
    },
    SEVERAL_DAEMONS_MS,
  );

  test(
    "a stop sent to B ends the turn running on A; with nothing running anywhere it answers turnId null",
    async () => {
      const { a, viaB, session, log, first } = await turnAskingOnA();
      const started = await log.next("turn_started");

      expect(await viaB.sessions.abort(session.id)).toEqual({
        turnId: started.data.turnId,
        droppedQueued: 0,
      });
      expect(await first).toMatchObject({ status: "settled", outcome: { reason: "aborted" } });
      await log.close();
      expect(await viaB.sessions.abort(session.id)).toEqual({ turnId: null, droppedQueued: 0 });
      expect(await kinds(a.owner, session.id)).toEqual([
        "user:one",
        "assistant",
        "tool_result",
        "turn_end:aborted",
      ]);
      expect(await sql("SELECT id FROM relayed_requests")).toEqual([]);
    },
    SEVERAL_DAEMONS_MS,
  );
});

describe("fencing: a lease that lapsed mid-turn", () => {
  test(
    "the stale holder's writes are refused once another instance took the session: each turn ends once",
    async () => {
      const { a, viaB, session, log, first } = await turnAskingOnA();
      // A's lease lapses as if its heartbeats had stalled (a paused process, a loaded machine).
      await sql(
        "UPDATE instances SET expires_at = clock_timestamp() - interval '1 second' WHERE id = $1",
        [instanceId(a)],
      );
      // B takes the session over: A's turn is marked interrupted, then B's runs whole.
      const second = await viaB.sessions.submitTurn(session.id, {
        text: "two",
        waitForSettle: true,
      });
      expect(second).toMatchObject({ status: "settled" });
      const state = await a.owner.sessions.state(session.id);
      const pending = state.questions[0];
      if (!pending) throw new Error("A's turn no longer waits on its question");
      // A, still running its turn, gets its answer and tries to go on: its writes are refused.
      await a.owner.sessions.answerQuestion(session.id, pending.questionId, {
        answers: [{ selected: ["Yes"] }],
      });
      // A's own turn may end refused: what it wrote is asserted below.
      await first.catch(() => undefined);
      await log.close();
      expect(a.lines.join("\n")).toMatch(/no longer holds session .* this write is refused/);
      expect(await kinds(a.owner, session.id)).toEqual([
        "user:one",
        "assistant",
        "tool_result",
        "turn_end:aborted",
        "user:two",
        "assistant",
        "turn_end:answer",
      ]);
      const ends = await sql<{ n: string }>(
        "SELECT count(*)::text AS n FROM entries WHERE session_id = $1 AND kind = 'turn_end'",
        [session.id],
      );
      expect(ends).toEqual([{ n: "2" }]);
      expect(await sql("SELECT turn_id FROM open_turns")).toEqual([]);
    },
    SEVERAL_DAEMONS_MS,
  );
});
