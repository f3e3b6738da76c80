import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, expect, test } from "vitest";
import { ElowenClient } from "../src/index.js";

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function recordHeaders(): Promise<{ url: string; seen: IncomingHttpHeaders[] }> {
  const seen: IncomingHttpHeaders[] = [];
  server = createServer((req, res) => {
    seen.push(req.headers);
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ ok: true, version: "0.1.0" }));
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", () => resolve()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

test("a client with a surface names it in x-elowen-surface on every request, beside its token", async () => {
  const { url, seen } = await recordHeaders();
  const client = new ElowenClient({ baseUrl: url, token: "elw_t", surface: "cli" });
  await client.request("GET", "/health");
  await client.request("GET", "/health", { query: { a: 1 } });
  expect(seen.map((h) => [h["x-elowen-surface"], h.authorization])).toEqual([
    ["cli", "Bearer elw_t"],
    ["cli", "Bearer elw_t"],
  ]);
});

test("a client without a surface sends no surface header", async () => {
  const { url, seen } = await recordHeaders();
  await new ElowenClient({ baseUrl: url, token: "elw_t" }).request("GET", "/health");
  expect(seen[0]?.["x-elowen-surface"]).toBeUndefined();
});
