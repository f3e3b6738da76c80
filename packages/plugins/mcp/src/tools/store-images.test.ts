import { createHash } from "node:crypto";
import { checkImageInput, type PluginImages } from "@elowen/plugin-api/images";
import type { ToolResult } from "@elowen/plugin-api/tools";
import { describe, expect, test } from "vitest";
import { storeImages } from "./store-images.js";

const PNG = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10, 1, 2, 3]);
const png = PNG.toString("base64");
const svg = Buffer.from("<svg/>").toString("base64");

/** A host image store in memory, keeping the rules of `ctx.images.put`. */
function memoryImages(): PluginImages & { readonly puts: string[] } {
  const puts: string[] = [];
  return {
    puts,
    async put(image) {
      const problem = checkImageInput(image);
      if (problem) throw new Error(`${problem.summary}: expected ${problem.expected}`);
      const hash = createHash("sha256").update(image.bytes).digest("hex");
      puts.push(hash);
      const data = Buffer.from(image.bytes).toString("base64");
      const ref = { hash, mimeType: image.mimeType, bytes: image.bytes.byteLength };
      return { type: "image", data, mimeType: image.mimeType, ref };
    },
  };
}

const result = (data: string, mimeType: string): ToolResult => ({
  content: [
    { type: "text", text: "before" },
    { type: "image", data, mimeType },
  ],
  details: { mcp: { server: "s", tool: "t" } },
});

describe("storeImages", () => {
  test("puts each image in the host's store and returns the stored block", async () => {
    const images = memoryImages();
    const stored = await storeImages(result(png, "image/png"), images);
    const hash = createHash("sha256").update(PNG).digest("hex");
    expect(stored).toEqual({
      content: [
        { type: "text", text: "before" },
        {
          type: "image",
          data: png,
          mimeType: "image/png",
          ref: { hash, mimeType: "image/png", bytes: PNG.byteLength },
        },
      ],
      details: { mcp: { server: "s", tool: "t" } },
    });
    expect(images.puts).toEqual([hash]);
  });

  test("an image the host refuses becomes a note naming the rule; the rest of the result stays", async () => {
    const stored = await storeImages(result(svg, "image/svg+xml"), memoryImages());
    expect(stored.content).toEqual([
      { type: "text", text: "before" },
      {
        type: "text",
        text: "[image (image/svg+xml, 6 bytes) left out: image.mimeType is not a type of TOOL_IMAGE_MIME_TYPES: expected one of image/png, image/jpeg, image/gif, image/webp]",
      },
    ]);
  });

  test("without ctx.images (an older host) the image stays inline, under the same rules", async () => {
    const kept = await storeImages(result(png, "image/png"), undefined);
    expect(kept.content[1]).toEqual({ type: "image", data: png, mimeType: "image/png" });
    const mislabelled = await storeImages(result(png, "image/jpeg"), undefined);
    expect(mislabelled.content[1]).toEqual({
      type: "text",
      text: "[image (image/jpeg, 11 bytes) left out: image.bytes do not start as image/jpeg does: expected the signature of image/jpeg]",
    });
  });

  test("a result without images is returned as it is", async () => {
    const plain: ToolResult = { content: [{ type: "text", text: "x" }] };
    expect(await storeImages(plain, memoryImages())).toBe(plain);
  });
});
