import { afterEach, describe, expect, test } from "vitest";
import { createDaemonLog } from "../src/logger.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";

let t: TestDaemon | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const records = (lines: readonly string[]) =>
  lines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe("the daemon's log", () => {
  test("JSON lines on request: one per request that changed something, with status and duration, and no token", async () => {
    t = await startTestDaemon({ config: { log: { format: "json" } } });
    const created = await t.request("/sessions", {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    expect(created.status).toBe(201);
    // A query is never logged: it may carry a token (this one is refused as an unknown field).
    const queried = await t.request(`/sessions?token=${t.ownerToken}`);
    expect(queried.status).toBe(400);
    const listed = await t.request("/sessions");
    expect(listed.status).toBe(200);
    const refused = await t.request("/sessions", { token: "not-a-token" });
    expect(refused.status).toBe(401);
    const http = records(t.lines).filter((record) => record.path !== undefined);
    expect(http.map((record) => record.msg)).toEqual([
      expect.stringMatching(/^POST \/sessions 201 \d+(\.\d)? ms$/),
      expect.stringMatching(/^GET \/sessions 400 \d+(\.\d)? ms$/),
      expect.stringMatching(/^GET \/sessions 401 \d+(\.\d)? ms$/),
    ]);
    expect(http[0]).toMatchObject({ level: 30, method: "POST", path: "/sessions", status: 201 });
    expect(typeof http[0]?.ms).toBe("number");
    expect(records(t.lines)).toContainEqual(
      expect.objectContaining({ area: "http", msg: `listening on ${t.url}` }),
    );
    // Every line is JSON, and the owner's token is in none of them.
    expect(t.lines.every((line) => line.startsWith("{"))).toBe(true);
    expect(t.lines.some((line) => line.includes(t?.ownerToken ?? "?"))).toBe(false);
  });

  test("at debug, reads that succeeded are logged too; at info they are not", async () => {
    t = await startTestDaemon({ config: { log: { level: "debug", format: "json" } } });
    await t.request("/sessions");
    const http = records(t.lines).filter((record) => record.path !== undefined);
    expect(http.map((record) => record.msg)).toContainEqual(
      expect.stringMatching(/^GET \/sessions 200 /),
    );
    expect(http.find((record) => record.path === "/sessions")?.level).toBe(20);
  });

  test("text lines read [area] message; a plugin's debug logs only at debug, its warnings say so", () => {
    const lines: string[] = [];
    const info = createDaemonLog({
      level: "info",
      format: "text",
      sink: (line) => lines.push(line),
    });
    info.area("store")("opened");
    info.plugin("acme").debug("hidden");
    info.plugin("acme").warn("careful", { token: "secret-value", n: 1 });
    expect(lines).toEqual(["[store] opened", '[warn] acme: careful {"token":"[redacted]","n":1}']);
    const debug = createDaemonLog({
      level: "debug",
      format: "text",
      sink: (line) => lines.push(line),
    });
    debug.plugin("acme").debug("shown");
    expect(lines.at(-1)).toBe("[debug] acme: shown");
  });

  test("a plugin's fields that JSON cannot carry do not break the log", () => {
    const lines: string[] = [];
    const log = createDaemonLog({
      level: "info",
      format: "text",
      sink: (line) => lines.push(line),
    });
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    log.plugin("acme").info("odd", cyclic);
    expect(lines).toEqual(['[info] acme: odd "[unserializable fields]"']);
  });
});
