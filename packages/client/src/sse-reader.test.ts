import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { readSse, type SseRecord } from "./sse-reader.js";

function streamOf(chunks: readonly (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks)
        controller.enqueue(typeof chunk === "string" ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
}

async function collect(chunks: readonly (string | Uint8Array)[]): Promise<SseRecord[]> {
  const out: SseRecord[] = [];
  for await (const record of readSse(streamOf(chunks))) out.push(record);
  return out;
}

const event = (data: string, more: { id?: string; type?: string } = {}): SseRecord => ({
  kind: "event",
  id: more.id,
  type: more.type ?? "message",
  data,
});

describe("readSse", () => {
  test("a retry: field is read even when no data comes with it", async () => {
    expect(await collect(["retry: 1000\n\n"])).toEqual([{ kind: "retry", ms: 1000 }]);
  });

  test("a retry: field that is not only digits is ignored", async () => {
    expect(await collect(["retry: 1e3\n\nretry: -5\n\nretry:\n\n"])).toEqual([]);
  });

  test("reads id, event, multi-line data and retry in stream order; comments are ignored", async () => {
    expect(
      await collect([': hi\nretry: 1500\nid: b.1\nevent: card\ndata: {"a":\ndata: 1}\n\n']),
    ).toEqual([{ kind: "retry", ms: 1500 }, event('{"a":\n1}', { id: "b.1", type: "card" })]);
  });

  test("CR, LF and CRLF all end lines, even split across chunks", async () => {
    expect(await collect(["data: a\r", "\n\r\ndata: b\r\rdata: c\n", "\n"])).toEqual([
      event("a"),
      event("b"),
      event("c"),
    ]);
  });

  test("a multi-byte character split across chunks survives", async () => {
    const bytes = new TextEncoder().encode("data: café ☕\n\n");
    expect(await collect([...bytes].map((byte) => new Uint8Array([byte])))).toEqual([
      event("café ☕"),
    ]);
  });

  test("a byte order mark at the start is not part of the first field", async () => {
    expect(await collect(["\uFEFFdata: x\n\n"])).toEqual([event("x")]);
  });

  test("a CR that ends the stream ends its line", async () => {
    expect(await collect(["data: a\r\r"])).toEqual([event("a")]);
  });

  test("an unterminated last event is dropped", async () => {
    expect(await collect(["data: complete\n\ndata: partial"])).toEqual([event("complete")]);
  });

  test("however the stream is chunked, the records are the same", async () => {
    const text =
      'retry: 1000\n\nid: 1\nevent: card\ndata: {"x":1}\n\n: keep-alive\n\ndata: line1\ndata: line2\r\n\r\nid: 2\ndata: z\r\r';
    const whole = await collect([text]);
    expect(whole).toHaveLength(4);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: text.length - 1 }), { maxLength: 8 }),
        async (cuts) => {
          const points = [...new Set(cuts)].sort((a, b) => a - b);
          const chunks = [0, ...points].map((from, i) => text.slice(from, points[i]));
          expect(await collect(chunks)).toEqual(whole);
        },
      ),
    );
  });
});
