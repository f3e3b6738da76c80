import type { FakeText, FakeToolCallBlock } from "./script.js";

/**
 * Splits `text` into `min(chunks, code points)` non-empty pieces of nearly equal length, never
 * inside a surrogate pair; the pieces joined are `text`. Empty text gives no pieces.
 */
export function splitText(text: string, chunks: number): string[] {
  const points = Array.from(text);
  const n = Math.min(chunks, points.length);
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const start = Math.floor((i * points.length) / n);
    const end = Math.floor(((i + 1) * points.length) / n);
    out.push(points.slice(start, end).join(""));
  }
  return out;
}

/** The deltas a `FakeText` streams as: explicit pieces as given, a string split by `chunks`. */
export function pieces(text: FakeText, chunks: number): readonly string[] {
  return typeof text === "string" ? splitText(text, chunks) : text;
}

/** The whole text a `FakeText` streams. */
export function joined(text: FakeText): string {
  return typeof text === "string" ? text : text.join("");
}

/** A tool call's arguments as streamed JSON text: an object is serialized, raw text kept. */
export function argumentsText(block: FakeToolCallBlock): FakeText {
  const args = block.arguments;
  return typeof args === "string" || Array.isArray(args)
    ? (args as FakeText)
    : JSON.stringify(args);
}
