import { describe, expect, test } from "vitest";
import { STORE_KINDS, useTestStore } from "../../../test/helpers/test-store.js";

describe.each(STORE_KINDS)("attachments and blobs (%s store)", (kind) => {
  const t = useTestStore(kind);

  test("records a shared file once as an off-branch entry; an owned one needs no entry", async () => {
    const blob = await t.store.blobs.put(new TextEncoder().encode("report"));
    const share = {
      sharedFile: { hash: blob.hash, mimeType: "text/plain", bytes: blob.bytes, filename: "r.txt" },
    };
    const first = await t.store.attachments.recordShared(t.sessionId, share);
    expect(first.entry).toMatchObject({
      customType: "elowen.shared-attachment",
      offBranch: true,
      data: { details: share },
    });
    expect((await t.store.attachments.recordShared(t.sessionId, share)).entry).toBeNull();
    expect(await t.store.attachments.owned(t.sessionId, blob.hash)).toMatchObject({
      kind: "file",
      filename: "r.txt",
    });
  });

  test("refuses a share whose bytes were never stored, or whose reference is invalid", async () => {
    await expect(
      t.store.attachments.recordShared(t.sessionId, {
        sharedImage: { hash: "a".repeat(64), mimeType: "image/png", bytes: 1 },
      }),
    ).rejects.toThrow(/no stored blob/);
    await expect(
      t.store.attachments.recordShared(t.sessionId, {
        sharedImage: { hash: "nothex", mimeType: "image/png", bytes: 1 },
      }),
    ).rejects.toThrow(/sharedImage\.hash/);
  });

  test("stores identical bytes once, and never resolves a hash that is not a SHA-256", async () => {
    const a = await t.store.blobs.put(new TextEncoder().encode("same"));
    const b = await t.store.blobs.put(new TextEncoder().encode("same"));
    expect(a).toEqual(b);
    expect(await t.store.blobs.read("..%2f..")).toBeUndefined();
    expect(await t.store.blobs.read("../../etc/passwd")).toBeUndefined();
    expect(await t.store.blobs.has("../../etc/passwd")).toBe(false);
    expect(await t.store.blobs.has(a.hash.toUpperCase())).toBe(false);
  });

  test("the sweep removes unowned blobs past the grace and keeps owned or young ones", async () => {
    const owned = await t.store.blobs.put(new TextEncoder().encode("owned"));
    const orphan = await t.store.blobs.put(new TextEncoder().encode("orphan"));
    const young = await t.store.blobs.put(new TextEncoder().encode("young"));
    await t.store.attachments.recordShared(t.sessionId, {
      sharedImage: { hash: owned.hash, mimeType: "image/png", bytes: owned.bytes },
    });
    for (const hash of [owned.hash, orphan.hash]) await t.ageBlob(hash, 2 * 3_600_000);
    const result = await t.store.blobs.sweep((hash) => t.store.attachments.isOwned(hash), {
      graceMs: 3_600_000,
    });
    expect(result).toEqual({ removed: 1, kept: 2 });
    expect(await t.store.blobs.has(orphan.hash)).toBe(false);
    expect(await t.store.blobs.has(owned.hash)).toBe(true);
    expect(await t.store.blobs.has(young.hash)).toBe(true);
  });

  test("cards: re-emitting an id replaces the card in place; an empty card removes it", async () => {
    await t.store.cards.put(t.sessionId, { id: "a", title: "A" });
    await t.store.cards.put(t.sessionId, { id: "b", title: "B" });
    await t.store.cards.put(t.sessionId, { id: "a", title: "A2" });
    expect(await t.store.cards.list(t.sessionId)).toEqual([
      { id: "a", title: "A2" },
      { id: "b", title: "B" },
    ]);
    expect(await t.store.cards.put(t.sessionId, { id: "a" })).toBe("removed");
    expect(await t.store.cards.list(t.sessionId)).toEqual([{ id: "b", title: "B" }]);
  });
});
