import { describe, expect, test } from "vitest";
import { MCP_RESULT_MAX_IMAGE_BYTES, MCP_RESULT_MAX_TEXT_BYTES } from "../limits.js";
import { toToolResult } from "./result-content.js";

describe("toToolResult", () => {
  test("keeps text, images, resources, structuredContent and isError", () => {
    const result = toToolResult("s", "t", {
      content: [
        { type: "text", text: "hi" },
        { type: "image", data: "aGk=", mimeType: "image/png" },
        { type: "resource_link", uri: "file:///a", name: "a", mimeType: "text/plain" },
        { type: "resource", resource: { uri: "mem://b", text: "body" } },
        {
          type: "resource",
          resource: { uri: "mem://c", blob: "AA==", mimeType: "application/zip" },
        },
        { type: "audio", data: "AA==", mimeType: "audio/wav" },
      ],
      structuredContent: { n: 1 },
      isError: true,
    });
    expect(result).toEqual({
      content: [
        { type: "text", text: "hi" },
        { type: "image", data: "aGk=", mimeType: "image/png" },
        { type: "text", text: "[resource link: a <file:///a> (text/plain)]" },
        { type: "text", text: "[resource <mem://b>]\nbody" },
        { type: "text", text: "[resource <mem://c> (application/zip): binary, not shown]" },
        { type: "text", text: "[audio (audio/wav) not shown]" },
      ],
      details: {
        mcp: {
          server: "s",
          tool: "t",
          structuredContent: { n: 1 },
          resources: [
            { uri: "file:///a", name: "a", mimeType: "text/plain" },
            { uri: "mem://b" },
            { uri: "mem://c", mimeType: "application/zip" },
          ],
        },
      },
      isError: true,
    });
  });

  test("an embedded resource with an image blob is an image under a line naming it", () => {
    const result = toToolResult("s", "t", {
      content: [
        { type: "resource", resource: { uri: "mem://p", blob: "iVBORw==", mimeType: "image/png" } },
      ],
    });
    expect(result.content).toEqual([
      { type: "text", text: "[resource <mem://p> (image/png)]" },
      { type: "image", data: "iVBORw==", mimeType: "image/png" },
    ]);
  });

  test("structuredContent alone is shown as JSON text", () => {
    expect(toToolResult("s", "t", { content: [], structuredContent: { a: [1] } }).content).toEqual([
      { type: "text", text: '{"a":[1]}' },
    ]);
  });

  test("text at the budget is kept whole; one byte past it is cut with a note", () => {
    const whole = toToolResult("s", "t", {
      content: [{ type: "text", text: "x".repeat(MCP_RESULT_MAX_TEXT_BYTES) }],
    });
    expect(whole.content).toHaveLength(1);
    expect(whole.details?.mcp.truncated).toBeUndefined();
    const cut = toToolResult("s", "t", {
      content: [{ type: "text", text: "x".repeat(MCP_RESULT_MAX_TEXT_BYTES + 1) }],
    });
    expect(cut.content).toEqual([
      { type: "text", text: "x".repeat(MCP_RESULT_MAX_TEXT_BYTES) },
      {
        type: "text",
        text: `[1 more bytes of this result were left out: it is larger than ${MCP_RESULT_MAX_TEXT_BYTES} bytes]`,
      },
    ]);
    expect(cut.details?.mcp.truncated).toBe(true);
  });

  test("a 50 MB result keeps the budget's worth, never half a character", () => {
    const result = toToolResult("s", "t", {
      content: [{ type: "text", text: "é".repeat(25 * 1024 * 1024) }],
    });
    const kept = result.content[0];
    expect(kept?.type === "text" && kept.text).toBe("é".repeat(MCP_RESULT_MAX_TEXT_BYTES / 2));
  });

  test("an image past the image limit becomes a note", () => {
    const data = "A".repeat(Math.ceil(((MCP_RESULT_MAX_IMAGE_BYTES + 3) * 4) / 3));
    const result = toToolResult("s", "t", {
      content: [{ type: "image", data, mimeType: "image/png" }],
    });
    expect(result.content[0]).toMatchObject({
      type: "text",
      text: expect.stringMatching(/^\[image \(image\/png, \d+ bytes\) left out/),
    });
  });
});
