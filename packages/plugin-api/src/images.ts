import { MAX_TOOL_IMAGE_BYTES, TOOL_IMAGE_MIME_TYPES } from "./limits.js";
import type { ImageContent } from "./tools.js";
import type { ImageRef } from "./trace-record.js";

/** An image a plugin hands the host: its bytes and the MIME type it claims. */
export interface ImageInput {
  readonly bytes: Uint8Array;
  readonly mimeType: string;
}

/**
 * An image the host stored: an {@link ImageContent} the model sees, with the stored reference.
 * Put it in a tool result's `content` as it is; the journal keeps `ref` (never the base64).
 */
export interface StoredImageContent extends ImageContent {
  readonly ref: ImageRef;
}

/** The rules `ctx.images.put` applies, as codes a caller can switch on. */
export type ImageProblemCode = "empty" | "too_large" | "unsupported_type" | "type_mismatch";

/** Why an image is refused: the code, the field and the rule, and what arrived. */
export interface ImageProblem {
  readonly code: ImageProblemCode;
  readonly field: "bytes" | "mimeType";
  /** `image.<field>` and the rule it breaks. */
  readonly summary: string;
  readonly expected: string;
  readonly received: string;
}

/**
 * The host's image store, as `ctx.images` offers it. `put` checks the image with
 * {@link checkImageInput} where it enters, stores its bytes once in the content-addressed image
 * store (the same bytes twice are one blob), and answers the content block to return. A stored
 * image no session owns yet is swept after a grace period, so put an image only to return it.
 */
export interface PluginImages {
  /**
   * Stores `image`; rejects with an error whose `code` is `images.<ImageProblemCode>` and whose
   * message names the field and the rule (switch on `code`, never on the message).
   */
  put(image: ImageInput): Promise<StoredImageContent>;
}

const SIGNATURES: readonly [string, (b: Uint8Array) => boolean][] = [
  ["image/png", (b) => [137, 80, 78, 71, 13, 10, 26, 10].every((v, i) => b[i] === v)],
  ["image/jpeg", (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ["image/gif", (b) => ascii(b, 0, 4) === "GIF8"],
  ["image/webp", (b) => ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 12) === "WEBP"],
];

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}

/** The image type the bytes start with (PNG, JPEG, GIF, WebP), or undefined for anything else. */
export function imageTypeOf(bytes: Uint8Array): string | undefined {
  return SIGNATURES.find(([, test]) => test(bytes))?.[0];
}

/**
 * Checks an image against the rules of `ctx.images.put`, in this order: a type of
 * TOOL_IMAGE_MIME_TYPES, 1 to MAX_TOOL_IMAGE_BYTES bytes, bytes that start as that type. Answers
 * the first rule broken, or undefined when the image may be stored. Pure; never throws.
 */
export function checkImageInput(image: ImageInput): ImageProblem | undefined {
  const { bytes, mimeType } = image;
  if (!(TOOL_IMAGE_MIME_TYPES as readonly string[]).includes(mimeType))
    return {
      code: "unsupported_type",
      field: "mimeType",
      summary: "image.mimeType is not a type of TOOL_IMAGE_MIME_TYPES",
      expected: `one of ${TOOL_IMAGE_MIME_TYPES.join(", ")}`,
      received: JSON.stringify(String(mimeType).slice(0, 100)),
    };
  if (bytes.byteLength === 0)
    return {
      code: "empty",
      field: "bytes",
      summary: "image.bytes is empty",
      expected: "at least one byte",
      received: "0 bytes",
    };
  if (bytes.byteLength > MAX_TOOL_IMAGE_BYTES)
    return {
      code: "too_large",
      field: "bytes",
      summary: "image.bytes is larger than MAX_TOOL_IMAGE_BYTES",
      expected: `at most ${MAX_TOOL_IMAGE_BYTES} bytes`,
      received: `${bytes.byteLength} bytes`,
    };
  const actual = imageTypeOf(bytes);
  if (actual !== mimeType)
    return {
      code: "type_mismatch",
      field: "bytes",
      summary: `image.bytes do not start as ${mimeType} does`,
      expected: `the signature of ${mimeType}`,
      received: actual === undefined ? "bytes of no image type" : `the signature of ${actual}`,
    };
  return undefined;
}
