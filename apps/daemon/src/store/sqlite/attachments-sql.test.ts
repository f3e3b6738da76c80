import { rmSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { tempHome } from "../../../test/helpers/test-daemon.js";
import type { Store } from "../store.js";
import { openSqliteStore } from "./sqlite-store.js";

let home: string;
let store: Store;
let sessionId: string;

beforeEach(async () => {
  home = tempHome();
  store = openSqliteStore({ file: join(home, "elowen.db") });
  const owner = await store.accounts.create({ name: "owner", role: "owner" });
  sessionId = (await store.sessions.create({ ownerId: owner.id, kind: "interactive" })).id;
});
afterEach(async () => {
  await store.close();
  rmSync(home, { recursive: true, force: true });
});

describe("attachments and blobs", () => {
  test("records a shared file once as an off-branch entry; an owned one needs no entry", async () => {
    const blob = await store.blobs.put(new TextEncoder().encode("report"));
    const share = {
      sharedFile: { hash: blob.hash, mimeType: "text/plain", bytes: blob.bytes, filename: "r.txt" },
    };
    const first = await store.attachments.recordShared(sessionId, share);
    expect(first.entry).toMatchObject({
      customType: "elowen.shared-attachment",
      offBranch: true,
      data: { details: share },
    });
    expect((await store.attachments.recordShared(sessionId, share)).entry).toBeNull();
    expect(await store.attachments.owned(sessionId, blob.hash)).toMatchObject({
      kind: "file",
      filename: "r.txt",
    });
  });

  test("refuses a share whose bytes were never stored, or whose reference is invalid", async () => {
    await expect(
      store.attachments.recordShared(sessionId, {
        sharedImage: { hash: "a".repeat(64), mimeType: "image/png", bytes: 1 },
      }),
    ).rejects.toThrow(/no stored blob/);
    await expect(
      store.attachments.recordShared(sessionId, {
        sharedImage: { hash: "nothex", mimeType: "image/png", bytes: 1 },
      }),
    ).rejects.toThrow(/sharedImage\.hash/);
  });

  test("stores identical bytes once, and never resolves a hash that is not a SHA-256", async () => {
    const a = await store.blobs.put(new TextEncoder().encode("same"));
    const b = await store.blobs.put(new TextEncoder().encode("same"));
    expect(a).toEqual(b);
    expect(() => store.blobs.path("../../etc/passwd")).toThrow(/64 lowercase hex/);
    expect(await store.blobs.read("..%2f..")).toBeUndefined();
  });

  test("the sweep removes unowned blobs past the grace and keeps owned or young ones", async () => {
    const owned = await store.blobs.put(new TextEncoder().encode("owned"));
    const orphan = await store.blobs.put(new TextEncoder().encode("orphan"));
    const young = await store.blobs.put(new TextEncoder().encode("young"));
    await store.attachments.recordShared(sessionId, {
      sharedImage: { hash: owned.hash, mimeType: "image/png", bytes: owned.bytes },
    });
    const old = new Date(Date.now() - 2 * 3_600_000);
    for (const hash of [owned.hash, orphan.hash]) utimesSync(store.blobs.path(hash), old, old);
    const result = await store.blobs.sweep((hash) => store.attachments.isOwned(hash), {
      graceMs: 3_600_000,
    });
    expect(result).toEqual({ removed: 1, kept: 2 });
    expect(await store.blobs.has(orphan.hash)).toBe(false);
    expect(await store.blobs.has(owned.hash)).toBe(true);
    expect(await store.blobs.has(young.hash)).toBe(true);
  });

  test("cards: re-emitting an id replaces the card in place; an empty card removes it", async () => {
    await store.cards.put(sessionId, { id: "a", title: "A" });
    await store.cards.put(sessionId, { id: "b", title: "B" });
    await store.cards.put(sessionId, { id: "a", title: "A2" });
    expect(await store.cards.list(sessionId)).toEqual([
      { id: "a", title: "A2" },
      { id: "b", title: "B" },
    ]);
    expect(await store.cards.put(sessionId, { id: "a" })).toBe("removed");
    expect(await store.cards.list(sessionId)).toEqual([{ id: "b", title: "B" }]);
  });
});
