import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { ConfigError } from "../src/config/config-error.js";
import { ACCOUNT_NAME_MAX_CHARS, TestingError } from "../src/testing/index.js";
// The hosted variant is the same harness with the daemon's every seam, for the loader's states.
import {
  startHostedTestDaemon as startTestDaemon,
  type HostedTestDaemon as TestDaemon,
} from "../src/testing/test-daemon.js";
import { tempHomes } from "./helpers/temp-homes.js";
import { fixturePlugin } from "./helpers/test-daemon.js";

const tempHome = tempHomes();

const open: TestDaemon[] = [];
afterEach(async () => {
  for (const t of open.splice(0)) await t.close();
});
async function start(options?: Parameters<typeof startTestDaemon>[0]): Promise<TestDaemon> {
  const t = await startTestDaemon(options);
  open.push(t);
  return t;
}

const SCRIPT = `turns:
  - steps:
      - text: "Scripted hello."
`;

/** Expects `run` to fail with a TestingError of `code` whose message matches `message`. */
async function expectTestingError(
  run: () => Promise<unknown>,
  code: TestingError["code"],
  message: RegExp,
): Promise<void> {
  const error = await run().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TestingError);
  expect((error as TestingError).code).toBe(code);
  expect((error as TestingError).message).toMatch(message);
}

describe("startTestDaemon", () => {
  test("starts on loopback in a fresh data directory with a working owner token; close stops it and removes the directory", async () => {
    const t = await startTestDaemon();
    expect(t.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(readFileSync(join(t.home, "owner.token"), "utf8").trim()).toBe(t.ownerToken);
    expect((await t.owner.me()).account.role).toBe("owner");
    await t.close();
    expect(existsSync(t.home)).toBe(false);
    await expect(fetch(`${t.url}/health`)).rejects.toThrow();
    await t.close();
  });

  test("loads no bundled plugin unless the config asks, and loads the plugin directories named", async () => {
    const t = await start({ plugins: [fixturePlugin("good")] });
    const states = t.daemon.host.registry.states.map((s) => `${s.name}:${s.state}`);
    expect(states).toEqual(["acme-good:loaded"]);
  });

  test("adds config.plugins.dirs to the plugins named and merges the config overrides", async () => {
    const t = await start({
      plugins: [fixturePlugin("good")],
      config: { plugins: { dirs: [fixturePlugin("no-register")] }, brain: { askTimeoutMs: 100 } },
    });
    expect(t.daemon.host.registry.states.map((s) => s.name).sort()).toEqual(
      ["acme-good", "acme-no-register"].sort(),
    );
    expect(t.daemon.config.brain.askTimeoutMs).toBe(100);
  });

  test("plays the offline script: submitTurn answers the settled outcome", async () => {
    const t = await start({ script: SCRIPT });
    const session = await t.owner.sessions.create();
    const outcome = await t.submitTurn(session.id, "hi");
    expect(outcome).toMatchObject({ reason: "answer", answer: "Scripted hello." });
  });

  test("submitTurn fails with turn_dropped and the hook's reason when prompt.submit drops the turn", async () => {
    const t = await start({
      plugins: [fixturePlugin("brain-kit")],
      config: { plugins: { settings: { "brain-kit": { dropWord: "secret" } } } },
    });
    const session = await t.owner.sessions.create();
    await expectTestingError(
      () => t.submitTurn(session.id, "the secret plan"),
      "turn_dropped",
      /dropped the turn .*: no secret here$/,
    );
  });

  test("a refused plugin fails the start with plugin_refused and the loader's reason", async () => {
    await expectTestingError(
      () => startTestDaemon({ plugins: [fixturePlugin("old-core")] }),
      "plugin_refused",
      /was refused: .*core/,
    );
  });

  test("a directory without a plugin manifest fails with plugin_refused naming it", async () => {
    const empty = tempHome();
    mkdirSync(join(empty, "not-a-plugin"));
    await expectTestingError(
      () => startTestDaemon({ plugins: [join(empty, "not-a-plugin")] }),
      "plugin_refused",
      /not-a-plugin/,
    );
  });

  test("an invalid config fails with the daemon's ConfigError, listing the path", async () => {
    const error = await startTestDaemon({ config: { server: { port: -1 } } }).catch((e) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect(String(error.message)).toMatch(/server\.port/);
  });
});

describe("startTestDaemon refuses bad options before starting anything", () => {
  test.each([
    [null, /options must be an object \(got null\)/],
    [{ plugin: [] }, /options\.plugin is not an option of startTestDaemon \(known: plugins/],
    [{ plugins: "dir" }, /options\.plugins must be an array/],
    [{ plugins: ["relative/dir"] }, /options\.plugins\[0\] must be an absolute path/],
    [{ plugins: ["/no/such/plugin/dir"] }, /options\.plugins\[0\] must name an existing directory/],
    [{ script: "" }, /options\.script must be the offline model's YAML script/],
    [{ script: 42 }, /options\.script must be/],
    [{ config: [] }, /options\.config must be an object/],
    [{ webDir: "/no/such/web" }, /options\.webDir must name an existing directory/],
    [{ home: "relative" }, /options\.home must be an absolute path/],
  ])("%j", async (options, message) => {
    await expectTestingError(
      () => startTestDaemon(options as Parameters<typeof startTestDaemon>[0]),
      "invalid_option",
      message,
    );
  });
});

describe("createAccount", () => {
  test("creates a user by default and an admin when asked, each with a working token", async () => {
    const t = await start();
    const ada = await t.createAccount("ada");
    const root = await t.createAccount("root", { role: "admin", surface: "web" });
    expect(await ada.client.me()).toMatchObject({ account: { id: ada.id, role: "user" } });
    expect(await root.client.me()).toMatchObject({ account: { id: root.id, role: "admin" } });
    expect(ada.token).not.toBe(root.token);
  });

  test(`takes a name of ${ACCOUNT_NAME_MAX_CHARS} characters and refuses one more, an empty one and the owner role`, async () => {
    const t = await start();
    expect((await t.createAccount("a".repeat(ACCOUNT_NAME_MAX_CHARS))).id).toBeGreaterThan(0);
    await expectTestingError(
      () => t.createAccount("a".repeat(ACCOUNT_NAME_MAX_CHARS + 1)),
      "invalid_option",
      /name must be a non-empty string of at most 100 characters/,
    );
    await expectTestingError(() => t.createAccount("  "), "invalid_option", /name must be/);
    await expectTestingError(
      () => t.createAccount("eve", { role: "owner" as "admin" }),
      "invalid_option",
      /options\.role must be "admin" or "user" \(got "owner"\)/,
    );
  });
});

describe("home", () => {
  test("starts on a data directory the caller prepared, reading its elowen.yaml, and leaves it on close", async () => {
    const home = tempHome();
    writeFileSync(join(home, "elowen.yaml"), "brain:\n  askTimeoutMs: 250\n");
    const t = await startTestDaemon({ home });
    expect(t.home).toBe(home);
    expect(t.daemon.config.brain.askTimeoutMs).toBe(250);
    await t.close();
    expect(existsSync(join(home, "owner.token"))).toBe(true);
  });

  test("restart refuses a home: the daemon restarts on its own", async () => {
    const t = await start();
    await expectTestingError(
      () => t.restart({ home: tempHome() }),
      "invalid_option",
      /options\.home cannot be given to restart/,
    );
    expect((await t.owner.me()).account.role).toBe("owner");
  });
});

describe("restart", () => {
  test("keeps the data across a restart with replaced options; the old handle can no longer act", async () => {
    const first = await startTestDaemon({ script: SCRIPT });
    const session = await first.owner.sessions.create({ title: "Kept" });
    const second = await first.restart({ config: { brain: { askTimeoutMs: 100 } } });
    open.push(second);
    expect(second.home).toBe(first.home);
    expect(second.daemon.config.brain.askTimeoutMs).toBe(100);
    expect((await second.owner.sessions.get(session.id)).title).toBe("Kept");
    expect(await second.submitTurn(session.id, "again")).toMatchObject({
      answer: "Scripted hello.",
    });
    await expectTestingError(() => first.createAccount("ada"), "daemon_closed", /restarted/);
    await first.close();
    expect(existsSync(second.home)).toBe(true);
    await second.close();
    expect(existsSync(second.home)).toBe(false);
  });
});
