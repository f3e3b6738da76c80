import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { EXIT_CODES } from "../../src/cli/exit-codes.js";
import { runCli } from "../../src/cli/run-cli.js";
import { startCliDaemon, type TestDaemon } from "../support/daemon.js";
import { recordingIo } from "./io.js";

let t: TestDaemon;
beforeAll(async () => {
  t = await startCliDaemon();
});
afterAll(() => t.close());

/** Runs `elowen <args>` against the test daemon, found through its data directory as a person's shell would. */
async function elowen(...args: string[]) {
  const io = recordingIo({ ELOWEN_HOME: t.home });
  const code = await runCli(args, io);
  return { code, out: io.out(), err: io.err() };
}

describe("elowen status", () => {
  test("prints the version, the offline model and the plugins, found through $ELOWEN_HOME/daemon.json", async () => {
    const run = await elowen("status");
    expect(run.code).toBe(0);
    expect(run.out).toContain(`Daemon   ${t.url}`);
    expect(run.out).toMatch(/^Model {4}Offline model \(no provider configured\)$/m);
    expect(run.out).toMatch(/cli-kit\s+1\.0\.0\s+loaded/);
  });

  test("--json prints the status envelope with the URL", async () => {
    const run = await elowen("status", "--json");
    const status = JSON.parse(run.out);
    expect(status).toMatchObject({ url: t.url, model: { offline: true }, admitsNewWork: true });
    expect(status.plugins.map((p: { name: string }) => p.name)).toContain("cli-kit");
  });
});

describe("elowen sessions", () => {
  test("lists sessions newest first, and --json gives them whole", async () => {
    const first = await t.owner.sessions.create({ title: "First" });
    const second = await t.owner.sessions.create({ title: "Second" });
    const run = await elowen("sessions");
    expect(run.code).toBe(0);
    expect(run.out.indexOf(second.id)).toBeLessThan(run.out.indexOf(first.id));
    expect(run.out).toMatch(/^ID\s+UPDATED\s+KIND\s+TITLE/);
    const json = JSON.parse((await elowen("sessions", "--json", "--limit", "1")).out);
    expect(json.sessions).toEqual([second]);
  });

  test.each([["0"], ["1001"], ["two"]])(
    "refuses --limit %s with the rule, as a usage error",
    async (limit) => {
      const run = await elowen("sessions", "--limit", limit);
      expect(run.code).toBe(EXIT_CODES.usage);
      expect(run.err).toContain("--limit must be a whole number from 1 to 1000");
    },
  );
});

describe("elowen skills", () => {
  test("lists the Skills plugin's catalog with source, lines and who may use each", async () => {
    const run = await elowen("skills");
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/^NAME\s+SOURCE\s+LINES\s+USE\s+DESCRIPTION/);
    expect(run.out).toMatch(/systematic-debugging\s+bundled\s+\d+\s+model\+you/);
    const json = JSON.parse((await elowen("skills", "--json")).out);
    expect(
      json.skills.find((s: { name: string }) => s.name === "systematic-debugging"),
    ).toMatchObject({ catalogSource: "bundled", effective: { model: true, user: true } });
  });
});

describe("elowen accounts", () => {
  test("creates an account, issues its token once, and that token signs in", async () => {
    const created = JSON.parse(
      (await elowen("accounts", "create", "Ada", "--role", "admin", "--json")).out,
    );
    expect(created.account).toMatchObject({ name: "Ada", role: "admin" });
    const issued = JSON.parse(
      (await elowen("accounts", "token", String(created.account.id), "--label", "laptop", "--json"))
        .out,
    );
    expect(issued.token).toMatchObject({ accountId: created.account.id, label: "laptop" });
    const io = recordingIo({ ELOWEN_HOME: t.home, ELOWEN_TOKEN: issued.token.token });
    expect(await runCli(["accounts", "--json"], io)).toBe(0);
    expect(JSON.parse(io.out()).accounts.map((a: { name: string }) => a.name)).toEqual([
      "owner",
      "Ada",
    ]);
  });

  test("names the field and the rule of a bad argument", async () => {
    expect(await elowen("accounts", "create")).toMatchObject({
      code: EXIT_CODES.usage,
      err: expect.stringContaining("accounts create needs a <name>"),
    });
    expect(await elowen("accounts", "create", "Bo", "--role", "owner")).toMatchObject({
      code: EXIT_CODES.usage,
      err: expect.stringContaining("role:"),
    });
    expect(await elowen("accounts", "token", "abc")).toMatchObject({
      code: EXIT_CODES.usage,
      err: expect.stringContaining("an account id is a positive integer"),
    });
    expect(await elowen("accounts", "frobnicate")).toMatchObject({
      code: EXIT_CODES.usage,
      err: expect.stringContaining('unknown accounts action "frobnicate"'),
    });
  });

  test("ends with the not-found code for an account that does not exist", async () => {
    const run = await elowen("accounts", "remove", "999");
    expect(run.code).toBe(EXIT_CODES.notFound);
    expect(run.err).toMatch(/HTTP 404/);
  });
});

describe("exit codes", () => {
  test("unauthorized (4) when the daemon refuses the token", async () => {
    const io = recordingIo({ ELOWEN_HOME: t.home, ELOWEN_TOKEN: "elw_wrong" });
    expect(await runCli(["status"], io)).toBe(EXIT_CODES.unauthorized);
    expect(io.err()).toContain("the token was refused");
  });

  test("unreachable (3) when no daemon answers, and scripting commands never start one", async () => {
    const home = mkdtempSync(join(tmpdir(), "elowen-cli-none-"));
    const io = recordingIo({ ELOWEN_HOME: home, ELOWEN_PORT: "9" });
    expect(await runCli(["sessions"], io)).toBe(EXIT_CODES.unreachable);
    expect(io.err()).toContain("the daemon at http://127.0.0.1:9 is not answering");
  });

  test("usage (2) for an unknown command or option, naming it", async () => {
    expect(await elowen("frobnicate")).toMatchObject({
      code: EXIT_CODES.usage,
      err: expect.stringContaining('unknown command "frobnicate"'),
    });
    expect(await elowen("status", "--colour")).toMatchObject({
      code: EXIT_CODES.usage,
      err: expect.stringContaining("--colour"),
    });
    expect(await elowen("status", "extra")).toMatchObject({
      code: EXIT_CODES.usage,
      err: expect.stringContaining("takes no arguments"),
    });
  });

  test("usage (2) for the chat without a terminal", async () => {
    expect(await elowen()).toMatchObject({
      code: EXIT_CODES.usage,
      err: expect.stringContaining("the chat needs a terminal"),
    });
  });
});

describe("--help", () => {
  test("lists every command, the chat keys and the exit codes", async () => {
    const run = await elowen("--help");
    expect(run.code).toBe(0);
    for (const name of ["chat", "daemon", "sessions", "status", "skills", "accounts"])
      expect(run.out).toMatch(new RegExp(`^  ${name}\\s`, "m"));
    expect(run.out).toMatch(/^\s+3 {2}the daemon is not answering/m);
    expect(run.out).toMatch(/^\s+78 {2}the daemon's configuration is invalid/m);
  });

  test.each(["chat", "daemon", "sessions", "status", "skills", "accounts"])(
    "elowen %s --help shows its usage and options",
    async (name) => {
      const run = await elowen(name, "--help");
      expect(run.code).toBe(0);
      expect(run.out).toContain(`Usage: elowen `);
      expect(run.out).toContain("-h, --help");
      expect(await elowen("help", name)).toEqual(run);
    },
  );

  test("--version prints the package version", async () => {
    expect((await elowen("--version")).out).toMatch(/^\d+\.\d+\.\d+\n$/);
  });
});
