import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ChainContext } from "@elowen/plugin-api/chains";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startEverythingHttp } from "./everything.js";
import { type FakeHost, fakeHost } from "./fake-host.js";
import { waitFor } from "./wait.js";

const OWNER = 7;
const OTHER = 8;
let host: FakeHost;
let http: Awaited<ReturnType<typeof startEverythingHttp>>;
beforeAll(async () => {
  http = await startEverythingHttp();
  host = fakeHost({ allowPrivateUrls: ["loopback"] });
  await host.handle.watching;
  mkdirSync(join(host.dataDir, "accounts"), { recursive: true });
  writeFileSync(
    join(host.dataDir, "accounts", `${OWNER}.json`),
    JSON.stringify({ mcpServers: { private: { url: http.url } } }),
  );
  await waitFor(
    () => host.tools(OWNER).map((t) => t.name),
    (names) => names.includes("mcp_read_resource"),
  );
}, 120_000);
afterAll(async () => {
  await host.close();
  await http.close();
});

const as = (userId: number) =>
  ({ userId, signal: new AbortController().signal }) as unknown as ChainContext;
const MENTION = "private:demo://resource/static/document/architecture.md";

describe("an account's own server's resources", { timeout: 60_000 }, () => {
  test("are offered as resource tools to that account only", () => {
    expect(host.tools(OWNER).map((t) => t.name)).toContain("mcp_list_resources");
    expect(host.tools(OTHER).map((t) => t.name)).not.toContain("mcp_list_resources");
  });

  test("a mention of them attaches them for that account and passes on for another", async () => {
    const hook = host.chain("prompt.mention");
    const next = async () => ({ type: "file" as const });
    const other = await hook?.(as(OTHER), { mention: MENTION, path: MENTION }, next);
    expect(other).toEqual({ type: "file" });
    const own = await hook?.(as(OWNER), { mention: MENTION, path: MENTION }, next);
    expect(own).toMatchObject({ type: null });
  });

  test("the typeahead completes them for that account only", async () => {
    const hook = host.chain("prompt.autocomplete");
    const next = async () => ({ suggestions: [] });
    const token = "@private:";
    const event = { text: token, cursor: token.length, token, start: 0 };
    expect((await hook?.(as(OTHER), event, next))?.suggestions).toEqual([]);
    expect((await hook?.(as(OWNER), event, next))?.suggestions.length).toBeGreaterThan(0);
  });
});
