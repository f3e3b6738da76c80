/** One server-sent event as the wire carries it. */
export interface SseMessage {
  /** The `id:` field, when the event set one. */
  readonly id?: string;
  /** The `event:` field; "message" when absent. */
  readonly event: string;
  /** The `data:` lines joined with newlines. */
  readonly data: string;
  /** A `retry:` field in milliseconds, when the server sent one. */
  readonly retry?: number;
}

/**
 * Parses a `text/event-stream` body into events, following the WHATWG rules: lines end in LF, CR
 * or CRLF; a blank line dispatches; `:` lines are comments; an event without data is dropped.
 * Works on any `ReadableStream<Uint8Array>` (fetch bodies in browsers and Node).
 */
export async function* parseSse(body: ReadableStream<Uint8Array>): AsyncGenerator<SseMessage> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let id: string | undefined;
  let event = "";
  let data: string[] = [];
  let retry: number | undefined;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      let match = /\r\n|\r|\n/.exec(buffer);
      // A lone CR at the end may be the first half of CRLF: wait for more unless the stream ended.
      while (match && !(match[0] === "\r" && match.index === buffer.length - 1 && !done)) {
        const line = buffer.slice(0, match.index);
        buffer = buffer.slice(match.index + match[0].length);
        if (line === "") {
          if (data.length > 0) {
            yield {
              ...(id === undefined ? {} : { id }),
              event: event || "message",
              data: data.join("\n"),
              ...(retry === undefined ? {} : { retry }),
            };
          }
          event = "";
          data = [];
          retry = undefined;
        } else if (!line.startsWith(":")) {
          const colon = line.indexOf(":");
          const field = colon < 0 ? line : line.slice(0, colon);
          let value = colon < 0 ? "" : line.slice(colon + 1);
          if (value.startsWith(" ")) value = value.slice(1);
          if (field === "data") data.push(value);
          else if (field === "event") event = value;
          else if (field === "id" && !value.includes("\0")) id = value;
          else if (field === "retry" && /^\d+$/.test(value)) retry = Number(value);
        }
        match = /\r\n|\r|\n/.exec(buffer);
      }
      if (done) return;
    }
  } finally {
    reader.releaseLock();
  }
}
