import { mkdirSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SHARED_ATTACHMENT_ENTRY } from "@elowen/plugin-api/journal";
import { MAX_SHARED_FILE_BYTES, MAX_SHARED_IMAGE_BYTES } from "@elowen/plugin-api/limits";
import type { ToolTraceRecord } from "@elowen/plugin-api/trace";
import type { ToolResultEntryData } from "@elowen/wire";
import { afterEach, describe, expect, test } from "vitest";
import { startBrainDaemon, toolResults } from "./helpers/live-events.js";
import { fixturePlugin, type TestDaemon, tempHome } from "./helpers/test-daemon.js";

const CODE_MODE = join(import.meta.dirname, "..", "..", "..", "packages", "plugins", "code-mode");
const PNG = Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), Buffer.from("pixels")]);

let t: TestDaemon | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

function oneCall(name: string, args: string): string {
  return `turns:
  - steps:
      - tools: [{ name: ${name}, args: ${args} }]
      - text: "after"
`;
}

function execScript(script: string): string {
  return `turns:
  - steps:
      - tools:
          - name: exec
            args:
              script: |
${script
  .trim()
  .split("\n")
  .map((line) => `                ${line}`)
  .join("\n")}
      - text: "after"
`;
}

/** With code mode loaded the model calls tools only through exec; without it, directly. */
async function start(script: string, codeMode = false, home = tempHome()) {
  const dirs = [fixturePlugin("brain-kit"), ...(codeMode ? [CODE_MODE] : [])];
  t = await startBrainDaemon({ home, script, config: { plugins: { dirs } } });
  const session = await t.owner.sessions.create();
  const workspace = join(home, "workspaces", session.id);
  mkdirSync(workspace, { recursive: true });
  return { session, workspace, home };
}

async function results(sessionId: string): Promise<ToolResultEntryData[]> {
  return t ? toolResults(t.owner, sessionId) : [];
}

describe("ShareImage and ShareFile", () => {
  test("a direct ShareFile delivers the workspace file, records ownership off-branch and serves it", async () => {
    const { session, workspace } = await start(
      oneCall("ShareFile", "{ path: notes.md, caption: 'My notes' }"),
    );
    writeFileSync(join(workspace, "notes.md"), "# Notes\n");
    await t?.owner.sessions.submitTurn(session.id, { text: "go", waitForSettle: true });
    const [result] = await results(session.id);
    expect(result).toMatchObject({
      isError: false,
      details: {
        sharedFile: {
          mimeType: "text/markdown",
          bytes: 8,
          filename: "notes.md",
          caption: "My notes",
        },
      },
    });
    const hash = (result?.details?.sharedFile as { hash: string } | undefined)?.hash ?? "";
    const owned = await t?.daemon.host.store.journal.offBranch(session.id, SHARED_ATTACHMENT_ENTRY);
    expect(owned).toHaveLength(1);
    const served = await t?.owner.sessions.attachment(session.id, hash);
    expect(await served?.text()).toBe("# Notes\n");
  });

  test.each([
    [
      "a path outside the workspace",
      "{ path: ../../elowen.db }",
      /outside this session's workspace/,
    ],
    ["a missing file", "{ path: nope.txt }", /no file at nope.txt/],
  ])("refuses %s with its reason, as an error", async (_name, args, reason) => {
    const { session } = await start(oneCall("ShareFile", args));
    await t?.owner.sessions.submitTurn(session.id, { text: "go", waitForSettle: true });
    const [result] = await results(session.id);
    expect(result?.isError).toBe(true);
    expect(JSON.stringify(result?.content)).toMatch(reason);
  });

  test.each([
    ["ShareImage", "big.png", MAX_SHARED_IMAGE_BYTES],
    ["ShareFile", "big.bin", MAX_SHARED_FILE_BYTES],
  ])(
    "%s takes a file of exactly its limit and refuses one byte more before reading it",
    async (tool, name, limit) => {
      const { session, workspace } = await start(`turns:
  - steps:
      - tools: [{ name: ${tool}, args: { path: at-${name} } }, { name: ${tool}, args: { path: past-${name} } }]
      - text: "after"
`);
      for (const [file, size] of [
        [`at-${name}`, limit],
        [`past-${name}`, limit + 1],
      ] as const) {
        writeFileSync(join(workspace, file), PNG);
        truncateSync(join(workspace, file), size);
      }
      await t?.owner.sessions.submitTurn(session.id, { text: "go", waitForSettle: true });
      const all = await results(session.id);
      const at = all.find((r) => r.callId === "offline-0-0-0");
      const past = all.find((r) => r.callId === "offline-0-0-1");
      expect(at?.isError).toBe(false);
      expect(past?.isError).toBe(true);
      expect(JSON.stringify(past?.content)).toContain(`more than the ${limit}-byte limit`);
    },
  );

  test("a script shares the screenshot it just took, also when it does it twice", async () => {
    const { session } = await start(
      execScript(`
await tools.Pic({ color: "red" });
await tools.ShareImage({ latest: true });
await tools.Pic({ color: "green" });
await tools.ShareImage({ latest: true, caption: "second" });
return "ok";`),
      true,
    );
    await t?.owner.sessions.submitTurn(session.id, { text: "go", waitForSettle: true });
    const exec = (await results(session.id)).find((r) => r.toolName === "exec");
    const trace = (exec?.details?.toolTrace ?? []) as ToolTraceRecord[];
    const pics = trace.filter((r) => r.name === "Pic").map((r) => r.images?.[0]?.hash);
    const shared = trace.filter((r) => r.name === "ShareImage").map((r) => r.sharedImage?.hash);
    expect(shared).toEqual(pics);
    expect(trace.filter((r) => r.name === "ShareImage").map((r) => r.isError === true)).toEqual([
      false,
      false,
    ]);
  });

  test("five concurrent shares in one script produce at most four, the fifth refused with its reason", async () => {
    const { session, workspace } = await start(
      execScript(`
const shares = [1, 2, 3, 4, 5].map((n) => tools.ShareFile({ path: "f" + n + ".txt" }).then(() => "ok", (e) => e.message));
return await Promise.all(shares);`),
      true,
    );
    for (let n = 1; n <= 5; n += 1) writeFileSync(join(workspace, `f${n}.txt`), `file ${n}`);
    await t?.owner.sessions.submitTurn(session.id, { text: "go", waitForSettle: true });
    const exec = (await results(session.id)).find((r) => r.toolName === "exec");
    const rows = ((exec?.details?.toolTrace ?? []) as ToolTraceRecord[]).filter(
      (r) => r.name === "ShareFile",
    );
    expect(rows.filter((r) => r.sharedFile !== undefined)).toHaveLength(4);
    const refused = rows.filter((r) => r.isError === true);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.output).toMatch(/at most 4 shares/);
    expect(
      await t?.daemon.host.store.journal.offBranch(session.id, SHARED_ATTACHMENT_ENTRY),
    ).toHaveLength(4);
  });
});
