import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startTestDaemon, type TestDaemon } from "@elowen/daemon/testing";
import { afterEach, describe, expect, test } from "vitest";
import { everythingStdio, startEverythingHttp } from "./everything.js";
import { waitFor } from "./wait.js";

const PLUGIN_DIR = new URL("..", import.meta.url).pathname;
let t: TestDaemon | undefined;
let home: string | undefined;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await t?.close();
  t = undefined;
  for (const cleanup of cleanups.splice(0)) await cleanup();
  if (home) rmSync(home, { recursive: true, force: true });
});

describe("MCP prompts as slash commands", { timeout: 90_000 }, () => {
  test("the catalog lists them and /mcp__<server>__<prompt> args becomes the prompt's text", async () => {
    home = mkdtempSync(join(tmpdir(), "elowen-mcp-prompts-"));
    writeFileSync(
      join(home, "elowen.yaml"),
      [
        "plugins:",
        '  consent: { "@elowen/plugin-mcp": { mutates: [turnContext] } }',
        "mcp:",
        `  workspace: ${JSON.stringify(home)}`,
        `  servers: ${JSON.stringify({ everything: everythingStdio() })}`,
        "",
      ].join("\n"),
    );
    t = await startTestDaemon({
      plugins: [PLUGIN_DIR],
      home,
      script: 'turns:\n  - steps:\n      - text: "Sunny."\n  - steps:\n      - text: "Noted."\n',
    });
    await waitFor(
      () => (t as TestDaemon).owner.status(),
      (s) => s.mcp?.[0]?.status === "connected",
    );
    const catalog = await t.owner.commands("web");
    const listed = catalog.commands.filter((c) => c.name.startsWith("mcp-everything-"));
    expect(listed.map((c) => [c.name, c.description, c.target])).toContainEqual([
      "mcp-everything-args-prompt",
      "A prompt with two arguments, one required and one optional <city> [state]",
      "/mcp__everything__args-prompt",
    ]);
    const session = await t.owner.sessions.create();
    await t.owner.sessions.submitTurn(session.id, {
      text: "/mcp__everything__args-prompt state=France Paris",
      waitForSettle: true,
    });
    await t.owner.sessions.submitTurn(session.id, {
      text: "/mcp__everything__args-prompt",
      waitForSettle: true,
    });
    const users = (await t.owner.sessions.history(session.id)).entries.filter(
      (e) => e.kind === "user",
    );
    expect(JSON.stringify(users[0])).toContain("What's weather in Paris, France?");
    expect(JSON.stringify(users[1])).toContain(
      "(MCP prompt args-prompt: missing required argument city)",
    );
  });

  test("an account's own url server's prompts are neither listed for nor run by another account", async () => {
    const http = await startEverythingHttp();
    cleanups.push(() => http.close());
    home = mkdtempSync(join(tmpdir(), "elowen-mcp-prompts-"));
    writeFileSync(
      join(home, "elowen.yaml"),
      [
        "plugins:",
        '  consent: { "@elowen/plugin-mcp": { mutates: [turnContext] } }',
        "mcp:",
        `  workspace: ${JSON.stringify(home)}`,
        "  allowPrivateUrls: [loopback]",
        "",
      ].join("\n"),
    );
    t = await startTestDaemon({
      plugins: [PLUGIN_DIR],
      home,
      script: 'turns:\n  - steps:\n      - text: "Sunny."\n  - steps:\n      - text: "Noted."\n',
    });
    const alice = await t.createAccount("alice", { role: "user" });
    const bob = await t.createAccount("bob", { role: "user" });
    await alice.client.request("POST", "/plugins/mcp/servers", {
      body: { name: "private", url: http.url },
    });
    const aliasesOf = async (client: TestDaemon["owner"]) =>
      (await client.commands("web")).commands
        .filter((c) => c.name.startsWith("mcp-private-"))
        .map((c) => c.name);
    await waitFor(
      () => aliasesOf(alice.client),
      (names) => names.includes("mcp-private-args-prompt"),
    );
    expect(await aliasesOf(bob.client)).toEqual([]);
    expect(await aliasesOf(t.owner)).toEqual([]);

    const line = "/mcp__private__args-prompt state=France Paris";
    const firstUser = async (client: TestDaemon["owner"]) => {
      const session = await client.sessions.create();
      await client.sessions.submitTurn(session.id, { text: line, waitForSettle: true });
      const users = (await client.sessions.history(session.id)).entries.filter(
        (e) => e.kind === "user",
      );
      return JSON.stringify(users[0]);
    };
    const bobs = await firstUser(bob.client);
    expect(bobs).toContain(line);
    expect(bobs).not.toContain("What's weather in Paris, France?");
    expect(await firstUser(alice.client)).toContain("What's weather in Paris, France?");
  });
});
