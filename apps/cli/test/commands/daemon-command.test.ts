import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { EXIT_CODES } from "../../src/cli/exit-codes.js";
import { connect, isHealthy } from "../../src/connect/connect.js";
import { readDaemonFile, resolveDaemonAddress } from "../../src/connect/daemon-address.js";
import { until } from "../support/until.js";

const BIN = join(import.meta.dirname, "..", "..", "dist", "bin.js");
const children: ChildProcess[] = [];
const pids: number[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  for (const pid of pids.splice(0)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
});

function home(yaml?: string): string {
  const dir = mkdtempSync(join(tmpdir(), "elowen-cli-daemon-"));
  if (yaml !== undefined) writeFileSync(join(dir, "elowen.yaml"), yaml);
  return dir;
}

function run(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let out = "";
  let err = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    err += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) =>
    child.on("close", (code) => resolve(code)),
  );
  return { child, out: () => out, err: () => err, exited };
}

describe("elowen daemon", () => {
  test("runs the daemon in the foreground, says where it listens and how to sign in, and stops on Ctrl+C", async () => {
    const dir = home("plugins:\n  bundled: false\n");
    const daemon = run(["daemon", "--port", "0"], { ELOWEN_HOME: dir });
    await until(
      () => daemon.out().includes("Press Ctrl-C to stop."),
      "the daemon to start",
      60_000,
    );
    const url = /listening on (http:\/\/\S+)/.exec(daemon.out())?.[1] ?? "";
    // One line each: the model and its provider, the web and how to sign in, the terminal, the data.
    expect(daemon.out().split("\n").slice(1, 6)).toEqual([
      expect.stringMatching(
        /^ {2}model {5}the offline model \(no provider configured: set ELOWEN_MODEL_PROVIDER/,
      ),
      expect.stringMatching(/^ {2}web {7}/),
      "  terminal  npx elowen",
      `  data      ${dir}`,
      "Press Ctrl-C to stop.",
    ]);
    expect(daemon.out()).toMatch(
      new RegExp(
        `web {7}${url}/ {2}\\(sign in with the owner token; \`cat ${join(dir, "owner.token")}\` prints it\\)`,
      ),
    );
    expect(await isHealthy(url)).toBe(true);
    expect(readDaemonFile(dir)?.pid).toBe(daemon.child.pid);
    daemon.child.kill("SIGINT");
    expect(await daemon.exited).toBe(0);
    expect(existsSync(join(dir, "daemon.json"))).toBe(false);
  });

  test("ends with the config exit code (78), listing the problems, when elowen.yaml is invalid", async () => {
    const daemon = run(["daemon"], { ELOWEN_HOME: home("server:\n  port: -1\n") });
    expect(await daemon.exited).toBe(EXIT_CODES.config);
    expect(daemon.err()).toMatch(/server\.port/);
  });
});

describe("starting a daemon in the background", () => {
  test("starts `elowen daemon` when none answers at the local address, and signs in with the owner token it wrote", async () => {
    const dir = home("plugins:\n  bundled: false\n");
    const env = { ELOWEN_HOME: dir, ELOWEN_PORT: "0" };
    const started: string[] = [];
    const connection = await connect(resolveDaemonAddress({}, env), {
      env: { ...process.env, ...env },
      startIfMissing: { binPath: BIN, onStart: (h) => started.push(h) },
    });
    const file = readDaemonFile(dir);
    if (file) pids.push(file.pid);
    expect(started).toEqual([dir]);
    expect(connection).toMatchObject({
      started: true,
      url: file?.url,
      token: readFileSync(join(dir, "owner.token"), "utf8").trim(),
    });
    expect((await connection.client.status()).model.offline).toBe(true);
    // The daemon answers before `elowen daemon` prints where it listens.
    await until(
      () => readFileSync(join(dir, "daemon.log"), "utf8").includes("Elowen daemon listening on"),
      "the daemon's log to say where it listens",
    );
    const again = await connect(resolveDaemonAddress({}, env), {
      env,
      startIfMissing: { binPath: BIN },
    });
    expect(again).toMatchObject({ started: false, url: file?.url });
  });

  test("a SIGTERM that arrives as soon as daemon.json is written, before the banner, still stops the daemon gracefully", async () => {
    const dir = home("plugins:\n  bundled: false\n");
    const daemon = run(["daemon", "--port", "0"], { ELOWEN_HOME: dir });
    const file = join(dir, "daemon.json");
    // `elowen stop` right after a background start sends its signal in this window.
    while (!existsSync(file) && daemon.child.exitCode === null)
      await new Promise((resolve) => setImmediate(resolve));
    daemon.child.kill("SIGTERM");
    expect(await daemon.exited).toBe(EXIT_CODES.ok);
    expect(daemon.err()).toContain("SIGTERM received, stopping");
    expect(existsSync(file)).toBe(false);
  });

  test("`elowen stop` stops the daemon started in the background; with none running it ends with the unreachable code", async () => {
    const dir = home("plugins:\n  bundled: false\n");
    const env = { ELOWEN_HOME: dir, ELOWEN_PORT: "0" };
    await connect(resolveDaemonAddress({}, env), {
      env: { ...process.env, ...env },
      startIfMissing: { binPath: BIN },
    });
    const file = readDaemonFile(dir);
    if (file) pids.push(file.pid);
    const stop = run(["stop"], { ELOWEN_HOME: dir });
    expect(await stop.exited).toBe(EXIT_CODES.ok);
    expect(stop.out()).toBe(`Stopped the daemon at ${file?.url} (process ${file?.pid}).\n`);
    expect(await isHealthy(file?.url ?? "")).toBe(false);
    expect(existsSync(join(dir, "daemon.json"))).toBe(false);
    const again = run(["stop"], { ELOWEN_HOME: dir });
    expect(await again.exited).toBe(EXIT_CODES.unreachable);
    expect(again.err()).toBe(`elowen: no daemon is running from ${dir} (no daemon.json there).\n`);
  });

  test("never replaces an address named explicitly", async () => {
    const dir = home();
    await expect(
      connect(resolveDaemonAddress({ url: "http://127.0.0.1:9" }, { ELOWEN_HOME: dir }), {
        env: {},
        startIfMissing: { binPath: BIN },
      }),
    ).rejects.toMatchObject({
      exitCode: EXIT_CODES.unreachable,
      message: expect.stringContaining("the daemon at http://127.0.0.1:9 is not answering"),
    });
    expect(existsSync(join(dir, "daemon.json"))).toBe(false);
  });

  test("reports the log's last lines when the daemon it started exits first", async () => {
    const dir = home("plugins:\n  bundled: maybe\n");
    await expect(
      connect(resolveDaemonAddress({}, { ELOWEN_HOME: dir, ELOWEN_PORT: "0" }), {
        env: { ...process.env, ELOWEN_PORT: "0" },
        startIfMissing: { binPath: BIN },
      }),
    ).rejects.toMatchObject({
      exitCode: EXIT_CODES.config,
      message: expect.stringMatching(/exited \(code 78\)[\s\S]*plugins\.bundled/),
    });
  });
});
