import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { imageTypeOf } from "@elowen/plugin-api/images";
import { parseEntryData, type ToolResultEntryData } from "@elowen/wire";
import { afterEach, describe, expect, test } from "vitest";
// The daemon bundles this plugin, so a dependency back on @elowen/daemon would make a package
// cycle: the harness is loaded from its build by path (turbo.json orders its build first).
import { startTestDaemon, type TestDaemon } from "../../../../apps/daemon/dist/testing.js";
import { everythingStdio } from "./everything.js";
import { waitFor } from "./wait.js";

const PLUGIN_DIR = new URL("..", import.meta.url).pathname;
const cleanups: (() => void)[] = [];
let t: TestDaemon | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const SCRIPT = `turns:
  - steps:
      - tools: [{ name: mcp__everything__get-tiny-image, args: {} }]
      - text: "Seen."
  - steps:
      - text: "Still seen."
`;

async function start(home: string): Promise<TestDaemon> {
  const daemon = await startTestDaemon({ plugins: [PLUGIN_DIR], script: SCRIPT, home });
  await waitFor(
    () => daemon.owner.status(),
    (s) => s.mcp?.find((row) => row.name === "everything")?.status === "connected",
  );
  return daemon;
}

/** The images of the tool results in the next settled turn's last model request, as base64. */
function nextRequestImages(daemon: TestDaemon): Promise<string[]> {
  return new Promise((resolve) => {
    const stop = daemon.daemon.host.brain.onExchangeSettled(({ lastRequest }) => {
      stop();
      resolve(
        (lastRequest?.context.messages ?? []).flatMap((message) => {
          const m = message as { role?: string; content?: { type: string; data?: string }[] };
          if (m.role !== "toolResult") return [];
          return (m.content ?? []).flatMap((b) => (b.type === "image" && b.data ? [b.data] : []));
        }),
      );
    });
  });
}

async function imageResults(daemon: TestDaemon, sessionId: string) {
  return (await daemon.owner.sessions.history(sessionId)).entries.flatMap((entry) => {
    const parsed = parseEntryData(entry as never);
    return parsed?.kind === "tool_result" ? [parsed.data as ToolResultEntryData] : [];
  });
}

describe("MCP tool images through the daemon's image store", { timeout: 240_000 }, () => {
  test("get-tiny-image is stored once, kept by reference, sent to the model, and kept after a restart", async () => {
    const home = mkdtempSync(join(tmpdir(), "elowen-mcp-images-"));
    cleanups.push(() => rmSync(home, { recursive: true, force: true }));
    writeFileSync(
      join(home, "elowen.yaml"),
      `mcp:\n  workspace: ${JSON.stringify(home)}\n  servers: ${JSON.stringify({ everything: everythingStdio() })}\n`,
    );
    t = await start(home);
    const session = await t.owner.sessions.create();
    const firstRequest = nextRequestImages(t);
    const reply = await t.owner.sessions.submitTurn(session.id, {
      text: "look",
      waitForSettle: true,
    });
    expect(reply).toMatchObject({ outcome: { reason: "answer", answer: "Seen." } });

    // The journal keeps a reference: the image block names its blob, the row lists it.
    const [result] = await imageResults(t, session.id);
    expect(result?.content.map((b) => b.type)).toEqual(["text", "image", "text"]);
    const block = result?.content[1];
    if (block?.type !== "image") throw new Error("the tool result has no image block");
    const ref = { hash: block.hash, mimeType: "image/png", bytes: block.bytes };
    expect(block).toEqual({ type: "image", ...ref });
    expect(result?.details?.images).toEqual([ref]);

    // The store holds the bytes, served to the session's clients as other images are.
    const served = await fetch(`${t.url}/sessions/${session.id}/attachments/${ref.hash}`, {
      headers: { authorization: `Bearer ${t.ownerToken}` },
    });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    const bytes = new Uint8Array(await served.arrayBuffer());
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(ref.hash);
    expect(bytes.byteLength).toBe(ref.bytes);
    expect(imageTypeOf(bytes)).toBe("image/png");
    const base64 = Buffer.from(bytes).toString("base64");
    const stored = JSON.stringify(await t.daemon.host.store.journal.branch(session.id));
    expect(stored).not.toContain(base64.slice(0, 64));

    // The model's next request carried the image itself.
    expect(await firstRequest).toEqual([base64]);

    // After a restart the journal still names the blob, and the model reads it back from the store.
    await t.close();
    t = await start(home);
    const [reloaded] = await imageResults(t, session.id);
    expect(reloaded?.content[1]).toEqual({ type: "image", ...ref });
    expect(reloaded?.details?.images).toEqual([ref]);
    const replayed = nextRequestImages(t);
    const again = await t.owner.sessions.submitTurn(session.id, {
      text: "again",
      waitForSettle: true,
    });
    expect(again).toMatchObject({ outcome: { reason: "answer", answer: "Still seen." } });
    expect(await replayed).toEqual([base64]);
  });
});
