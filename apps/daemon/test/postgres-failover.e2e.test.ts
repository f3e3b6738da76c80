import { ElowenClient } from "@elowen/client";
import { parseEntryData } from "@elowen/wire";
import { describe, expect, test } from "vitest";
import { ASK_THEN_ANSWER, subscribe } from "./helpers/live-events.js";
import { type DaemonProcess, postgresProcesses } from "./helpers/postgres-processes.js";
import { entriesOf, type FollowedStream, followStream } from "./helpers/sse-frames.js";
import { openConnections, queryRows, useTestDatabase } from "./helpers/test-database.js";

const database = useTestDatabase();
const startProcess = postgresProcesses(database);

/** One daemon process on the shared database; by default every session's first turn asks. */
function startInstance(script: string = ASK_THEN_ANSWER) {
  return startProcess({
    script,
    plugins: ["brain-kit"],
    pluginLines: ["  consent: { brain-kit: { mutates: [runBoundary] } }"],
  });
}

const query = (sql: string) => queryRows(database.url, sql);

/** Stops the survivors (SIGTERM): each exits 0, and none leaves a lease row or a connection. */
async function stopCleanly(survivors: readonly DaemonProcess[]): Promise<void> {
  for (const survivor of survivors) {
    survivor.child.process.kill("SIGTERM");
    expect(await survivor.child.exited()).toEqual({ code: 0, signal: null });
  }
  expect(await query("SELECT id FROM instances")).toEqual([]);
  expect(await openConnections(database.name)).toBe(0);
}

describe("three daemon processes on one PostgreSQL database", () => {
  test("kill -9 mid-turn: the turn is marked interrupted, the turn queued elsewhere runs, nothing committed is lost", async () => {
    const [a, b, c] = await Promise.all([startInstance(), startInstance(), startInstance()]);
    const session = await a.client.sessions.create({ title: "Failover" });
    const log = await subscribe(a.client, session.id);
    await a.client.sessions.submitTurn(session.id, { text: "one" });
    await log.next("question_asked", undefined, { timeoutMs: 60_000 });
    await log.close();
    const viaB = new ElowenClient({ baseUrl: b.url, token: a.token });
    const second = viaB.sessions.submitTurn(session.id, { text: "two", waitForSettle: true });

    a.child.process.kill("SIGKILL");
    expect(await a.child.exited()).toEqual({ code: null, signal: "SIGKILL" });

    const settled = await second.catch((error: unknown) => {
      throw new Error(`${String(error)}\nB: ${b.child.stderr()}\nC: ${c.child.stderr()}`);
    });
    expect(settled).toMatchObject({ status: "settled", outcome: { answer: "second done" } });
    const viaC = new ElowenClient({ baseUrl: c.url, token: a.token });
    const history = (await viaC.sessions.history(session.id)).entries;
    const rows = history.map((e) => {
      const parsed = parseEntryData(e);
      if (parsed?.kind === "user") return `user:${parsed.data.text}`;
      if (parsed?.kind === "tool_result") return `tool_result:${parsed.data.isError}`;
      if (parsed?.kind === "turn_end")
        return `turn_end:${parsed.data.reason}:${parsed.data.interrupted ?? ""}`;
      return e.kind;
    });
    expect(rows).toEqual([
      "user:one",
      "assistant",
      "tool_result:true",
      "turn_end:aborted:restart",
      "user:two",
      "assistant",
      "turn_end:answer:",
    ]);
    expect(new Set(history.map((e) => e.id)).size).toBe(history.length);
    expect(await query("SELECT turn_id FROM open_turns")).toEqual([]);

    await stopCleanly([b, c]);
  }, 120_000);

  test("Done when: sessions driven through three instances with subscribers on each, one killed with kill -9", async () => {
    // Every turn answers with text, except that A's script makes a session's fourth turn call
    // Slow, which runs until aborted: the turn A is running when it is killed.
    const TEXT =
      "turns:\n  - steps: [{ text: t0 }]\n  - steps: [{ text: t1 }]\n  - steps: [{ text: t2 }]\n  - steps: [{ text: t3 }]\n  - steps: [{ text: t4 }]\n  - steps: [{ text: t5 }]\n";
    const SLOW_THIRD = TEXT.replace(
      "[{ text: t3 }]",
      "[{ tools: [{ name: Slow, args: {} }] }, { text: t3 }]",
    );
    const a = await startInstance(SLOW_THIRD);
    const [b, c] = await Promise.all([startInstance(TEXT), startInstance(TEXT)]);
    const all = [a, b, c];
    const via = (n: number) => {
      const instance = all[n % 3];
      if (!instance) throw new Error("three instances");
      return new ElowenClient({ baseUrl: instance.url, token: a.token });
    };
    const SESSIONS = 6;
    const sessions = await Promise.all(
      Array.from({ length: SESSIONS }, (_, n) => via(n).sessions.create({ title: `s${n}` })),
    );
    // Session n's subscriber is on instance n + 1: sessions 2 and 5 are followed on A.
    const followers: FollowedStream[][] = await Promise.all(
      sessions.map(async (session, n) => {
        const instance = all[(n + 1) % 3];
        if (!instance) throw new Error("three instances");
        return [await followStream(instance.url, a.token, session.id)];
      }),
    );
    const submitted: string[][] = sessions.map(() => []);
    const turn = async (n: number, k: number, through: number) => {
      const session = sessions[n];
      if (!session) throw new Error(`no session ${n}`);
      const text = `s${n}-t${k}`;
      submitted[n]?.push(text);
      const settled = await via(through).sessions.submitTurn(session.id, {
        text,
        waitForSettle: true,
      });
      expect(settled).toMatchObject({ status: "settled" });
    };

    // Three turns per session, each through another instance, all sessions at once.
    await Promise.all(
      sessions.map(async (_, n) => {
        for (let k = 0; k < 3; k += 1) await turn(n, k, n + k);
      }),
    );
    // Session 0's fourth turn runs on A (Slow); a fifth is submitted through B behind it.
    const victim = sessions[0];
    const victimFollower = followers[0]?.[0];
    if (!victim || !victimFollower) throw new Error("no session 0");
    submitted[0]?.push("s0-t3");
    void via(0)
      .sessions.submitTurn(victim.id, { text: "s0-t3" })
      .catch(() => undefined);
    await victimFollower.until(
      "A to run session 0's Slow call",
      (frames) => entriesOf(frames).filter((e) => e.kind === "assistant").length === 4,
    );
    const queuedBehind = turn(0, 4, 1);
    // The other sessions' fourth turns go through B and C while A dies.
    const others = Promise.all(
      sessions.slice(1).map((_, i) => turn(i + 1, 3, i % 2 === 0 ? 1 : 2)),
    );
    a.child.process.kill("SIGKILL");
    expect(await a.child.exited()).toEqual({ code: null, signal: "SIGKILL" });

    // The subscribers A served see their streams end and reconnect to B with Last-Event-ID.
    await Promise.all(
      followers.map(async (chain, n) => {
        if ((n + 1) % 3 !== 0) return;
        const first = chain[0];
        if (!first) return;
        await first.ended;
        chain.push(
          await followStream(b.url, a.token, sessions[n]?.id ?? "", first.frames.at(-1)?.id),
        );
      }),
    );
    await Promise.all([queuedBehind, others]).catch((error: unknown) => {
      throw new Error(`${String(error)}\nB: ${b.child.stderr()}\nC: ${c.child.stderr()}`);
    });
    // No session is wedged: each takes one more turn, through C.
    await Promise.all(sessions.map((_, n) => turn(n, n === 0 ? 5 : 4, 2)));

    const viaC = via(2);
    for (const [n, session] of sessions.entries()) {
      const history = (await viaC.sessions.history(session.id)).entries;
      const users = history.flatMap((e) => {
        const parsed = parseEntryData(e);
        return parsed?.kind === "user" ? [parsed.data.text] : [];
      });
      // Every turn submitted is there once, in order, and each settled (one turn_end each).
      expect(users).toEqual(submitted[n]);
      expect(history.filter((e) => e.kind === "turn_end").length).toBe(users.length);
      expect(new Set(history.map((e) => e.id)).size).toBe(history.length);
      // Its subscriber (and its reconnection) saw every entry once, in journal order.
      const chain = followers[n] ?? [];
      const last = chain.at(-1);
      await last?.until(
        `session ${n}'s subscriber to see every turn end`,
        (frames) =>
          entriesOf(frames).filter((e) => e.kind === "turn_end").length +
            chain
              .slice(0, -1)
              .reduce(
                (sum, f) => sum + entriesOf(f.frames).filter((e) => e.kind === "turn_end").length,
                0,
              ) ===
          users.length,
      );
      const seen = chain.flatMap((f) => entriesOf(f.frames).map((e) => e.id));
      expect(seen).toEqual(history.map((e) => e.id));
    }
    const victimEnds = (await viaC.sessions.history(victim.id)).entries.flatMap((e) => {
      const parsed = parseEntryData(e);
      return parsed?.kind === "turn_end"
        ? [`${parsed.data.reason}:${parsed.data.interrupted ?? ""}`]
        : [];
    });
    expect(victimEnds).toEqual([
      "answer:",
      "answer:",
      "answer:",
      "aborted:restart",
      "answer:",
      "answer:",
    ]);
    expect(await query("SELECT turn_id FROM open_turns")).toEqual([]);

    for (const chain of followers) for (const stream of chain) stream.close();
    await stopCleanly([b, c]);
  }, 240_000);
});
