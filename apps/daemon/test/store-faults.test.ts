import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, test } from "vitest";
import { startDaemon } from "../src/lifecycle/daemon.js";
import { migrate, SchemaTooNewError } from "../src/store/sqlite/migrate.js";
import { MIGRATIONS } from "../src/store/sqlite/migrations/index.js";
import { DatabaseLockedError } from "../src/store/sqlite/open-database.js";
import { openSqliteStore } from "../src/store/sqlite/sqlite-store.js";
import { spawnNode } from "./helpers/child.js";
import { tempHomes } from "./helpers/temp-homes.js";

const fixtures = join(import.meta.dirname, "fixtures", "processes");
const home = tempHomes();

describe("store faults", () => {
  test("applies the numbered migrations once and reopens without change", async () => {
    const file = join(home(), "elowen.db");
    const store = openSqliteStore({ file });
    await store.accounts.create({ name: "owner", role: "owner" });
    await store.close();
    const again = openSqliteStore({ file });
    expect((await again.accounts.list()).length).toBe(1);
    await again.close();
    const db = new Database(file);
    expect(db.pragma("user_version", { simple: true })).toBe(MIGRATIONS.length);
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    db.close();
  });

  test("migrates a version 3 database forward: its open turns kept, a deleted session's still cleared", () => {
    const file = join(home(), "elowen.db");
    const db = new Database(file);
    db.pragma("foreign_keys = ON");
    migrate(db, file, MIGRATIONS.slice(0, 3));
    db.exec(`INSERT INTO accounts (id, name, role, created_at) VALUES (1, 'owner', 'owner', 0);
      INSERT INTO sessions (id, owner_id, kind, created_at, updated_at) VALUES ('s1', 1, 'interactive', 0, 0), ('s2', 1, 'interactive', 0, 0);
      INSERT INTO open_turns (turn_id, session_id, started_at) VALUES ('t1', 's1', 1), ('t2', 's2', 2);`);
    expect(migrate(db, file)).toEqual({ from: 3, to: MIGRATIONS.length });
    const index = "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'open_turns'";
    expect(db.prepare(index).all()).not.toContainEqual({ name: "open_turns_session" });
    db.prepare("DELETE FROM sessions WHERE id = 's1'").run();
    expect(db.prepare("SELECT turn_id FROM open_turns").all()).toEqual([{ turn_id: "t2" }]);
    db.close();
  });

  test("refuses a database from a newer daemon without touching it", () => {
    const file = join(home(), "elowen.db");
    const db = new Database(file);
    db.pragma("user_version = 99");
    db.close();
    expect(() => openSqliteStore({ file })).toThrow(SchemaTooNewError);
    expect(() => openSqliteStore({ file })).toThrow(
      new RegExp(`schema version 99, newer than this daemon supports \\(${MIGRATIONS.length}\\)`),
    );
    const after = new Database(file);
    expect(after.pragma("user_version", { simple: true })).toBe(99);
    expect(after.prepare("SELECT count(*) AS n FROM sqlite_master").get()).toEqual({ n: 0 });
    after.close();
  });

  test("refuses a database another process holds, naming the file, and the daemon does not start", async () => {
    const dir = home();
    const file = join(dir, "elowen.db");
    const holder = spawnNode([join(fixtures, "lock-holder.mjs"), file]);
    try {
      await holder.waitFor((line) => line === "ready");
      expect(() => openSqliteStore({ file, busyTimeoutMs: 50 })).toThrow(DatabaseLockedError);
      await expect(
        startDaemon({
          home: dir,
          env: {},
          log: () => {},
          config: { server: { port: 0 }, plugins: { bundled: false } },
        }),
      ).rejects.toThrow(/is locked by another process/);
    } finally {
      holder.process.kill("SIGKILL");
      await holder.exited();
    }
    const store = openSqliteStore({ file });
    await store.close();
  });

  test("kill -9 in the middle of journal writes loses nothing committed and leaves no partial batch", async () => {
    const file = join(home(), "elowen.db");
    const writer = spawnNode([join(fixtures, "journal-writer.mjs"), file]);
    const sessionLine = await writer.waitFor((line) => line.startsWith("session "));
    await writer.waitFor((line) => line === "committed 200");
    writer.process.kill("SIGKILL");
    expect((await writer.exited()).signal).toBe("SIGKILL");
    const acknowledged = Math.max(
      ...writer.lines.filter((l) => l.startsWith("committed ")).map((l) => Number(l.slice(10))),
    );
    const store = openSqliteStore({ file });
    const sessionId = sessionLine.slice("session ".length);
    const branch = await store.journal.branch(sessionId);
    expect(branch.length % 3).toBe(0);
    expect(branch.length / 3).toBeGreaterThanOrEqual(acknowledged);
    branch.forEach((entry, index) => {
      expect(entry.seq).toBe(index);
      expect((entry.data as { n: number }).n).toBe(Math.floor(index / 3) + 1);
    });
    expect((await store.sessions.get(sessionId))?.leafId).toBe(branch.at(-1)?.id);
    await store.close();
  });
});
