import { type ImageContent, type ToolResult, textResult } from "@elowen/plugin-api/tools";
import { describe, expect, test } from "vitest";
import {
  countingMinter,
  deferred,
  fillTo,
  flush,
  imageData,
  ManualClock,
  MemoryImageStore,
  settleMicrotasks,
} from "../test/fixtures.js";
import { MemoryJournal } from "../test/memory-journal.js";
import { latestToolImage } from "./latest-image.js";
import { ToolTraceLog } from "./trace-log.js";

const image = (n: number): ImageContent => ({
  type: "image",
  data: imageData(n),
  mimeType: "image/png",
});
const withImages = (...n: number[]): ToolResult => ({
  content: [{ type: "text", text: "shot" }, ...n.map(image)],
});

function setup(store: MemoryImageStore | null = new MemoryImageStore()) {
  const clock = new ManualClock();
  const problems: string[] = [];
  const minter = countingMinter();
  const log = new ToolTraceLog({
    producerId: "cell-1",
    mintId: minter,
    clock,
    ...(store ? { images: store } : {}),
    onProblem: (m) => problems.push(m),
  });
  return { clock, log, store, problems, minter };
}

describe("nested image results", () => {
  test("are externalized when the call settles: each call keeps its own images array", async () => {
    const { log, store } = setup();
    const original = withImages(1, 2);
    const returned = await log.sink.call("Desktop", { action: "screenshot" }, async () => original);
    expect(returned).toBe(original);
    const [record] = log.records();
    expect(record?.images?.map((ref) => ref.bytes)).toEqual([7, 7]);
    expect(record?.images?.every((ref) => store?.blobs.has(ref.hash))).toBe(true);
    expect(record).toMatchObject({ imageOrder: 1, imageTimestamp: 1_700_000_000_000 });
  });

  test("imageOrder follows completion, not start, and imageTimestamp is the completion time", async () => {
    const { log, clock } = setup();
    const first = deferred<ToolResult>();
    const second = deferred<ToolResult>();
    const a = log.sink.call("Desktop", { n: 1 }, () => first.promise);
    const b = log.sink.call("Desktop", { n: 2 }, () => second.promise);
    clock.advance(10);
    second.resolve(withImages(2));
    await b;
    clock.advance(10);
    first.resolve(withImages(1));
    await a;
    const byName = Object.fromEntries(log.records().map((r) => [JSON.stringify(r.args), r]));
    expect(byName['{"n":2}']).toMatchObject({ imageOrder: 1, imageTimestamp: 1_700_000_000_010 });
    expect(byName['{"n":1}']).toMatchObject({ imageOrder: 2, imageTimestamp: 1_700_000_000_020 });
  });

  test("the latest-image lookup sees a screenshot as soon as its call resolves, repeatedly", async () => {
    const { log } = setup();
    await log.sink.call("Desktop", {}, async () => withImages(1));
    const firstRef = log.latestImage();
    expect(firstRef).toEqual(log.records()[0]?.images?.[0]);
    await log.sink.call("Desktop", {}, async () => withImages(2, 3));
    expect(log.latestImage()).toEqual(log.records()[1]?.images?.[1]);
    expect(log.latestImage()).not.toEqual(firstRef);
  });

  test("an image the wrapper returns orders after its earlier nested images", async () => {
    const { log, clock } = setup();
    await log.sink.call("Desktop", {}, async () => withImages(1));
    clock.advance(5);
    const wrapperRef = { hash: "f".repeat(64), mimeType: "image/png", bytes: 9 };
    expect(await log.stampWrapperImages([wrapperRef])).toEqual({
      imageOrder: 2,
      imageTimestamp: 1_700_000_000_005,
    });
    expect(log.latestImage()).toEqual(wrapperRef);
    expect(await log.stampWrapperImages([])).toBeUndefined();
  });

  test("a storage failure drops that reference, not the result, and does not advance the order", async () => {
    const { log, store, problems } = setup();
    if (store) store.failNext = 1;
    const original = withImages(1);
    expect(await log.sink.call("Desktop", {}, async () => original)).toBe(original);
    expect(log.records()[0]).not.toHaveProperty("images");
    expect(log.latestImage()).toBeUndefined();
    expect(problems).toEqual(["image store refused an image: disk full"]);
    await log.sink.call("Desktop", {}, async () => withImages(2));
    expect(log.records()[1]?.imageOrder).toBe(1);
  });

  test("a budget too short for the references drops them, not the result, and does not advance the order", async () => {
    const { log, minter } = setup();
    fillTo(log, minter, 200);
    const original = withImages(1, 2);
    expect(await log.sink.call("Desktop", {}, async () => original)).toBe(original);
    expect(log.records().at(-1)).toMatchObject({ kind: "call", name: "Desktop" });
    expect(log.records().at(-1)).not.toHaveProperty("images");
    expect(log.latestImage()).toBeUndefined();
  });

  test("without an image store no references are kept", async () => {
    const { log } = setup(null);
    await log.sink.call("Desktop", {}, async () => withImages(1));
    expect(log.records()[0]).not.toHaveProperty("images");
    expect(log.latestImage()).toBeUndefined();
  });

  test("a late settle keeps the real completion time and order in the stored result, however slow the store", async () => {
    const journal = new MemoryJournal();
    const store = new MemoryImageStore();
    const gate = deferred<void>();
    const slow = {
      put: async (bytes: Uint8Array, mimeType: string) => {
        await gate.promise;
        return store.put(bytes, mimeType);
      },
    };
    const clock = new ManualClock();
    const log = new ToolTraceLog({
      producerId: "cell-1",
      mintId: countingMinter(),
      clock,
      images: slow,
      journal,
    });
    const shot = deferred<ToolResult>();
    const call = log.sink.call("Desktop", { action: "screenshot" }, () => shot.promise);
    const toolTrace = log.sink.drain("exec-1");
    journal.append("exec-1", "exec", textResult("yielded", { toolTrace }));
    clock.advance(40);
    shot.resolve(withImages(1));
    await settleMicrotasks();
    clock.advance(500);
    gate.resolve();
    await call;
    await flush();
    const stored = journal.result("exec-1")?.details?.toolTrace?.[0];
    expect(stored).toMatchObject({ imageOrder: 1, imageTimestamp: 1_700_000_000_040 });
    expect(stored).not.toHaveProperty("pending");
    expect(
      latestToolImage(journal.history().flatMap((e) => e.result?.details?.toolTrace ?? [])),
    ).toEqual(stored?.images?.[0]);
  });

  test("the scoped lookup over stored records picks the newest completion", () => {
    const ref = (c: string) => ({ hash: c.repeat(64), mimeType: "image/png", bytes: 1 });
    expect(
      latestToolImage([
        { images: [ref("a")], imageOrder: 1, imageTimestamp: 10 },
        { images: [ref("b"), ref("c")], imageOrder: 2, imageTimestamp: 20 },
        { images: [ref("d")], imageOrder: 1, imageTimestamp: 15 },
        {},
      ]),
    ).toEqual(ref("c"));
    expect(latestToolImage([{ images: [] }, {}])).toBeUndefined();
  });
});
