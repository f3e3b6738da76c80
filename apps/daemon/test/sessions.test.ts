import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { json } from "./helpers/json.js";
import { rawRequest } from "./helpers/raw-request.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";

let t: TestDaemon;
beforeAll(async () => {
  t = await startTestDaemon();
});
afterAll(() => t.close());

describe("sessions", () => {
  test("create, read, rename, list and delete", async () => {
    const created = await t.owner.sessions.create({ title: "First" });
    expect(created).toMatchObject({ title: "First", kind: "interactive", ownerId: 1 });
    expect(await t.owner.sessions.get(created.id)).toEqual(created);
    const renamed = await t.owner.sessions.rename(created.id, { title: "Renamed" });
    expect(renamed.title).toBe("Renamed");
    expect((await t.owner.sessions.list()).sessions.map((s) => s.id)).toContain(created.id);
    await t.owner.sessions.remove(created.id);
    await expect(t.owner.sessions.get(created.id)).rejects.toMatchObject({ status: 404 });
  });

  test("a session without a body is created untitled", async () => {
    const response = await t.request("/sessions", { method: "POST" });
    expect(response.status).toBe(201);
    expect((await json(response)).title).toBeNull();
  });

  test("an untitled session takes its title from its first message; a titled one keeps its own", async () => {
    const untitled = await t.owner.sessions.create();
    await t.submitTurn(untitled.id, "  Plan the trip to Oslo\nwith details");
    await t.submitTurn(untitled.id, "A second message");
    expect((await t.owner.sessions.get(untitled.id)).title).toBe("Plan the trip to Oslo");
    const titled = await t.owner.sessions.create({ title: "Mine" });
    await t.submitTurn(titled.id, "Hello");
    expect((await t.owner.sessions.get(titled.id)).title).toBe("Mine");
  });

  test("lists page by cursor, most recently updated first", async () => {
    const user = await t.account("pager");
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1)
      ids.push((await user.client.sessions.create({ title: `s${i}` })).id);
    const first = await user.client.sessions.list({ limit: 2 });
    const second = await user.client.sessions.list({ limit: 2, cursor: first.nextCursor ?? "" });
    const third = await user.client.sessions.list({ limit: 2, cursor: second.nextCursor ?? "" });
    expect([...first.sessions, ...second.sessions, ...third.sessions].map((s) => s.id)).toEqual(
      [...ids].reverse(),
    );
    expect(third.nextCursor).toBeNull();
  });

  test("a malformed session id is a 400 naming the parameter", async () => {
    const response = await t.request("/sessions/..%2f..%2faccounts");
    expect(response.status).toBe(400);
    expect((await json(response)).path).toBe("params.sessionId");
  });

  test("history shows the visible projection, paged by cursor, hidden entries excluded", async () => {
    const session = await t.owner.sessions.create();
    for (let i = 0; i < 3; i += 1) {
      await t.daemon.host.store.journal.append(session.id, [
        { kind: "message", data: { text: `m${i}` } },
        {
          kind: "custom",
          customType: "elowen.turn-context",
          hidden: true,
          data: { text: "hidden" },
        },
      ]);
    }
    const page = await t.owner.sessions.history(session.id, { limit: 2 });
    expect(page.entries.map((e) => (e.data as { text: string }).text)).toEqual(["m1", "m2"]);
    const older = await t.owner.sessions.history(session.id, {
      limit: 2,
      cursor: page.nextCursor ?? "",
    });
    expect(older.entries.map((e) => (e.data as { text: string }).text)).toEqual(["m0"]);
    expect(older.nextCursor).toBeNull();
    expect(JSON.stringify([page, older])).not.toContain("hidden");
  });

  test("a cursor the daemon did not issue is a 400", async () => {
    const session = await t.owner.sessions.create();
    expect((await t.request(`/sessions/${session.id}/history?cursor=abc`)).status).toBe(400);
  });
});

describe("attachments", () => {
  test("an owned attachment is served with its type, sandboxed", async () => {
    const session = await t.owner.sessions.create();
    const blob = await t.daemon.host.store.blobs.put(new TextEncoder().encode("<svg/>"));
    await t.daemon.host.store.attachments.recordShared(session.id, {
      sharedImage: { hash: blob.hash, mimeType: "image/svg+xml", bytes: blob.bytes },
    });
    const response = await t.owner.sessions.attachment(session.id, blob.hash);
    expect(await response.text()).toBe("<svg/>");
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
    expect(response.headers.get("content-security-policy")).toBe("sandbox");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  test("a blob the session does not own is a 404, even when another session owns it", async () => {
    const owner = await t.owner.sessions.create();
    const other = await t.owner.sessions.create();
    const blob = await t.daemon.host.store.blobs.put(new TextEncoder().encode("mine"));
    await t.daemon.host.store.attachments.recordShared(owner.id, {
      sharedFile: { hash: blob.hash, mimeType: "text/plain", bytes: blob.bytes, filename: "m.txt" },
    });
    expect((await t.request(`/sessions/${other.id}/attachments/${blob.hash}`)).status).toBe(404);
    const stranger = await t.account("stranger");
    expect(
      (await t.request(`/sessions/${owner.id}/attachments/${blob.hash}`, { token: stranger.token }))
        .status,
    ).toBe(404);
  });

  test.each([
    "%2e%2e",
    "..%2f..%2felowen.db",
    "%252e%252e%252fowner.token",
    "A".repeat(64),
    `${"a".repeat(63)}g`,
  ])(
    "an attachment id %s that is not a SHA-256 is refused before any file is touched",
    async (id) => {
      const session = await t.owner.sessions.create();
      const response = await rawRequest(t.daemon.url, `/sessions/${session.id}/attachments/${id}`, {
        authorization: `Bearer ${t.ownerToken}`,
      });
      expect(response.status).toBe(400);
      expect((response.body as { path: string }).path).toBe("params.hash");
    },
  );
});
