import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ElowenClient } from "@elowen/client";
import { parseEntryData } from "@elowen/wire";
import pg from "pg";
import { afterEach, describe, expect, test } from "vitest";
import { type Child, spawnNode } from "./helpers/child.js";
import { scriptFile, subscribe } from "./helpers/live-events.js";
import { tempHomes } from "./helpers/temp-homes.js";
import { fixturePlugin } from "./helpers/test-daemon.js";
import { openConnections, useTestDatabase } from "./helpers/test-database.js";

const bin = join(import.meta.dirname, "..", "dist", "bin.js");
const home = tempHomes();
const database = useTestDatabase();
const children: Child[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.process.exitCode === null && child.process.signalCode === null) {
      child.process.kill("SIGKILL");
      await child.exited();
    }
  }
});

// Every session's first turn asks a question, so it runs until someone answers; the next answers.
const SCRIPT = `turns:
  - steps:
      - tools: [{ name: Confirm, args: { question: "Go on?" } }]
      - text: "first done"
  - steps:
      - text: "second done"
`;

/** One daemon process (the built bin) on the shared database, with a short lease. */
async function startInstance(): Promise<{
  child: Child;
  client: ElowenClient;
  token: string;
  url: string;
}> {
  const dir = home();
  const script = scriptFile(dir, SCRIPT);
  writeFileSync(
    join(dir, "elowen.yaml"),
    [
      "store:",
      "  kind: postgres",
      `  url: ${JSON.stringify(database.url)}`,
      "  poolSize: 4",
      "  leaseMs: 1500",
      "model:",
      `  script: ${JSON.stringify(script)}`,
      "plugins:",
      "  bundled: false",
      `  dirs: [${JSON.stringify(fixturePlugin("brain-kit"))}]`,
      "  consent: { brain-kit: { mutates: [runBoundary] } }",
      "",
    ].join("\n"),
  );
  const child = spawnNode([bin], { ELOWEN_HOME: dir, ELOWEN_PORT: "0", ELOWEN_HOST: "" });
  children.push(child);
  await child.waitFor((line) => line.startsWith("Press Ctrl-C"));
  const { url } = JSON.parse(readFileSync(join(dir, "daemon.json"), "utf8"));
  const token = readFileSync(join(dir, "owner.token"), "utf8").trim();
  return { child, token, url, client: new ElowenClient({ baseUrl: url, token }) };
}

async function query<T extends pg.QueryResultRow>(sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

describe("three daemon processes on one PostgreSQL database", () => {
  test("kill -9 mid-turn: the turn is marked interrupted, the turn queued elsewhere runs, nothing committed is lost", async () => {
    const [a, b, c] = await Promise.all([startInstance(), startInstance(), startInstance()]);
    const session = await a.client.sessions.create({ title: "Failover" });
    const log = await subscribe(a.client, session.id);
    await a.client.sessions.submitTurn(session.id, { text: "one" });
    await log.next("question_asked");
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

    for (const survivor of [b, c]) {
      survivor.child.process.kill("SIGTERM");
      expect(await survivor.child.exited()).toEqual({ code: 0, signal: null });
    }
    expect(await query("SELECT id FROM instances")).toEqual([]);
    expect(await openConnections(database.name)).toBe(0);
  }, 120_000);
});
