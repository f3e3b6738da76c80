import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
// @elowen/daemon is a devDependency back on the host that bundles this plugin; this package's
// turbo.json lists its build's dependencies by name to keep that out of ^build (a task cycle).
import { startTestDaemon, type TestDaemon } from "@elowen/daemon/testing";
import { parseEntryData, type ToolResultEntryData } from "@elowen/wire";
import { afterEach, describe, expect, test } from "vitest";
import { everythingStdio, startEverythingHttp } from "./everything.js";
import { waitFor } from "./wait.js";

const PLUGIN_DIR = new URL("..", import.meta.url).pathname;
const cleanups: (() => Promise<void> | void)[] = [];
let t: TestDaemon | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "elowen-mcp-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A home whose elowen.yaml configures `servers` in the contract's spelling, `mcp.servers`. */
function homeWith(servers: Record<string, unknown>, extra = ""): string {
  const home = tempDir();
  writeFileSync(
    join(home, "elowen.yaml"),
    `mcp:\n  workspace: ${JSON.stringify(home)}\n  servers: ${JSON.stringify(servers)}\n${extra}`,
  );
  return home;
}

async function connected(daemon: TestDaemon, names: readonly string[]) {
  const status = await waitFor(
    () => daemon.owner.status(),
    (s) => names.every((n) => s.mcp?.find((row) => row.name === n)?.status === "connected"),
  );
  return status.mcp ?? [];
}

function toolResults(entries: readonly unknown[]): ToolResultEntryData[] {
  return entries.flatMap((entry) => {
    const parsed = parseEntryData(entry as never);
    return parsed?.kind === "tool_result" ? [parsed.data] : [];
  });
}

const call = (name: string, args: Record<string, unknown>) =>
  `      - tools: [{ name: ${name}, args: ${JSON.stringify(args)} }]`;

describe("MCP tools through a real daemon, against the reference server", {
  timeout: 90_000,
}, () => {
  test.each(["stdio", "http"] as const)(
    "over %s, the scripted model calls text, image, structured, annotated and resource-link tools; history keeps them",
    async (transport) => {
      let entry: Record<string, unknown> = everythingStdio();
      if (transport === "http") {
        const http = await startEverythingHttp();
        cleanups.push(() => http.close());
        entry = { url: http.url };
      }
      const script = `turns:
  - steps:
${call("mcp__everything__echo", { message: "hello" })}
${call("mcp__everything__get-sum", { a: 2, b: 3 })}
${call("mcp__everything__get-tiny-image", {})}
${call("mcp__everything__get-structured-content", { location: "New York" })}
${call("mcp__everything__get-annotated-message", { messageType: "error", includeImage: false })}
${call("mcp__everything__get-resource-links", { count: 2 })}
      - text: "Done."
`;
      const home = homeWith({ everything: entry });
      t = await startTestDaemon({ plugins: [PLUGIN_DIR], script, home });
      const rows = await connected(t, ["everything"]);
      expect(rows).toEqual([
        {
          name: "everything",
          status: "connected",
          auth: { state: transport === "stdio" ? "unsupported" : "none" },
          tools: expect.any(Number),
        },
      ]);
      expect(rows[0]?.tools).toBeGreaterThanOrEqual(10);
      const session = await t.owner.sessions.create();
      const reply = await t.owner.sessions.submitTurn(session.id, {
        text: "go",
        waitForSettle: true,
      });
      expect(reply).toMatchObject({ outcome: { reason: "answer", answer: "Done." } });
      const results = toolResults((await t.owner.sessions.history(session.id)).entries);
      expect(results.map((r) => [r.toolName, r.isError])).toEqual([
        ["mcp__everything__echo", false],
        ["mcp__everything__get-sum", false],
        ["mcp__everything__get-tiny-image", false],
        ["mcp__everything__get-structured-content", false],
        ["mcp__everything__get-annotated-message", false],
        ["mcp__everything__get-resource-links", false],
      ]);
      const [echo, sum, image, structured, annotated, links] = results;
      expect(echo?.content).toEqual([{ type: "text", text: "Echo: hello" }]);
      expect(sum?.content).toEqual([{ type: "text", text: "The sum of 2 and 3 is 5." }]);
      expect(image?.content.map((b) => b.type)).toEqual(["text", "image", "text"]);
      expect(structured?.details).toMatchObject({
        mcp: {
          server: "everything",
          tool: "get-structured-content",
          structuredContent: { temperature: expect.any(Number), conditions: expect.any(String) },
        },
      });
      expect(annotated?.content).toEqual([{ type: "text", text: "Error: Operation failed" }]);
      const linkText = links?.content.map((b) => ("text" in b ? b.text : "")).join("\n") ?? "";
      expect(linkText).toMatch(/\[resource link: .+ <demo:\/\/resource\/.+>/);
      expect(links?.details).toMatchObject({
        mcp: { resources: [{ uri: expect.any(String) }, { uri: expect.any(String) }] },
      });
    },
  );

  test("progress notifications reach the running row as notes", async () => {
    const script = `turns:
  - steps:
${call("mcp__everything__trigger-long-running-operation", { duration: 0.3, steps: 3 })}
      - text: "Done."
`;
    t = await startTestDaemon({
      plugins: [PLUGIN_DIR],
      script,
      home: homeWith({ everything: everythingStdio() }),
    });
    await connected(t, ["everything"]);
    const session = await t.owner.sessions.create();
    const log = await t.events(session.id);
    await t.owner.sessions.submitTurn(session.id, { text: "go", waitForSettle: true });
    await log.next("turn_completed");
    const notes = log.of("tool_updated").map((e) => (e.data as { output: string }).output);
    // The server sends 3/3 in the same read as its result; when both land in one tick the row
    // settles with the result and the last note is never drawn (nothing a reader could see).
    expect([
      ["1/3", "2/3"],
      ["1/3", "2/3", "3/3"],
    ]).toContainEqual(notes);
    const [result] = toolResults((await t.owner.sessions.history(session.id)).entries);
    expect(result?.content).toEqual([
      { type: "text", text: "Long running operation completed. Duration: 0.3 seconds, Steps: 3." },
    ]);
    await log.close();
  });

  test("a tool left out by tools.deny is not offered, and status counts what is", async () => {
    const script = `turns:
  - steps:
${call("mcp__everything__echo", { message: "x" })}
      - text: "Done."
`;
    const home = homeWith({
      everything: everythingStdio({ tools: { allow: ["echo", "get-sum"], deny: ["echo"] } }),
    });
    t = await startTestDaemon({ plugins: [PLUGIN_DIR], script, home });
    const rows = await connected(t, ["everything"]);
    expect(rows[0]?.tools).toBe(1);
    const session = await t.owner.sessions.create();
    await t.owner.sessions.submitTurn(session.id, { text: "go", waitForSettle: true });
    const [result] = toolResults((await t.owner.sessions.history(session.id)).entries);
    expect(result?.isError).toBe(true);
  });
});
