const SIGNATURES: readonly [string, (b: Uint8Array) => boolean][] = [
  ["image/png", (b) => [137, 80, 78, 71, 13, 10, 26, 10].every((v, i) => b[i] === v)],
  ["image/jpeg", (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ["image/gif", (b) => String.fromCharCode(...b.subarray(0, 4)) === "GIF8"],
  [
    "image/webp",
    (b) =>
      String.fromCharCode(...b.subarray(0, 4)) === "RIFF" &&
      String.fromCharCode(...b.subarray(8, 12)) === "WEBP",
  ],
];

/** The image type the bytes start with (PNG, JPEG, GIF, WebP), or undefined for anything else. */
export function imageTypeOf(bytes: Uint8Array): string | undefined {
  return SIGNATURES.find(([, test]) => test(bytes))?.[0];
}
