import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { WEB_CONTENT_SECURITY_POLICY } from "../src/http/web-routes.js";
import { type RunningDaemon, startDaemon } from "../src/lifecycle/daemon.js";
import { tempHome } from "./helpers/test-daemon.js";

let home: string;
let webDir: string;
let daemon: RunningDaemon;
beforeAll(async () => {
  home = tempHome();
  webDir = mkdtempSync(join(tmpdir(), "elowen-web-dir-"));
  mkdirSync(join(webDir, "assets"));
  writeFileSync(join(webDir, "index.html"), "<!doctype html><title>Elowen</title>");
  writeFileSync(join(webDir, "assets", "index-abc123.js"), "console.log('app');");
  writeFileSync(join(webDir, "assets", "index-abc123.css"), "body{}");
  writeFileSync(join(home, "secret.txt"), "do not serve");
  daemon = await startDaemon({
    home,
    env: {},
    log: () => {},
    writeDaemonFile: false,
    webDir,
    config: { server: { port: 0 }, plugins: { bundled: false } },
  });
});
afterAll(async () => {
  await daemon?.stop();
  rmSync(home, { recursive: true, force: true });
  rmSync(webDir, { recursive: true, force: true });
});

/** A raw GET, so the path is sent exactly as written (fetch would normalize `..`). */
function get(
  path: string,
  host?: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const url = new URL(daemon.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path, headers: host ? { host } : {} },
      (res) => {
        let body = "";
        res.on("data", (c: Buffer) => {
          body += c.toString();
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe("the web client served from webDir", () => {
  test("serves index.html at / without a token, never cached, with the content security policy", async () => {
    const page = await get("/");
    expect(page.status).toBe(200);
    expect(page.body).toBe("<!doctype html><title>Elowen</title>");
    expect(page.headers).toMatchObject({
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-cache",
      "content-security-policy": WEB_CONTENT_SECURITY_POLICY,
      "x-content-type-options": "nosniff",
    });
  });

  test("serves its hashed assets with their types, cached for good", async () => {
    const script = await get("/assets/index-abc123.js");
    expect([script.status, script.body, script.headers["content-type"]]).toEqual([
      200,
      "console.log('app');",
      "text/javascript; charset=utf-8",
    ]);
    expect(script.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await get("/assets/index-abc123.css")).headers["content-type"]).toBe(
      "text/css; charset=utf-8",
    );
  });

  test.each([
    ["a missing asset", "/assets/missing.js"],
    ["a climb out of the assets", "/assets/..%2F..%2Fsecret.txt"],
    ["a dotted name", "/assets/.."],
  ])("answers 404 to %s and reads nothing outside the assets", async (_label, path) => {
    const answer = await get(path);
    expect(answer.status).toBe(404);
    expect(answer.body).not.toContain("do not serve");
  });

  test("keeps every API route behind the token and the Host check", async () => {
    expect((await get("/sessions")).status).toBe(401);
    expect((await get("/index.html")).status).toBe(401);
    expect((await get("/", "evil.example")).status).toBe(403);
  });
});

describe("a daemon without webDir", () => {
  test("serves no page at /: the API alone", async () => {
    const other = await startDaemon({
      home: tempHome(),
      env: {},
      log: () => {},
      writeDaemonFile: false,
      config: { server: { port: 0 }, plugins: { bundled: false } },
    });
    try {
      const answer = await fetch(`${other.url}/`);
      expect(answer.status).toBe(401);
    } finally {
      await other.stop();
      rmSync(other.home, { recursive: true, force: true });
    }
  });
});
