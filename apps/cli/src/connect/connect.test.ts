import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import { connect } from "./connect.js";

const servers: Array<ReturnType<typeof createServer>> = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

describe("connect", () => {
  test("waits while the daemon says ready: false, then signs in; never starts a second one", async () => {
    let ready = false;
    let asked = 0;
    const server = createServer((request, response) => {
      if (request.url === "/health") asked += 1;
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ ok: true, version: "0.30.7", ready }));
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    let started = false;
    let settled = false;
    const connecting = connect(
      { home: "/nonexistent", url, source: "default", token: "elw_t" },
      {
        env: {},
        startIfMissing: {
          binPath: "/nonexistent/elowen.js",
          onStart: () => {
            started = true;
          },
        },
      },
    ).finally(() => {
      settled = true;
    });
    // It keeps asking while the daemon loads, and has not given up or started another one.
    while (asked < 3) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false);
    ready = true;
    const connection = await connecting;
    expect(connection).toMatchObject({ url, token: "elw_t", started: false });
    expect(started).toBe(false);
  });
});
