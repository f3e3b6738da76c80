import { describe, expect, test } from "vitest";
import { STORE_KINDS, useTestStore } from "../../../test/helpers/test-store.js";
import { StoreError } from "../store-error.js";

const message = (text: string) => ({ kind: "message", data: { role: "user", text } });

describe.each(STORE_KINDS)("the journal (%s store)", (kind) => {
  const t = useTestStore(kind);

  test("appends a user message and its turn-context records in one transaction, chained", async () => {
    const written = await t.store.journal.append(t.sessionId, [
      message("hello"),
      { kind: "custom", customType: "elowen.turn-context", hidden: true, data: { text: "ctx" } },
    ]);
    expect(written.map((e) => e.seq)).toEqual([0, 1]);
    expect(written[1]?.parentId).toBe(written[0]?.id);
    expect((await t.store.sessions.get(t.sessionId))?.leafId).toBe(written[1]?.id);
  });

  test("moves the session's updatedAt on an append unless the append says touch: false", async () => {
    let clock = 1_000;
    const store = await t.open({ now: () => clock });
    {
      const user = await store.accounts.create({ name: "user", role: "user" });
      const { id } = await store.sessions.create({ ownerId: user.id, kind: "interactive" });
      clock = 2_000;
      const [quiet] = await store.journal.append(id, [message("mid-turn")], { touch: false });
      const afterQuiet = await store.sessions.get(id);
      expect(afterQuiet?.updatedAt).toBe(1_000);
      expect(afterQuiet?.leafId).toBe(quiet?.id);
      clock = 3_000;
      await store.journal.append(id, [message("turn end")]);
      expect((await store.sessions.get(id))?.updatedAt).toBe(3_000);
    }
  });

  test("writes nothing when one entry of a batch is invalid", async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    await expect(
      t.store.journal.append(t.sessionId, [message("a"), { kind: "message", data: cyclic }]),
    ).rejects.toThrow(/entries\[1\]\.data is not JSON-serializable/);
    expect(await t.store.journal.branch(t.sessionId)).toEqual([]);
    expect((await t.store.sessions.get(t.sessionId))?.leafId).toBeNull();
  });

  test("refuses a supplied id that is not an entry id", async () => {
    await expect(
      t.store.journal.append(t.sessionId, [{ ...message("x"), id: "../x" }]),
    ).rejects.toBeInstanceOf(StoreError);
  });

  test("pages the visible projection newest first, hidden entries excluded", async () => {
    for (let i = 0; i < 5; i += 1) {
      await t.store.journal.append(t.sessionId, [
        message(`m${i}`),
        { kind: "custom", customType: "elowen.turn-context", hidden: true, data: {} },
      ]);
    }
    const first = await t.store.journal.page(t.sessionId, { limit: 2 });
    expect(first.entries.map((e) => (e.data as { text: string }).text)).toEqual(["m3", "m4"]);
    expect(first.nextCursor).not.toBeNull();
    const second = await t.store.journal.page(t.sessionId, {
      limit: 2,
      cursor: first.nextCursor ?? "",
    });
    expect(second.entries.map((e) => (e.data as { text: string }).text)).toEqual(["m1", "m2"]);
    const third = await t.store.journal.page(t.sessionId, {
      limit: 2,
      cursor: second.nextCursor ?? "",
    });
    expect(third.entries.map((e) => (e.data as { text: string }).text)).toEqual(["m0"]);
    expect(third.nextCursor).toBeNull();
    expect((await t.store.journal.visible(t.sessionId)).length).toBe(5);
    expect((await t.store.journal.branch(t.sessionId)).length).toBe(10);
  });

  test("a page of exactly the remaining entries has no next cursor", async () => {
    await t.store.journal.append(t.sessionId, [message("a"), message("b")]);
    expect((await t.store.journal.page(t.sessionId, { limit: 2 })).nextCursor).toBeNull();
    expect((await t.store.journal.page(t.sessionId, { limit: 1 })).nextCursor).not.toBeNull();
  });

  test("refuses a cursor it did not issue", async () => {
    await expect(
      t.store.journal.page(t.sessionId, { limit: 5, cursor: "1; DROP TABLE" }),
    ).rejects.toMatchObject({ code: "store.invalid" });
  });

  test("a rewind branches: history follows the new leaf only", async () => {
    const [a] = await t.store.journal.append(t.sessionId, [message("a")]);
    await t.store.journal.append(t.sessionId, [message("b")]);
    await t.store.journal.append(t.sessionId, [message("c")], { parentId: a?.id ?? null });
    const visible = await t.store.journal.visible(t.sessionId);
    expect(visible.map((e) => (e.data as { text: string }).text)).toEqual(["a", "c"]);
  });

  test("rewrites one entry's data in place and keeps its id, seq and position", async () => {
    const [entry] = await t.store.journal.append(t.sessionId, [
      { kind: "toolResult", data: { details: { toolTrace: [{ pending: true }] } } },
    ]);
    const id = entry?.id ?? "";
    expect(
      await t.store.journal.updateData(t.sessionId, id, () => ({
        details: { toolTrace: [{ done: true }] },
      })),
    ).toBe(true);
    const after = await t.store.journal.get(t.sessionId, id);
    expect(after).toMatchObject({ id, seq: 0, data: { details: { toolTrace: [{ done: true }] } } });
    expect(await t.store.journal.updateData(t.sessionId, "e_missing", () => ({}))).toBe(false);
  });

  test("off-branch entries never move the leaf and never show in history", async () => {
    const [a] = await t.store.journal.append(t.sessionId, [message("a")]);
    await t.store.journal.append(t.sessionId, [
      {
        kind: "custom",
        customType: "elowen.shared-attachment",
        offBranch: true,
        hidden: true,
        data: {},
      },
    ]);
    expect((await t.store.sessions.get(t.sessionId))?.leafId).toBe(a?.id);
    const [b] = await t.store.journal.append(t.sessionId, [message("b")]);
    expect(b?.parentId).toBe(a?.id);
    expect((await t.store.journal.offBranch(t.sessionId, "elowen.shared-attachment")).length).toBe(
      1,
    );
    await expect(
      t.store.journal.setLeaf(
        t.sessionId,
        (await t.store.journal.offBranch(t.sessionId))[0]?.id ?? "",
      ),
    ).rejects.toMatchObject({ code: "store.invalid" });
  });

  test("a named parent must be an on-branch entry of the session; the leaf needs no naming", async () => {
    const [a] = await t.store.journal.append(t.sessionId, [message("a")]);
    const [hidden] = await t.store.journal.append(t.sessionId, [
      { kind: "custom", customType: "x", offBranch: true, hidden: true, data: {} },
    ]);
    await expect(
      t.store.journal.append(t.sessionId, [message("b")], { parentId: hidden?.id ?? "" }),
    ).rejects.toMatchObject({ code: "store.invalid" });
    await expect(
      t.store.journal.append(t.sessionId, [message("b")], { parentId: "e_missing" }),
    ).rejects.toMatchObject({ code: "store.not_found" });
    await expect(t.store.journal.append("s_missing", [message("b")])).rejects.toMatchObject({
      code: "store.not_found",
    });
    const [b] = await t.store.journal.append(t.sessionId, [message("b")], {
      parentId: a?.id ?? null,
    });
    const [c] = await t.store.journal.append(t.sessionId, [message("c")]);
    expect([b?.parentId, c?.parentId]).toEqual([a?.id, b?.id]);
  });

  test("deleting a session removes its journal, cards and attachment ownership", async () => {
    const blob = await t.store.blobs.put(new TextEncoder().encode("png-bytes"));
    await t.store.attachments.recordShared(t.sessionId, {
      sharedImage: { hash: blob.hash, mimeType: "image/png", bytes: blob.bytes },
    });
    await t.store.cards.put(t.sessionId, { id: "c1", title: "Card" });
    await t.store.sessions.remove(t.sessionId);
    expect(await t.store.attachments.isOwned(blob.hash)).toBe(false);
    await expect(t.store.journal.branch(t.sessionId)).rejects.toMatchObject({
      code: "store.not_found",
    });
  });
});
