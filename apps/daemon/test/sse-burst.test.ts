import { request } from "node:http";
import { afterEach, describe, expect, test } from "vitest";
import { startBrainDaemon } from "./helpers/live-events.js";
import type { TestDaemon } from "./helpers/test-daemon.js";

let t: TestDaemon | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A 1 MiB answer the offline model streams as 65,536 deltas of 16 characters. */
const ANSWER = "0123456789abcdef".repeat(65_536);

interface Reader {
  /** The text of every assistant_delta, joined in order. */
  text(): string;
  /** Resolves with the event types in order once `turn_completed` arrived (or the stream ended). */
  ended: Promise<{ types: string[]; cut: boolean }>;
  /** Resolves at the first assistant_delta. */
  firstDelta: Promise<void>;
}

/** Reads a session's SSE at full speed with a raw HTTP request, parsing frames as they come. */
function readAll(daemon: TestDaemon, sessionId: string): Reader {
  const url = new URL(daemon.daemon.url);
  const pieces: string[] = [];
  const types: string[] = [];
  let buffer = "";
  let onFirst: () => void = () => {};
  const firstDelta = new Promise<void>((resolve) => {
    onFirst = resolve;
  });
  const ended = new Promise<{ types: string[]; cut: boolean }>((resolve) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: `/sessions/${sessionId}/events`,
        headers: { authorization: `Bearer ${daemon.ownerToken}` },
      },
      (res) => {
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf("\n\n");
          while (end >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const type = /^event: (.*)$/m.exec(frame)?.[1];
            const data = /^data: (.*)$/m.exec(frame)?.[1];
            if (type !== undefined) {
              types.push(type);
              if (type === "assistant_delta" && data !== undefined) {
                pieces.push((JSON.parse(data) as { text: string }).text);
                onFirst();
              }
              if (type === "turn_completed") {
                req.destroy();
                resolve({ types, cut: false });
              }
            }
            end = buffer.indexOf("\n\n");
          }
        });
        res.on("close", () => resolve({ types, cut: true }));
      },
    );
    req.on("error", () => resolve({ types, cut: true }));
    req.end();
  });
  return { text: () => pieces.join(""), ended, firstDelta };
}

describe("a burst of live events", () => {
  test("readers at full speed receive every delta of a 1 MiB answer, uncut, and /health answers during it", {
    timeout: 300_000,
  }, async () => {
    t = await startBrainDaemon({
      script: `turns: [{ steps: [{ text: ${JSON.stringify(ANSWER)} }] }]`,
    });
    const session = await t.owner.sessions.create();
    const readers = [readAll(t, session.id), readAll(t, session.id)];
    await new Promise((resolve) => setTimeout(resolve, 200));
    await t.owner.sessions.submitTurn(session.id, { text: "go" });
    await readers[0]?.firstDelta;
    let turnEnded = false;
    void readers[0]?.ended.then(() => {
      turnEnded = true;
    });
    const health = await fetch(`${t.daemon.url}/health`);
    expect(health.status).toBe(200);
    expect(turnEnded).toBe(false);
    const results = await Promise.all(readers.map((reader) => reader.ended));
    for (const [i, result] of results.entries()) {
      expect(result.cut).toBe(false);
      expect(readers[i]?.text()).toBe(ANSWER);
    }
  });
});
