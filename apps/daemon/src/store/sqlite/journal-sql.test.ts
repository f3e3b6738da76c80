import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { tempHome } from "../../../test/helpers/test-daemon.js";
import type { Store } from "../store.js";
import { StoreError } from "../store-error.js";
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

const message = (text: string) => ({ kind: "message", data: { role: "user", text } });

describe("the journal", () => {
  test("appends a user message and its turn-context records in one transaction, chained", async () => {
    const written = await store.journal.append(sessionId, [
      message("hello"),
      { kind: "custom", customType: "elowen.turn-context", hidden: true, data: { text: "ctx" } },
    ]);
    expect(written.map((e) => e.seq)).toEqual([0, 1]);
    expect(written[1]?.parentId).toBe(written[0]?.id);
    expect((await store.sessions.get(sessionId))?.leafId).toBe(written[1]?.id);
  });

  test("writes nothing when one entry of a batch is invalid", async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    await expect(
      store.journal.append(sessionId, [message("a"), { kind: "message", data: cyclic }]),
    ).rejects.toThrow(/entries\[1\]\.data is not JSON-serializable/);
    expect(await store.journal.branch(sessionId)).toEqual([]);
    expect((await store.sessions.get(sessionId))?.leafId).toBeNull();
  });

  test("refuses a supplied id that is not an entry id", async () => {
    await expect(
      store.journal.append(sessionId, [{ ...message("x"), id: "../x" }]),
    ).rejects.toBeInstanceOf(StoreError);
  });

  test("pages the visible projection newest first, hidden entries excluded", async () => {
    for (let i = 0; i < 5; i += 1) {
      await store.journal.append(sessionId, [
        message(`m${i}`),
        { kind: "custom", customType: "elowen.turn-context", hidden: true, data: {} },
      ]);
    }
    const first = await store.journal.page(sessionId, { limit: 2 });
    expect(first.entries.map((e) => (e.data as { text: string }).text)).toEqual(["m3", "m4"]);
    expect(first.nextCursor).not.toBeNull();
    const second = await store.journal.page(sessionId, {
      limit: 2,
      cursor: first.nextCursor ?? "",
    });
    expect(second.entries.map((e) => (e.data as { text: string }).text)).toEqual(["m1", "m2"]);
    const third = await store.journal.page(sessionId, {
      limit: 2,
      cursor: second.nextCursor ?? "",
    });
    expect(third.entries.map((e) => (e.data as { text: string }).text)).toEqual(["m0"]);
    expect(third.nextCursor).toBeNull();
    expect((await store.journal.visible(sessionId)).length).toBe(5);
    expect((await store.journal.branch(sessionId)).length).toBe(10);
  });

  test("a page of exactly the remaining entries has no next cursor", async () => {
    await store.journal.append(sessionId, [message("a"), message("b")]);
    expect((await store.journal.page(sessionId, { limit: 2 })).nextCursor).toBeNull();
    expect((await store.journal.page(sessionId, { limit: 1 })).nextCursor).not.toBeNull();
  });

  test("refuses a cursor it did not issue", async () => {
    await expect(
      store.journal.page(sessionId, { limit: 5, cursor: "1; DROP TABLE" }),
    ).rejects.toMatchObject({ code: "invalid" });
  });

  test("a rewind branches: history follows the new leaf only", async () => {
    const [a] = await store.journal.append(sessionId, [message("a")]);
    await store.journal.append(sessionId, [message("b")]);
    await store.journal.append(sessionId, [message("c")], { parentId: a?.id ?? null });
    const visible = await store.journal.visible(sessionId);
    expect(visible.map((e) => (e.data as { text: string }).text)).toEqual(["a", "c"]);
  });

  test("rewrites one entry's data in place and keeps its id, seq and position", async () => {
    const [entry] = await store.journal.append(sessionId, [
      { kind: "toolResult", data: { details: { toolTrace: [{ pending: true }] } } },
    ]);
    const id = entry?.id ?? "";
    expect(
      await store.journal.updateData(sessionId, id, () => ({
        details: { toolTrace: [{ done: true }] },
      })),
    ).toBe(true);
    const after = await store.journal.get(sessionId, id);
    expect(after).toMatchObject({ id, seq: 0, data: { details: { toolTrace: [{ done: true }] } } });
    expect(await store.journal.updateData(sessionId, "e_missing", () => ({}))).toBe(false);
  });

  test("off-branch entries never move the leaf and never show in history", async () => {
    const [a] = await store.journal.append(sessionId, [message("a")]);
    await store.journal.append(sessionId, [
      {
        kind: "custom",
        customType: "elowen.shared-attachment",
        offBranch: true,
        hidden: true,
        data: {},
      },
    ]);
    expect((await store.sessions.get(sessionId))?.leafId).toBe(a?.id);
    const [b] = await store.journal.append(sessionId, [message("b")]);
    expect(b?.parentId).toBe(a?.id);
    expect((await store.journal.offBranch(sessionId, "elowen.shared-attachment")).length).toBe(1);
    await expect(
      store.journal.setLeaf(sessionId, (await store.journal.offBranch(sessionId))[0]?.id ?? ""),
    ).rejects.toMatchObject({ code: "invalid" });
  });

  test("deleting a session removes its journal, cards and attachment ownership", async () => {
    const blob = await store.blobs.put(new TextEncoder().encode("png-bytes"));
    await store.attachments.recordShared(sessionId, {
      sharedImage: { hash: blob.hash, mimeType: "image/png", bytes: blob.bytes },
    });
    await store.cards.put(sessionId, { id: "c1", title: "Card" });
    await store.sessions.remove(sessionId);
    expect(await store.attachments.isOwned(blob.hash)).toBe(false);
    await expect(store.journal.branch(sessionId)).rejects.toMatchObject({ code: "not_found" });
  });
});
