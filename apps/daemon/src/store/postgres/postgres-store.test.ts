import type pg from "pg";
import { afterEach, describe, expect, test, vi } from "vitest";
import { queryRows, useTestDatabase } from "../../../test/helpers/test-database.js";
import { SchemaTooNewError } from "../sqlite/migrate.js";
import { PG_MIGRATIONS } from "./migrations/index.js";
import { openPostgresStore, type PostgresStore } from "./postgres-store.js";

const database = useTestDatabase();
const opened: PostgresStore[] = [];
async function instance(): Promise<PostgresStore> {
  const store = await openPostgresStore({ url: database.url, poolSize: 3 });
  opened.push(store);
  return store;
}
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
});

function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
  return queryRows<T>(database.url, text, values);
}

describe("the PostgreSQL store across instances", () => {
  test("three instances starting together apply each migration exactly once", async () => {
    await Promise.all([instance(), instance(), instance()]);
    const rows = await sql<{ version: number; name: string }>(
      "SELECT version, name FROM elowen_migrations ORDER BY version",
    );
    expect(rows).toEqual(PG_MIGRATIONS.map((m) => ({ version: m.version, name: m.name })));
  });

  test("refuses a database a newer daemon migrated, writing nothing", async () => {
    await instance();
    await sql(
      "INSERT INTO elowen_migrations (version, name, applied_at) VALUES (999, 'future', 0)",
    );
    try {
      await expect(openPostgresStore({ url: database.url })).rejects.toBeInstanceOf(
        SchemaTooNewError,
      );
    } finally {
      await sql("DELETE FROM elowen_migrations WHERE version = 999");
    }
  });

  test("a token issued on one instance verifies on another; revoked there, it stops on both", async () => {
    const [a, b] = [await instance(), await instance()];
    const user = await a.accounts.create({ name: `u-${Date.now()}`, role: "user" });
    const { token, record } = await a.tokens.issue(user.id);
    expect(await b.tokens.verify(token)).toMatchObject({ id: user.id });
    await b.tokens.revoke(user.id, record.id);
    expect(await a.tokens.verify(token)).toBeUndefined();
  });

  test("grants set on one instance move the other's auth epoch and its cached grants", async () => {
    const [a, b] = [await instance(), await instance()];
    const user = await a.accounts.create({ name: `g-${Date.now()}`, role: "user" });
    expect(await b.grants.get(user.id)).toEqual({ plugins: [], pluginSkills: true });
    const epoch = b.authEpoch();
    await a.grants.set(user.id, { plugins: ["acme"], pluginSkills: false });
    await vi.waitFor(() => expect(b.authEpoch()).not.toBe(epoch));
    expect(await b.grants.get(user.id)).toEqual({ plugins: ["acme"], pluginSkills: false });
  });

  test("only one owner even when two instances create it at once", async () => {
    const [a, b] = [await instance(), await instance()];
    await sql("DELETE FROM accounts WHERE role = 'owner'");
    const results = await Promise.allSettled([
      a.accounts.create({ name: "one", role: "owner" }),
      b.accounts.create({ name: "two", role: "owner" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({
      reason: { code: "store.conflict" },
    });
  });

  test("a blob stored through one instance is read, owned and served by another", async () => {
    const [a, b] = [await instance(), await instance()];
    const bytes = new TextEncoder().encode(`image-${Date.now()}`);
    const { hash } = await a.blobs.put(bytes);
    expect(await b.blobs.has(hash)).toBe(true);
    expect(new Uint8Array((await b.blobs.read(hash)) ?? [])).toEqual(bytes);
  });

  test("appends to one session from two instances at once chain with gapless sequence numbers", async () => {
    const [a, b] = [await instance(), await instance()];
    const user = await a.accounts.create({ name: `j-${Date.now()}`, role: "user" });
    const { id } = await a.sessions.create({ ownerId: user.id, kind: "interactive" });
    const message = (text: string) => ({ kind: "message", data: { text } });
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? a : b).journal.append(id, [message(`m${i}`), message(`n${i}`)]),
      ),
    );
    const branch = await b.journal.branch(id);
    expect(branch.map((e) => e.seq)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    for (let i = 1; i < branch.length; i += 1) {
      expect(branch[i]?.parentId).toBe(branch[i - 1]?.id);
    }
  });

  test("closing an instance leaves no connection of it open", async () => {
    const store = await openPostgresStore({ url: database.url, poolSize: 3 });
    await store.sessions.list(1, { limit: 1 });
    await store.close();
    const rows = await sql<{ n: string }>(
      "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1 AND application_name LIKE 'elowen%'",
      [database.name],
    );
    expect(Number(rows[0]?.n)).toBe(0);
  });
});
