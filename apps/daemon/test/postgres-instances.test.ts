import { ElowenClient } from "@elowen/client";
import { afterEach, describe, expect, test } from "vitest";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";
import { openConnections, useTestDatabase } from "./helpers/test-database.js";

const database = useTestDatabase();
const running: TestDaemon[] = [];
afterEach(async () => {
  for (const daemon of running.splice(0)) await daemon.close();
});

async function instance(): Promise<TestDaemon> {
  const daemon = await startTestDaemon({
    config: { store: { kind: "postgres", url: database.url, poolSize: 4 } },
  });
  running.push(daemon);
  return daemon;
}

describe("daemons on one PostgreSQL database", () => {
  test("any instance accepts any request: a session and its turn through one, read through another", async () => {
    const [a, b] = await Promise.all([instance(), instance()]);
    // One owner for the database: the second instance signed its owner token for the same account.
    const viaB = new ElowenClient({ baseUrl: b.url, token: a.ownerToken });
    const session = await a.owner.sessions.create();
    const reply = await a.owner.sessions.submitTurn(session.id, {
      text: "hello",
      waitForSettle: true,
    });
    expect(reply).toMatchObject({ status: "settled" });
    const fromA = (await a.owner.sessions.history(session.id)).entries;
    const fromB = (await viaB.sessions.history(session.id)).entries;
    expect(fromB).toEqual(fromA);
    expect(fromB.map((e) => e.kind)).toEqual(["user", "assistant", "turn_end"]);
  });

  test("an account and token created through one instance sign in on another", async () => {
    const [a, b] = await Promise.all([instance(), instance()]);
    const user = await a.createAccount("casey");
    const viaB = new ElowenClient({ baseUrl: b.url, token: user.token });
    const session = await viaB.sessions.create();
    expect((await user.client.sessions.list()).sessions.map((s) => s.id)).toContain(session.id);
  });

  test("stopped daemons leave no connection open on the database", async () => {
    const daemons = await Promise.all([instance(), instance()]);
    for (const daemon of running.splice(0)) await daemon.close();
    expect(daemons).toHaveLength(2);
    expect(await openConnections(database.name)).toBe(0);
  });
});
