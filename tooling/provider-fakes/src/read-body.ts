import type { IncomingMessage } from "node:http";

/**
 * Reads a request body as UTF-8, keeping at most `maxBytes`; the rest is drained so the client
 * can read the answer, and `tooLarge` tells the caller to refuse it.
 */
export async function readBody(
  req: IncomingMessage,
  maxBytes: number,
): Promise<{ text: string; tooLarge: boolean }> {
  const kept: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= maxBytes) kept.push(chunk);
  }
  return { text: Buffer.concat(kept).toString("utf8"), tooLarge: size > maxBytes };
}
