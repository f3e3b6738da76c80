import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PluginContext } from "@elowen/plugin-api";
import Database from "better-sqlite3";
import { afterEach, describe, expect, test } from "vitest";
import { json } from "./helpers/json.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";

let t: TestDaemon | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const goodContext = () =>
  (globalThis as { __elowenGoodContext?: PluginContext }).__elowenGoodContext as PluginContext;

describe("graceful stop", () => {
  test("plugin.shutdown fires once however often stop is called, with one deadline for the whole teardown", async () => {
    t = await startTestDaemon({
      plugins: ["good"],
      config: { shutdown: { pauseDeadlineMs: 3000 } },
    });
    const ctx = goodContext();
    const before = Date.now();
    const stops = [t.daemon.stop("signal"), t.daemon.stop("signal"), t.daemon.stop("stop")];
    const after = Date.now();
    expect(ctx.admitsNewWork()).toBe(false);
    await Promise.all(stops);
    await t.daemon.stop("restart");
    expect(readFileSync(join(ctx.dataDir, "shutdown.log"), "utf8")).toBe("signal\n");
    const payload = JSON.parse(readFileSync(join(ctx.dataDir, "shutdown.json"), "utf8"));
    // The deadline is fixed when the stop begins: the pause bounds the brain, the reviewer and
    // the hooks together, so plugin.shutdown never gets a fresh deadline of its own.
    expect(payload.deadline).toBeGreaterThanOrEqual(before + 3000);
    expect(payload.deadline).toBeLessThanOrEqual(after + 3000);
    expect(t.lines.filter((line) => line.includes("stop:"))).toEqual([]);
  });

  test("a plugin.shutdown hook that hangs is abandoned at the pause deadline; the store is still checkpointed and closed and daemon.json removed", async () => {
    t = await startTestDaemon({
      plugins: ["good", "hang-shutdown"],
      config: { shutdown: { pauseDeadlineMs: 100 } },
    });
    const session = await t.owner.sessions.create({ title: "kept" });
    expect(existsSync(join(t.home, "daemon.json"))).toBe(true);
    await t.daemon.stop("signal");
    expect(t.lines).toContain(
      "[daemon] plugin.shutdown passed the pause deadline; abandoned: acme-hang-shutdown",
    );
    expect(readFileSync(join(goodContext().dataDir, "shutdown.log"), "utf8")).toBe("signal\n");
    expect(existsSync(join(t.home, "daemon.json"))).toBe(false);
    // Closed and checkpointed: the write-ahead log is folded into the database file, and a fresh
    // process-level connection reads what was committed.
    const wal = join(t.home, "elowen.db-wal");
    expect(existsSync(wal) ? readFileSync(wal).length : 0).toBe(0);
    const db = new Database(join(t.home, "elowen.db"), { readonly: true });
    try {
      const row = db.prepare("SELECT title FROM sessions WHERE id = ?").get(session.id);
      expect(row).toEqual({ title: "kept" });
    } finally {
      db.close();
    }
    await expect(t.owner.status()).rejects.toThrow();
  });

  test("while it stops, the daemon answers but takes no new turn: admitsNewWork is false and a submission is a 503 saying why", async () => {
    t = await startTestDaemon({ plugins: ["hang-shutdown"] });
    const session = await t.owner.sessions.create({ title: "late" });
    // The hanging hook holds the teardown open (up to its 2 s budget) with the server still up.
    const stopping = t.daemon.stop("signal");
    try {
      expect((await t.owner.status()).admitsNewWork).toBe(false);
      const late = await t.request(`/sessions/${session.id}/turns`, {
        method: "POST",
        body: JSON.stringify({ text: "one more thing" }),
        headers: { "content-type": "application/json" },
      });
      expect(late.status).toBe(503);
      expect((await json(late)).error).toMatch(/the daemon is stopping and takes no new turns/);
    } finally {
      await stopping;
    }
  });
});

describe("listening", () => {
  test("a port in use stops start-up naming the address and the setting to change, before any plugin loads or anything is written", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", () => resolve()));
    const { port } = taken.address() as AddressInfo;
    const home = mkdtempSync(join(tmpdir(), "elowen-port-taken-"));
    try {
      await expect(
        startTestDaemon({ home, plugins: ["good"], config: { server: { port } } }),
      ).rejects.toThrow(
        `cannot listen on 127.0.0.1:${port}: the port is in use (another daemon or program listens there); set ELOWEN_PORT or server.port (0 picks a free port)`,
      );
      // The socket is opened first: no plugin was loaded (nothing to shut down), nothing written.
      expect(existsSync(join(home, "daemon.json"))).toBe(false);
      expect(existsSync(join(home, "owner.token"))).toBe(false);
      expect(existsSync(join(goodContext().dataDir, "shutdown.log"))).toBe(false);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
      rmSync(home, { recursive: true, force: true });
    }
  });
});
