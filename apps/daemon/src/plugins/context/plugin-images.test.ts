import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MAX_TOOL_IMAGE_BYTES } from "@elowen/plugin-api/limits";
import { errorMessage, isElowenError } from "@elowen/plugin-shared/errors";
import { afterEach, describe, expect, test } from "vitest";
import { BlobStore } from "../../store/blob-store.js";
import { pluginImages } from "./plugin-images.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function store(): BlobStore {
  const dir = mkdtempSync(join(tmpdir(), "elowen-images-"));
  dirs.push(dir);
  return new BlobStore(dir);
}

/** A PNG signature padded to `size` bytes. */
function png(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set([137, 80, 78, 71, 13, 10, 26, 10]);
  return bytes;
}

const blobCount = (blobs: BlobStore) =>
  readdirSync(blobs.dir)
    .filter((d) => d !== "tmp")
    .flatMap((d) => readdirSync(join(blobs.dir, d))).length;

describe("ctx.images.put", () => {
  test("stores an image once and answers the image the model sees with its reference", async () => {
    const blobs = store();
    const images = pluginImages(() => blobs);
    const bytes = png(32);
    const first = await images.put({ bytes, mimeType: "image/png" });
    const again = await images.put({ bytes: png(32), mimeType: "image/png" });
    expect(first).toEqual({
      type: "image",
      data: Buffer.from(bytes).toString("base64"),
      mimeType: "image/png",
      ref: { hash: expect.stringMatching(/^[0-9a-f]{64}$/), mimeType: "image/png", bytes: 32 },
    });
    expect(again).toEqual(first);
    expect(await blobs.read(first.ref.hash)).toEqual(Buffer.from(bytes));
    expect(blobCount(blobs)).toBe(1);
  });

  test("takes an image of MAX_TOOL_IMAGE_BYTES and refuses one byte more, storing nothing", async () => {
    const blobs = store();
    const images = pluginImages(() => blobs);
    const at = await images.put({ bytes: png(MAX_TOOL_IMAGE_BYTES), mimeType: "image/png" });
    expect(at.ref.bytes).toBe(MAX_TOOL_IMAGE_BYTES);
    const past = images.put({ bytes: png(MAX_TOOL_IMAGE_BYTES + 1), mimeType: "image/png" });
    await expect(past).rejects.toThrow(
      `image.bytes is larger than MAX_TOOL_IMAGE_BYTES: expected at most ${MAX_TOOL_IMAGE_BYTES} bytes, received ${MAX_TOOL_IMAGE_BYTES + 1} bytes`,
    );
    expect(isElowenError(await past.catch((e: unknown) => e), "images.too_large")).toBe(true);
    expect(blobCount(blobs)).toBe(1);
  });

  test.each([
    [
      "image/svg+xml",
      png(8),
      "images.unsupported_type",
      /image\.mimeType is not a type of TOOL_IMAGE_MIME_TYPES/,
    ],
    ["image/jpeg", png(8), "images.type_mismatch", /image\.bytes do not start as image\/jpeg does/],
    ["image/png", new Uint8Array(0), "images.empty", /image\.bytes is empty/],
  ])("refuses %s (%s) with %s", async (mimeType, bytes, code, message) => {
    const blobs = store();
    const error = await pluginImages(() => blobs)
      .put({ bytes, mimeType })
      .catch((e: unknown) => e);
    expect(isElowenError(error, code)).toBe(true);
    expect(errorMessage(error)).toMatch(message);
    expect(blobCount(blobs)).toBe(0);
  });
});
