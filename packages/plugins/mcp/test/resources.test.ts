import type { ChainContext } from "@elowen/plugin-api/chains";
import type { ToolCallContext, ToolResult } from "@elowen/plugin-api/tools";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { everythingStdio } from "./everything.js";
import { type FakeHost, fakeHost } from "./fake-host.js";
import { waitFor } from "./wait.js";

let host: FakeHost;
beforeAll(async () => {
  host = fakeHost({ servers: { everything: everythingStdio() } });
  await waitFor(
    () => host.tools().map((t) => t.name),
    (names) => names.includes("mcp_read_resource"),
  );
}, 120_000);
afterAll(() => host.close());

const call = (name: string, args: Record<string, unknown>): Promise<ToolResult> => {
  const tool = host.tools().find((t) => t.name === name);
  if (!tool) throw new Error(`no tool ${name}`);
  return tool.execute(args, {
    access: { userId: null },
    signal: new AbortController().signal,
    onUpdate: () => undefined,
  } as unknown as ToolCallContext);
};
const texts = (result: ToolResult) =>
  result.content.map((c) => (c.type === "text" ? c.text : `<${c.type}>`)).join("\n");
const chainContext = { userId: null, signal: new AbortController().signal } as ChainContext;

describe("resources of the real reference server", { timeout: 60_000 }, () => {
  test("mcp_list_resources lists them as <server>:<uri> lines", async () => {
    const listed = texts(await call("mcp_list_resources", {}));
    expect(listed).toMatch(/^everything:demo:\/\/resource\/static\/document\/\S+ /m);
    const uris = host.handle.set.connections.get("everything")?.resources.map((r) => r.uri) ?? [];
    expect(uris.length).toBeGreaterThan(0);
    expect(listed.split("\n")).toHaveLength(uris.length);
  });

  test("mcp_read_resource reads a text resource by URI", async () => {
    const uri = "demo://resource/dynamic/text/1";
    const result = await call("mcp_read_resource", { server: "everything", uri });
    expect(result.isError).toBeUndefined();
    expect(texts(result)).toMatch(
      /^\[resource <demo:\/\/resource\/dynamic\/text\/1> \(text\/plain\)\]\n./,
    );
  });

  test("mcp_read_resource of an unknown server is an error result", async () => {
    const result = await call("mcp_read_resource", { server: "nope", uri: "x://y" });
    expect(result).toEqual({
      content: [{ type: "text", text: "server: no connected MCP server nope has resources" }],
      isError: true,
    });
  });

  test("@<server>:<uri> in a prompt attaches the resource's text through prompt.mention", async () => {
    const hook = host.chain("prompt.mention");
    const mention = "everything:demo://resource/dynamic/text/1";
    const next = async () => ({ type: "file" as const });
    const result = await hook?.(chainContext, { mention, path: mention }, next);
    expect(result).toEqual({
      type: null,
      context: [
        expect.stringMatching(
          /^@everything:demo:\/\/resource\/dynamic\/text\/1 \(MCP resource of everything\):\n\[resource </,
        ),
      ],
    });
    const file = await hook?.(chainContext, { mention: "src/a.ts", path: "src/a.ts" }, next);
    expect(file).toEqual({ type: "file" });
  });

  test("the typeahead completes @<server>:<uri> from resources/list", async () => {
    const hook = host.chain("prompt.autocomplete");
    const next = async () => ({ suggestions: [] });
    const token = "@everything:demo://resource/static";
    const result = await hook?.(
      chainContext,
      { text: token, cursor: token.length, token, start: 0 },
      next,
    );
    expect(result?.suggestions.length).toBeGreaterThan(0);
    for (const row of result?.suggestions ?? []) expect(row.text.startsWith(token)).toBe(true);
  });
});
