import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { describe, expect, test } from "vitest";
import { EXIT_CODES } from "../../src/cli/exit-codes.js";
import { readSecret } from "../../src/cli/read-secret.js";
import { runCli } from "../../src/cli/run-cli.js";
import { recordingIo } from "./io.js";

const KEY = "sk-elowen-cli-test-0123456789abcdef";

describe("elowen login <provider>", () => {
  test("stores the key read from input in the data directory with mode 0600, and never prints it", async () => {
    const home = mkdtempSync(join(tmpdir(), "elowen-cli-login-"));
    const prompts: string[] = [];
    const io = {
      ...recordingIo({ ELOWEN_HOME: home }),
      readSecret: async (prompt: string) => {
        prompts.push(prompt);
        return `${KEY}\n`;
      },
    };
    expect(await runCli(["login", "anthropic"], io)).toBe(EXIT_CODES.ok);
    const file = join(home, "provider-keys.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({
      version: 1,
      keys: { anthropic: KEY },
    });
    expect(prompts).toEqual(["anthropic API key (not shown): "]);
    expect(io.out()).toContain(`Stored the anthropic key in ${file} (mode 0600)`);
    expect(io.out() + io.err()).not.toContain(KEY);
  });

  test.each([
    [["login"], "login needs a provider: one of anthropic, openai"],
    [["login", "gemini"], 'login: "gemini" is not a provider a key can be stored for'],
  ])("a wrong command line %j is a usage error (2) naming the rule", async (argv, message) => {
    const io = { ...recordingIo({}), readSecret: async () => KEY };
    expect(await runCli(argv, io)).toBe(EXIT_CODES.usage);
    expect(io.err()).toContain(message);
  });

  test("an empty key stores nothing and fails (1) saying so", async () => {
    const home = mkdtempSync(join(tmpdir(), "elowen-cli-login-"));
    const io = { ...recordingIo({ ELOWEN_HOME: home }), readSecret: async () => "  \n" };
    expect(await runCli(["login", "openai"], io)).toBe(EXIT_CODES.failure);
    expect(io.err()).toContain("the key for openai is empty: nothing was stored");
  });

  test("reads the key from standard input when it is not a terminal (scripts)", async () => {
    const input = new PassThrough();
    input.end(`${KEY}\n`);
    const output = new PassThrough();
    expect(await readSecret(input, output, "key: ")).toBe(KEY);
    expect(output.read()).toBeNull();
  });
});
