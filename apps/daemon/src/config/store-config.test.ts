import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { ConfigError } from "./config-error.js";
import { loadConfig } from "./load-config.js";

const dirs: string[] = [];
function home(yaml?: string): string {
  const d = mkdtempSync(join(tmpdir(), "elowen-store-config-"));
  dirs.push(d);
  if (yaml !== undefined) writeFileSync(join(d, "elowen.yaml"), yaml);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function problems(dir: string, env: Record<string, string> = {}) {
  try {
    loadConfig({ home: dir, env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("the store setting", () => {
  test("store.kind postgres with a url chooses PostgreSQL with a pool of 10 and a 10 s lease", () => {
    const dir = home(
      "store:\n  kind: postgres\n  url: postgres://elowen@db.internal:5432/elowen\n",
    );
    expect(loadConfig({ home: dir, env: {} }).config.store).toEqual({
      kind: "postgres",
      url: "postgres://elowen@db.internal:5432/elowen",
      poolSize: 10,
      leaseMs: 10_000,
    });
  });

  test("ELOWEN_DATABASE_URL chooses PostgreSQL over a file that names SQLite, keeping no SQLite field", () => {
    const dir = home("store:\n  path: other.db\n");
    const { config } = loadConfig({
      home: dir,
      env: { ELOWEN_DATABASE_URL: "postgresql://127.0.0.1/elowen" },
    });
    expect(config.store).toEqual({
      kind: "postgres",
      url: "postgresql://127.0.0.1/elowen",
      poolSize: 10,
      leaseMs: 10_000,
    });
  });

  test("ELOWEN_DATABASE_URL keeps the file's PostgreSQL pool size and lease", () => {
    const dir = home(
      "store:\n  kind: postgres\n  url: postgres://a/b\n  poolSize: 3\n  leaseMs: 2000\n",
    );
    const { config } = loadConfig({ home: dir, env: { ELOWEN_DATABASE_URL: "postgres://c/d" } });
    expect(config.store).toEqual({
      kind: "postgres",
      url: "postgres://c/d",
      poolSize: 3,
      leaseMs: 2000,
    });
  });

  test("names the field and the rule of a bad store: url, pool size, unknown kind, a stray field", () => {
    expect(problems(home("store:\n  kind: postgres\n  url: mysql://x/y\n"))).toEqual([
      { path: "store.url", message: "a postgres:// or postgresql:// connection URL" },
    ]);
    expect(problems(home("store:\n  kind: postgres\n"))[0]?.path).toBe("store.url");
    expect(
      problems(home("store:\n  kind: postgres\n  url: postgres://a/b\n  poolSize: 1\n"))[0]?.path,
    ).toBe("store.poolSize");
    expect(
      problems(home("store:\n  kind: postgres\n  url: postgres://a/b\n  poolSize: 101\n"))[0]?.path,
    ).toBe("store.poolSize");
    expect(
      problems(home("store:\n  kind: postgres\n  url: postgres://a/b\n  leaseMs: 500\n"))[0]?.path,
    ).toBe("store.leaseMs");
    expect(problems(home("store:\n  kind: mongo\n"))[0]?.path).toBe("store.kind");
    expect(
      problems(home("store:\n  kind: postgres\n  url: postgres://a/b\n  path: x.db\n")),
    ).toEqual([
      {
        path: "store.path",
        message: "is not a setting of elowen.yaml (misspelt, or in the wrong section?)",
      },
    ]);
  });

  test("a pool of 2 and of 100 are accepted (the limits)", () => {
    for (const size of [2, 100]) {
      const dir = home(`store:\n  kind: postgres\n  url: postgres://a/b\n  poolSize: ${size}\n`);
      expect(loadConfig({ home: dir, env: {} }).config.store).toMatchObject({ poolSize: size });
    }
  });
});

describe("the failed job retention", () => {
  test("keeps failed jobs 7 days unless jobs.failedRetentionDays says otherwise", () => {
    expect(loadConfig({ home: home(), env: {} }).config.jobs).toEqual({ failedRetentionDays: 7 });
    const dir = home("jobs:\n  failedRetentionDays: 30\n");
    expect(loadConfig({ home: dir, env: {} }).config.jobs).toEqual({ failedRetentionDays: 30 });
  });

  test.each([1, 3650])("accepts %i days (a limit)", (days) => {
    const dir = home(`jobs:\n  failedRetentionDays: ${days}\n`);
    expect(loadConfig({ home: dir, env: {} }).config.jobs.failedRetentionDays).toBe(days);
  });

  test.each([0, 3651, 1.5])("refuses %s days, naming the field", (days) => {
    expect(problems(home(`jobs:\n  failedRetentionDays: ${days}\n`))[0]?.path).toBe(
      "jobs.failedRetentionDays",
    );
  });
});
