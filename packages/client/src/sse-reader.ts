import { createParser } from "eventsource-parser";

/** What an event stream carries, in order: events, and the server's reconnection time. */
export type SseRecord =
  | {
      readonly kind: "event";
      /** The event's own `id:` field; undefined when it set none (the last id then stands). */
      readonly id: string | undefined;
      /** The `event:` field; "message" when absent. */
      readonly type: string;
      /** The `data:` lines joined with newlines. */
      readonly data: string;
    }
  | { readonly kind: "retry"; readonly ms: number };

/**
 * Reads a `text/event-stream` body with eventsource-parser (the WHATWG parsing rules), yielding
 * each dispatched event and each `retry:` field as it arrives, whether or not data came with it.
 * An event cut off before its blank line is never yielded. Works on any fetch body.
 */
export async function* readSse(body: ReadableStream<Uint8Array>): AsyncGenerator<SseRecord> {
  const pending: SseRecord[] = [];
  const parser = createParser({
    onEvent: (message) =>
      pending.push({
        kind: "event",
        id: message.id,
        type: message.event ?? "message",
        data: message.data,
      }),
    onRetry: (ms) => pending.push({ kind: "retry", ms }),
  });
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let endsInCr = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      const text = done ? decoder.decode() : decoder.decode(value, { stream: true });
      if (text !== "") endsInCr = text.endsWith("\r");
      parser.feed(text);
      // The parser holds a last CR back in case an LF follows; at the end none can, so the CR
      // ends its line (feeding the LF makes it the CRLF the parser waits for).
      if (done && endsInCr) parser.feed("\n");
      yield* pending.splice(0);
      if (done) return;
    }
  } finally {
    reader.releaseLock();
  }
}
