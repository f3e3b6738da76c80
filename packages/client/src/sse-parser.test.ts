import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { parseSse, type SseMessage } from "./sse-parser.js";

function streamOf(chunks: readonly string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function collect(chunks: readonly string[]): Promise<SseMessage[]> {
  const out: SseMessage[] = [];
  for await (const message of parseSse(streamOf(chunks))) out.push(message);
  return out;
}

describe("parseSse", () => {
  test("reads id, event, multi-line data and retry; comments are ignored", async () => {
    expect(
      await collect([': hi\nretry: 1500\nid: b.1\nevent: card\ndata: {"a":\ndata: 1}\n\n']),
    ).toEqual([{ id: "b.1", event: "card", data: '{"a":\n1}', retry: 1500 }]);
  });

  test("an event without a type is a message; an event without data is not dispatched", async () => {
    expect(await collect(["data: x\n\nevent: empty\n\n"])).toEqual([
      { event: "message", data: "x" },
    ]);
  });

  test("the id persists to later events until changed", async () => {
    expect(await collect(["id: 1\ndata: a\n\ndata: b\n\n"])).toEqual([
      { id: "1", event: "message", data: "a" },
      { id: "1", event: "message", data: "b" },
    ]);
  });

  test("CR, LF and CRLF all end lines, even split across chunks", async () => {
    expect(await collect(["data: a\r", "\n\r\ndata: b\r\rdata: c\n", "\n"])).toEqual([
      { event: "message", data: "a" },
      { event: "message", data: "b" },
      { event: "message", data: "c" },
    ]);
  });

  test("a multi-byte character split across chunks survives", async () => {
    const bytes = new TextEncoder().encode("data: café ☕\n\n");
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const byte of bytes) controller.enqueue(new Uint8Array([byte]));
        controller.close();
      },
    });
    const out: SseMessage[] = [];
    for await (const message of parseSse(stream)) out.push(message);
    expect(out).toEqual([{ event: "message", data: "café ☕" }]);
  });

  test("an unterminated last event is dropped", async () => {
    expect(await collect(["data: complete\n\ndata: partial"])).toEqual([
      { event: "message", data: "complete" },
    ]);
  });

  test("however the stream is chunked, the events are the same", async () => {
    const text =
      'id: 1\nevent: card\ndata: {"x":1}\n\n: keep-alive\n\ndata: line1\ndata: line2\r\n\r\nid: 2\ndata: z\r\r';
    const whole = await collect([text]);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: text.length - 1 }), { maxLength: 8 }),
        async (cuts) => {
          const points = [...new Set(cuts)].sort((a, b) => a - b);
          const chunks: string[] = [];
          let last = 0;
          for (const p of points) {
            chunks.push(text.slice(last, p));
            last = p;
          }
          chunks.push(text.slice(last));
          expect(await collect(chunks)).toEqual(whole);
        },
      ),
    );
  });
});
