import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ElowenError, isElowenError } from "@elowen/plugin-shared/errors";
import { afterEach, describe, expect, test } from "vitest";
import { ConfigError } from "./config-error.js";
import { loadConfig } from "./load-config.js";
import { DEFAULT_PORT } from "./schema.js";

const dirs: string[] = [];
function dir(): string {
  const d = mkdtempSync(join(tmpdir(), "elowen-config-"));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function problemsOf(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("loadConfig", () => {
  test("names the environment variable a bad setting came from, and no file that does not exist", () => {
    const home = join(dir(), "home");
    let caught: unknown;
    try {
      loadConfig({ home, env: { ELOWEN_MODEL_PROVIDER: "anthropc" } });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect(caught).toBeInstanceOf(ElowenError);
    expect(isElowenError(caught, "config_invalid")).toBe(true);
    const error = caught as ConfigError;
    expect(error.name).toBe("ConfigError");
    expect(error.file).toBeUndefined();
    expect(error.message).not.toContain("elowen.yaml");
    expect(error.problems).toEqual([
      { path: "env.ELOWEN_MODEL_PROVIDER", message: expect.stringContaining("anthropic") },
    ]);
  });

  test("a provider from the environment without a model says which variable to set", () => {
    const home = join(dir(), "home");
    expect(
      problemsOf(() => loadConfig({ home, env: { ELOWEN_MODEL_PROVIDER: "anthropic" } })),
    ).toEqual([
      { path: "model.id", message: "model.id is required for anthropic: set ELOWEN_MODEL" },
    ]);
  });

  test("runs on loopback defaults with no file at all", () => {
    const home = join(dir(), "home");
    const { config, file } = loadConfig({ home, env: {} });
    expect(file).toBeUndefined();
    expect(config.server).toEqual({
      host: "127.0.0.1",
      port: DEFAULT_PORT,
      allowedHosts: [],
      allowedOrigins: [],
      bodyLimitBytes: 1048576,
    });
    expect(config.store).toEqual({ kind: "sqlite", path: join(home, "elowen.db") });
    expect(config.plugins.bundled).toBe(true);
    expect(config.model.provider).toBe("offline");
    expect(existsSync(home)).toBe(false);
  });

  test("reads ELOWEN_HOME, ELOWEN_HOST and ELOWEN_PORT, with 0 meaning a free port", () => {
    const home = dir();
    const { home: resolved, config } = loadConfig({
      env: { ELOWEN_HOME: home, ELOWEN_HOST: "::1", ELOWEN_PORT: "0" },
    });
    expect(resolved).toBe(home);
    expect(config.server.host).toBe("::1");
    expect(config.server.port).toBe(0);
  });

  test("ELOWEN_LOG_LEVEL and ELOWEN_LOG_FORMAT set the log; a level it does not know is named by its variable", () => {
    const home = dir();
    expect(loadConfig({ home, env: {} }).config.log).toEqual({ level: "info", format: "text" });
    writeFileSync(join(home, "elowen.yaml"), "log: { level: warn }\n");
    const { config } = loadConfig({
      home,
      env: { ELOWEN_LOG_LEVEL: "debug", ELOWEN_LOG_FORMAT: "json" },
    });
    expect(config.log).toEqual({ level: "debug", format: "json" });
    const problems = problemsOf(() =>
      loadConfig({ home, env: { ELOWEN_LOG_LEVEL: "loud", ELOWEN_LOG_FORMAT: "xml" } }),
    );
    expect(problems.map((p) => p.path).sort()).toEqual([
      "env.ELOWEN_LOG_FORMAT",
      "env.ELOWEN_LOG_LEVEL",
    ]);
    expect(problems.find((p) => p.path === "env.ELOWEN_LOG_LEVEL")?.message).toContain("debug");
  });

  test("the environment wins over the file, which wins over defaults", () => {
    const home = dir();
    writeFileSync(
      join(home, "elowen.yaml"),
      "server:\n  port: 9000\n  allowedHosts: [elowen.example]\n",
    );
    const { config, file } = loadConfig({ home, env: { ELOWEN_PORT: "9001" } });
    expect(file).toBe(join(home, "elowen.yaml"));
    expect(config.server.port).toBe(9001);
    expect(config.server.allowedHosts).toEqual(["elowen.example"]);
  });

  test("lists every problem by path, before anything is written", () => {
    const home = join(dir(), "never-created");
    const file = join(dir(), "elowen.yaml");
    writeFileSync(
      file,
      "server:\n  port: 70000\n  colour: blue\nplugins:\n  consent:\n    acme: { mutates: [everything] }\n",
    );
    const problems = problemsOf(() => loadConfig({ home, file, env: { ELOWEN_PORT: "eighty" } }));
    expect(problems.map((p) => p.path).sort()).toEqual(
      ["env.ELOWEN_PORT", "plugins.consent.acme.mutates.0", "server.colour", "server.port"].sort(),
    );
    expect(existsSync(home)).toBe(false);
  });

  test("each unknown setting is named at its own path, at the top level too", () => {
    const home = dir();
    writeFileSync(join(home, "elowen.yaml"), "servr: 1\nserver:\n  prot: 5\n  hots: x\n");
    const problems = problemsOf(() => loadConfig({ home, env: {} }));
    expect(problems.map((p) => p.path).sort()).toEqual(["server.hots", "server.prot", "servr"]);
    for (const problem of problems) expect(problem.message).toMatch(/is not a setting/);
  });

  test("a top-level mapping that is not the host's own is kept as a plugin's section", () => {
    const home = dir();
    writeFileSync(join(home, "elowen.yaml"), "mcp:\n  servers: {}\nservr:\n  port: 1\n");
    expect(loadConfig({ home, env: {} }).sections).toEqual({
      mcp: { servers: {} },
      servr: { port: 1 },
    });
  });

  test("a port of 65535 is accepted and 65536 is refused", () => {
    expect(loadConfig({ home: dir(), env: { ELOWEN_PORT: "65535" } }).config.server.port).toBe(
      65535,
    );
    expect(
      problemsOf(() => loadConfig({ home: dir(), env: { ELOWEN_PORT: "65536" } }))[0]?.path,
    ).toBe("env.ELOWEN_PORT");
  });

  test("a corrupt YAML file is reported with its line", () => {
    const home = dir();
    writeFileSync(join(home, "elowen.yaml"), "server:\n  port: [1, 2\n  host: x\n");
    const problems = problemsOf(() => loadConfig({ home, env: {} }));
    expect(problems[0]?.path).toMatch(/^\(yaml line \d+, column \d+\)$/);
  });

  test("a file that is not a mapping is refused", () => {
    const home = dir();
    writeFileSync(join(home, "elowen.yaml"), "- just\n- a list\n");
    expect(problemsOf(() => loadConfig({ home, env: {} }))).toEqual([
      { path: "(config)", message: "the configuration is a mapping of sections" },
    ]);
  });

  test("an explicitly named config file that is missing is an error", () => {
    const problems = problemsOf(() =>
      loadConfig({ home: dir(), file: join(dir(), "missing.yaml"), env: {} }),
    );
    expect(problems[0]?.message).toMatch(/cannot read .*missing\.yaml: ENOENT/);
  });
});
