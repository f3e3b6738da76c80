import { request } from "node:http";
import { afterEach, describe, expect, test } from "vitest";
import { EARLY_HELD_REQUESTS, type EarlyServer, listenEarly } from "./early-server.js";

let early: EarlyServer | undefined;
afterEach(async () => {
  await early?.close();
  early = undefined;
});

interface Answer {
  readonly status: number;
  readonly retryAfter: string | undefined;
  readonly body: string;
}

/** One GET on its own connection, so that every held request holds its own socket. */
function get(url: string, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { agent: false }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        body += chunk;
      });
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          retryAfter: response.headers["retry-after"] as string | undefined,
          body,
        }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

/** Resolves once the early server holds `count` requests. */
async function held(server: EarlyServer, count: number): Promise<void> {
  while (server.heldCount < count) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe("the early socket while the daemon loads", () => {
  test(`holds ${EARLY_HELD_REQUESTS} requests and serves each once ready; one more is answered 503`, async () => {
    early = await listenEarly({ host: "127.0.0.1", port: 0, allowedHosts: [] });
    const url = early.url;
    const waiting = Array.from({ length: EARLY_HELD_REQUESTS }, (_, i) => get(url, `/r/${i}`));
    await held(early, EARLY_HELD_REQUESTS);

    const past = await get(url, "/r/past");
    expect(past.status).toBe(503);
    expect(past.retryAfter).toBe("1");
    expect(JSON.parse(past.body).error).toContain(`already holds ${EARLY_HELD_REQUESTS} requests`);
    expect(JSON.parse((await get(url, "/health")).body)).toMatchObject({ ready: false });

    const served: string[] = [];
    early.serve((req, response) => {
      served.push(req.url ?? "");
      response.end(`served ${req.url}`);
    });
    const answers = await Promise.all(waiting);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(answers.map((a) => a.body)).toEqual(answers.map((_, i) => `served /r/${i}`));
    expect(served.slice(0, EARLY_HELD_REQUESTS).sort()).toEqual(
      answers.map((_, i) => `/r/${i}`).sort(),
    );
  });

  test("a start that fails answers the held requests 503", async () => {
    early = await listenEarly({ host: "127.0.0.1", port: 0, allowedHosts: [] });
    const waiting = get(early.url, "/sessions");
    await held(early, 1);
    const closing = early.close("the store could not be opened");
    early = undefined;
    const answer = await waiting;
    await closing;
    expect(answer.status).toBe(503);
    expect(JSON.parse(answer.body).error).toBe("the store could not be opened");
  });
});
