import { existsSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { spawnNode } from "./helpers/child.js";
import { tempHomes } from "./helpers/temp-homes.js";
import { fixturePlugin } from "./helpers/test-daemon.js";

const bin = join(import.meta.dirname, "..", "dist", "bin.js");
const home = tempHomes();

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The first answer of GET /health once the process listens. */
async function firstHealth(url: string): Promise<unknown> {
  for (;;) {
    try {
      const response = await fetch(`${url}/health`);
      return { status: response.status, body: await response.json() };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

describe("start-up: the daemon listens before its plugins have loaded", () => {
  test("/health says ready: false while a plugin registers, other requests wait and are then served", async () => {
    const dir = home();
    const release = join(dir, "release");
    writeFileSync(
      join(dir, "elowen.yaml"),
      `plugins:\n  bundled: false\n  dirs: [${JSON.stringify(fixturePlugin("slow-register"))}]\n`,
    );
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const daemon = spawnNode([bin], {
      ELOWEN_HOME: dir,
      ELOWEN_PORT: String(port),
      ELOWEN_TEST_RELEASE: release,
    });
    try {
      expect(await firstHealth(url)).toEqual({
        status: 200,
        body: { ok: true, version: expect.any(String), ready: false },
      });
      // A client finds the daemon by daemon.json only once it serves everything.
      expect(existsSync(join(dir, "daemon.json"))).toBe(false);
      let settled = false;
      const waiting = fetch(`${url}/brain/status`).then((response) => {
        settled = true;
        return response;
      });
      // One more round trip: the early socket still answers, the held request is not answered.
      expect(await (await fetch(`${url}/health`)).json()).toMatchObject({ ready: false });
      expect(settled).toBe(false);
      writeFileSync(release, "");
      // Handed to the full server: its gate answers (no token: 401), not the early socket.
      expect((await waiting).status).toBe(401);
      expect(await (await fetch(`${url}/health`)).json()).toEqual({
        ok: true,
        version: expect.any(String),
        ready: true,
      });
      await daemon.waitFor((line) => line.startsWith("Elowen daemon listening on "));
      expect(existsSync(join(dir, "daemon.json"))).toBe(true);
    } finally {
      writeFileSync(release, "");
      daemon.process.kill("SIGTERM");
    }
    expect(await daemon.exited()).toEqual({ code: 0, signal: null });
  });

  test("the early socket keeps the DNS-rebinding check on /health", async () => {
    const dir = home();
    const release = join(dir, "release");
    writeFileSync(
      join(dir, "elowen.yaml"),
      `plugins:\n  bundled: false\n  dirs: [${JSON.stringify(fixturePlugin("slow-register"))}]\n`,
    );
    const port = await freePort();
    const daemon = spawnNode([bin], {
      ELOWEN_HOME: dir,
      ELOWEN_PORT: String(port),
      ELOWEN_TEST_RELEASE: release,
    });
    try {
      await firstHealth(`http://127.0.0.1:${port}`);
      const { request } = await import("node:http");
      const status = await new Promise<number | undefined>((resolve, reject) => {
        const req = request(
          { host: "127.0.0.1", port, path: "/health", headers: { host: "evil.example" } },
          (response) => {
            response.resume();
            resolve(response.statusCode);
          },
        );
        req.on("error", reject);
        req.end();
      });
      expect(status).toBe(403);
      writeFileSync(release, "");
      await daemon.waitFor((line) => line.startsWith("Press Ctrl-C"));
    } finally {
      writeFileSync(release, "");
      daemon.process.kill("SIGTERM");
    }
    expect(await daemon.exited()).toEqual({ code: 0, signal: null });
  });
});
