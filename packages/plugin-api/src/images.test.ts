import { describe, expect, test } from "vitest";
import { checkImageInput, imageTypeOf } from "./images.js";
import { MAX_TOOL_IMAGE_BYTES } from "./limits.js";

const PNG = [137, 80, 78, 71, 13, 10, 26, 10];
/** A PNG signature padded to `size` bytes. */
const png = (size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set(PNG);
  return bytes;
};

describe("checkImageInput", () => {
  test("takes a PNG at MAX_TOOL_IMAGE_BYTES and refuses one byte more, naming the rule", () => {
    expect(checkImageInput({ bytes: png(MAX_TOOL_IMAGE_BYTES), mimeType: "image/png" })).toBe(
      undefined,
    );
    expect(
      checkImageInput({ bytes: png(MAX_TOOL_IMAGE_BYTES + 1), mimeType: "image/png" }),
    ).toEqual({
      code: "too_large",
      field: "bytes",
      summary: "image.bytes is larger than MAX_TOOL_IMAGE_BYTES",
      expected: `at most ${MAX_TOOL_IMAGE_BYTES} bytes`,
      received: `${MAX_TOOL_IMAGE_BYTES + 1} bytes`,
    });
  });

  test.each([
    ["image/svg+xml", png(16), "unsupported_type", "mimeType"],
    ["text/html", png(16), "unsupported_type", "mimeType"],
    ["image/png", new Uint8Array(0), "empty", "bytes"],
    ["image/jpeg", png(16), "type_mismatch", "bytes"],
    ["image/png", new TextEncoder().encode("<svg/>"), "type_mismatch", "bytes"],
  ])("refuses %s with %s bytes as %s", (mimeType, bytes, code, field) => {
    expect(checkImageInput({ bytes, mimeType })).toMatchObject({ code, field });
  });

  test("a mismatch says what the bytes are", () => {
    expect(checkImageInput({ bytes: png(16), mimeType: "image/gif" })).toMatchObject({
      summary: "image.bytes do not start as image/gif does",
      received: "the signature of image/png",
    });
  });
});

describe("imageTypeOf", () => {
  test.each([
    [png(8), "image/png"],
    [Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]), "image/jpeg"],
    [new TextEncoder().encode("GIF89a"), "image/gif"],
    [new TextEncoder().encode("RIFF\0\0\0\0WEBPVP8 "), "image/webp"],
    [new TextEncoder().encode("hello"), undefined],
  ])("reads the signature %#", (bytes, type) => {
    expect(imageTypeOf(bytes)).toBe(type);
  });
});
