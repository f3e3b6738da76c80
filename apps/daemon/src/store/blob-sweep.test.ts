import { afterEach, describe, expect, test, vi } from "vitest";
import { useTestStore } from "../../test/helpers/test-store.js";
import { startBlobSweep } from "./blob-sweep.js";

const t = useTestStore();
/** How long a sweep's real file work may take on a loaded machine before the test gives up. */
const SWEPT = { timeout: 10_000, interval: 20 };
afterEach(() => {
  vi.useRealTimers();
});

describe("startBlobSweep", () => {
  test("sweeps unowned blobs past the grace once per interval, logs what it removed, and stops", async () => {
    // Only the interval is faked: the blobs' ages and the sweep's file system are real.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const lines: string[] = [];
    const sweep = startBlobSweep(t.store, { sweepIntervalHours: 24, graceMinutes: 60 }, (line) =>
      lines.push(line),
    );
    const owned = await t.store.blobs.put(new TextEncoder().encode("owned"));
    const orphan = await t.store.blobs.put(new TextEncoder().encode("orphan"));
    await t.store.attachments.recordShared(t.sessionId, {
      sharedImage: { hash: owned.hash, mimeType: "image/png", bytes: owned.bytes },
    });
    for (const hash of [owned.hash, orphan.hash]) await t.ageBlob(hash, 2 * 3_600_000);

    // Nothing happens before the day is out.
    vi.advanceTimersByTime(24 * 3_600_000 - 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await t.store.blobs.has(orphan.hash)).toBe(true);

    vi.advanceTimersByTime(1);
    await vi.waitFor(
      () => expect(lines).toEqual(["blob sweep removed 1 unowned blob(s), kept 1"]),
      SWEPT,
    );
    expect(await t.store.blobs.has(orphan.hash)).toBe(false);
    expect(await t.store.blobs.has(owned.hash)).toBe(true);

    // Stopped, it sweeps no more: a new orphan survives the next day.
    sweep.stop();
    const later = await t.store.blobs.put(new TextEncoder().encode("later"));
    await t.ageBlob(later.hash, 2 * 3_600_000);
    vi.advanceTimersByTime(24 * 3_600_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await t.store.blobs.has(later.hash)).toBe(true);
    expect(lines).toHaveLength(1);
  });

  test("a sweep that fails is logged and the next one still runs", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const lines: string[] = [];
    const failing = {
      ...t.store,
      blobs: {
        sweep: vi
          .fn()
          .mockRejectedValueOnce(new Error("disk gone"))
          .mockResolvedValueOnce({ removed: 2, kept: 0 }),
      },
    } as unknown as typeof t.store;
    const sweep = startBlobSweep(failing, { sweepIntervalHours: 1, graceMinutes: 0 }, (line) =>
      lines.push(line),
    );
    vi.advanceTimersByTime(3_600_000);
    await vi.waitFor(() => expect(lines).toEqual(["blob sweep failed: disk gone"]), SWEPT);
    vi.advanceTimersByTime(3_600_000);
    await vi.waitFor(
      () =>
        expect(lines).toEqual([
          "blob sweep failed: disk gone",
          "blob sweep removed 2 unowned blob(s), kept 0",
        ]),
      SWEPT,
    );
    sweep.stop();
  });
});
