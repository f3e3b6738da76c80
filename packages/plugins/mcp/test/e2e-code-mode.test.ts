import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startTestDaemon, type TestDaemon } from "@elowen/daemon/testing";
import { parseEntryData } from "@elowen/wire";
import { afterEach, describe, expect, test } from "vitest";
import { everythingStdio } from "./everything.js";
import { waitFor } from "./wait.js";

const PLUGIN_DIR = new URL("..", import.meta.url).pathname;
const CODE_MODE = new URL("../../code-mode", import.meta.url).pathname;
let t: TestDaemon | undefined;
let home: string | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  if (home) rmSync(home, { recursive: true, force: true });
});

const SCRIPT = `turns:
  - steps:
      - tools:
          - name: exec
            args:
              script: |
                const echoed = await tools.mcp__everything__echo({ message: "from a script" });
                const sum = await tools["mcp__everything__get-sum"]({ a: 20, b: 22 });
                return JSON.stringify([echoed, sum]);
      - text: "Done."
`;

describe("MCP tools in code mode", { timeout: 90_000 }, () => {
  test("a script calls tools.mcp__<server>__<tool>(args); each call is a nested row", async () => {
    home = mkdtempSync(join(tmpdir(), "elowen-mcp-code-"));
    writeFileSync(
      join(home, "elowen.yaml"),
      `mcp:\n  workspace: ${JSON.stringify(home)}\n  servers: ${JSON.stringify({ everything: everythingStdio() })}\n`,
    );
    t = await startTestDaemon({ plugins: [PLUGIN_DIR, CODE_MODE], script: SCRIPT, home });
    await waitFor(
      () => (t as TestDaemon).owner.status(),
      (s) => s.mcp?.[0]?.status === "connected",
    );
    const session = await t.owner.sessions.create();
    await t.owner.sessions.submitTurn(session.id, { text: "go", waitForSettle: true });
    const exec = (await t.owner.sessions.history(session.id)).entries
      .map((e) => parseEntryData(e))
      .find((p) => p?.kind === "tool_result" && p.data.toolName === "exec");
    const data = exec?.kind === "tool_result" ? exec.data : undefined;
    expect(data?.isError).toBe(false);
    const text = data?.content.map((b) => ("text" in b ? b.text : "")).join("\n") ?? "";
    expect(text).toContain("Echo: from a script");
    expect(text).toContain("The sum of 20 and 22 is 42.");
    const trace = (data?.details?.toolTrace ?? []) as { name: string }[];
    expect(trace.map((r) => r.name)).toEqual(["mcp__everything__echo", "mcp__everything__get-sum"]);
  });
});
