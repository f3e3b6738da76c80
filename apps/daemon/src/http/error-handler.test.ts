import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PausedError } from "../brain/brain.js";
import { StoreError, type StoreRefusal } from "../store/store-error.js";
import { installErrorHandler } from "./error-handler.js";

const app = Fastify();
const logged: string[] = [];
let base = "";

beforeAll(async () => {
  installErrorHandler(app, (message) => logged.push(message));
  app.get<{ Params: { code: StoreRefusal } }>("/store/:code", async (request) => {
    throw new StoreError(request.params.code, `refused as ${request.params.code}`);
  });
  app.get("/paused", async () => {
    throw new PausedError();
  });
  base = await app.listen({ host: "127.0.0.1", port: 0 });
});

afterAll(() => app.close());

describe("the HTTP error handler", () => {
  test.each([
    ["not_found", 404],
    ["invalid", 400],
    ["conflict", 409],
    ["fenced", 409],
  ] as const)("answers a StoreError %s with %i and its message", async (code, status) => {
    const response = await fetch(`${base}/store/${code}`);
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ error: `refused as ${code}` });
  });

  test("answers a PausedError with 503 saying to submit again after the restart", async () => {
    const response = await fetch(`${base}/paused`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: "the daemon is stopping and takes no new turns; submit again once it has restarted",
    });
    expect(logged).toEqual([]);
  });
});
