import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { COMMANDS, runCli } from "../../src/cli/run-cli.js";
import { recordingIo } from "./io.js";

// The real bin, as a person runs it: help and the version come from dist/help.json, which the
// build writes; every answer must be the CLI's own, byte for byte, with its exit code.
const bin = new URL("../../bin/elowen.js", import.meta.url).pathname;

function spawnBin(args: readonly string[], nodeArgs: readonly string[] = []) {
  const r = spawnSync(process.execPath, [...nodeArgs, bin, ...args], {
    encoding: "utf8",
    env: { ...process.env, ELOWEN_HOME: join(tmpdir(), "elowen-quick-help-absent") },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

async function inProcess(args: readonly string[]) {
  const io = recordingIo({});
  const code = await runCli(args, io);
  return { code, out: io.out(), err: io.err() };
}

const FORMS: readonly (readonly string[])[] = [
  ["--help"],
  ["-h"],
  ["help"],
  ["--version"],
  ["-v"],
  ["--help", "extra"],
  ...COMMANDS.flatMap((c) => [
    [c.name, "--help"],
    [c.name, "-h"],
    ["help", c.name],
  ]),
];

describe("elowen --help and --version from the bin", () => {
  test.each(FORMS.map((f) => [f.join(" "), f] as const))(
    "elowen %s prints what the CLI prints, exit 0",
    async (_, args) => {
      const expected = await inProcess(args);
      expect(expected.code).toBe(0);
      expect(spawnBin(args)).toEqual({ code: 0, out: expected.out, err: "" });
    },
  );

  test("help for an unknown command is still the CLI's usage error (exit 2)", async () => {
    const run = spawnBin(["help", "nosuch"]);
    expect(run.code).toBe(2);
    expect(run.err).toContain('unknown command "nosuch"');
    expect(run).toEqual({ ...(await inProcess(["help", "nosuch"])), code: 2 });
  });

  test("imports no module but the bin itself", () => {
    const dir = mkdtempSync(join(tmpdir(), "elowen-quick-help-"));
    try {
      const seen = join(dir, "seen.txt");
      const hooks = join(dir, "hooks.mjs");
      writeFileSync(
        hooks,
        `import { appendFileSync } from "node:fs";\nexport async function resolve(s, c, next) { const r = await next(s, c); appendFileSync(${JSON.stringify(seen)}, r.url + "\\n"); return r; }\n`,
      );
      const register = join(dir, "register.mjs");
      writeFileSync(
        register,
        `import { register } from "node:module";\nregister(${JSON.stringify(`file://${hooks}`)});\n`,
      );
      for (const args of [["--help"], ["chat", "--help"], ["--version"]]) {
        writeFileSync(seen, "");
        expect(spawnBin(args, ["--import", register]).code).toBe(0);
        const files = readFileSync(seen, "utf8")
          .split("\n")
          .filter((url) => url.startsWith("file:"));
        expect(files).toEqual([`file://${bin}`]);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
