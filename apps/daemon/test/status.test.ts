import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { json } from "./helpers/json.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";

let t: TestDaemon;
beforeAll(async () => {
  t = await startTestDaemon({ plugins: ["good"] });
});
afterAll(() => t.close());

describe("GET /brain/status", () => {
  test("an administrator sees the projected MCP rows; credentials and unknown fields never leave", async () => {
    const status = await t.owner.status();
    expect(status).toEqual({
      core: { version: "0.30.7", sharedApi: 17, uiApi: 55 },
      model: {
        provider: "offline",
        id: "offline",
        label: "Offline model (no provider configured)",
        offline: true,
      },
      admitsNewWork: true,
      plugins: [{ name: "acme-good", version: "1.2.3", state: "loaded" }],
      mcp: [{ name: "docs", status: "connected", auth: { state: "signed-in" } }],
    });
    expect(JSON.stringify(status)).not.toContain("SECRET");
  });

  test("a user gets the envelope without the MCP section", async () => {
    const user = await t.account("reader");
    const status = await user.client.status();
    expect("mcp" in status).toBe(false);
    expect(status.plugins.length).toBe(1);
  });

  test("the OpenAPI document is generated from the route schemas", async () => {
    const doc = (await json(await t.request("/openapi.json"))) as {
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: { content: Record<string, { schema: unknown }> };
            parameters?: { name: string }[];
          }
        >
      >;
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/brain/status",
        "/sessions/{sessionId}/history",
        "/commands",
        "/accounts",
      ]),
    );
    const create = doc.paths["/sessions"]?.post?.requestBody?.content["application/json"]
      ?.schema as { properties: Record<string, { maxLength: number }> };
    expect(create.properties.title?.maxLength).toBe(200);
    expect(doc.paths["/commands"]?.get?.parameters?.map((p) => p.name)).toEqual(["surface"]);
    // Plugin routes are listed under their own paths (the dispatcher `/plugins/*` is not).
    expect(doc.paths["/plugins/*"]).toBeUndefined();
    expect(doc.paths["/plugins/good/items/{name}"]?.get).toMatchObject({ tags: ["acme-good"] });
  });
});
