import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startWebDaemon, type WebDaemon } from "../../test/e2e/harness.js";
import { createHostUi } from "./host-ui.js";
import { rowKey, type SkillRow, SkillsStore, skillKey } from "./skills-store.js";

let daemon: WebDaemon;
let store: SkillsStore;
beforeAll(async () => {
  daemon = await startWebDaemon();
  store = new SkillsStore(createHostUi({ client: daemon.owner, plugin: "@elowen/plugin-skills" }));
  await store.refresh();
});
afterAll(() => daemon?.close());

const row = (name: string): SkillRow | undefined => store.state.rows.find((r) => r.name === name);
const skill = (name: string) => ({ name, description: `Use for ${name}.`, content: `Do ${name}.` });

describe("SkillsStore against the Skills plugin's routes", () => {
  test("lists the account's catalog with catalogSource and effective", () => {
    expect(store.state.loading).toBe(false);
    const bundled = store.state.rows.filter((r) => r.catalogSource === "bundled");
    expect(bundled.length).toBeGreaterThan(0);
    expect(bundled[0]?.effective).toEqual({ model: true, user: true });
  });

  test("shows a created skill at once, pending, then with the revision the daemon gave it", async () => {
    const done = store.create(null, skill("alpha"));
    expect(row("alpha")).toMatchObject({ pending: "creating", catalogSource: "personal" });
    expect(await done).toEqual({ ok: true });
    expect(row("alpha")?.pending).toBeUndefined();
    expect(row("alpha")?.revision).toEqual(expect.any(Number));
  });

  test("sends null as owner=me, 'instance' as owner=instance, and an account id as itself", async () => {
    expect(await store.create("instance", skill("beta"))).toEqual({ ok: true });
    expect(row("beta")?.catalogSource).toBe("instance");
    const other = await daemon.owner.accounts.create({ name: "sam", role: "user" });
    expect(await store.create(other.id, skill("gamma"))).toEqual({ ok: true });
    // Sam's skill is in Sam's folder: the owner's catalog does not show it.
    expect(row("gamma")).toBeUndefined();
    const missing = await store.create(other.id + 1000, skill("delta"));
    expect(missing).toMatchObject({ ok: false, status: 404, stale: false });
  });

  test("rolls back exactly the refused row and answers the daemon's reason", async () => {
    const before = store.state.rows;
    const refused = await store.create(null, skill("alpha"));
    expect(refused).toMatchObject({ ok: false, status: 409, stale: false });
    expect(refused.ok || refused.message).toMatch(/alpha/);
    expect(store.state.rows).toEqual(before);
  });

  test("refuses an edit at a stale revision with 409, flagged stale, and puts the row back as it was", async () => {
    const current = row("alpha");
    if (current?.revision === undefined) throw new Error("alpha has no revision");
    await daemon.owner.request("PATCH", "/plugins/skills/alpha", {
      query: { owner: "me" },
      body: { content: "Changed elsewhere.", expectedRevision: current.revision },
    });
    const stale = await store.update(null, current, { content: "Mine." });
    expect(stale).toMatchObject({ ok: false, status: 409, stale: true });
    expect(row("alpha")).toEqual(current);
    await store.refresh();
    const fresh = row("alpha");
    expect(fresh?.content).toBe("Changed elsewhere.");
    expect(await store.update(null, fresh as SkillRow, { content: "Mine." })).toEqual({ ok: true });
    expect(row("alpha")?.content).toBe("Mine.");
  });

  test("transfers a skill with an edit: the source in the query, the destination (null is me) in the body", async () => {
    const beta = row("beta");
    if (!beta) throw new Error("no beta");
    const moved = store.transfer("instance", beta, null, { description: "Mine now." });
    expect(row("beta")).toMatchObject({
      catalogSource: "personal",
      pending: "moving",
      description: "Mine now.",
    });
    expect(await moved).toEqual({ ok: true });
    expect(row("beta")).toMatchObject({ catalogSource: "personal", description: "Mine now." });
  });

  test("keeps a moving row under the key it had until the daemon answers", async () => {
    expect(await store.create(null, skill("solo"))).toEqual({ ok: true });
    const solo = row("solo");
    if (!solo) throw new Error("no solo");
    const moving = store.transfer(null, solo, "instance");
    expect(store.state.rows.find((r) => r.name === "solo")).toMatchObject({
      catalogSource: "instance",
      movedFrom: "personal:solo",
    });
    expect(rowKey(row("solo") as SkillRow)).toBe("personal:solo");
    expect(await moving).toEqual({ ok: true });
    expect(rowKey(row("solo") as SkillRow)).toBe("instance:solo");
  });

  test("tells a transfer refused because the destination has the name (409) from a stale revision (409)", async () => {
    // Ria's "twin" moves to the instance folder, so mine cannot follow it there.
    const ria = await daemon.owner.accounts.create({ name: "ria", role: "user" });
    expect(await store.create(ria.id, skill("twin"))).toEqual({ ok: true });
    expect(await store.create(null, skill("twin"))).toEqual({ ok: true });
    await daemon.owner.request("POST", "/plugins/skills/twin/owner", {
      query: { owner: String(ria.id) },
      body: { owner: "instance" },
    });
    await store.refresh();
    const mine = store.state.rows.find((r) => skillKey(r) === "personal:twin");
    if (!mine) throw new Error("no personal twin");
    const taken = await store.transfer(null, mine, "instance", { description: "Shared." });
    expect(taken).toMatchObject({ ok: false, status: 409, stale: false });
    expect(taken.ok || taken.message).toMatch(/already the name of an instance skill/);
    expect(store.state.rows.find((r) => skillKey(r) === "personal:twin")).toEqual(mine);

    const solo = row("solo");
    if (solo?.revision === undefined) throw new Error("solo has no revision");
    await daemon.owner.request("PATCH", "/plugins/skills/solo", {
      query: { owner: "instance" },
      body: { content: "Changed elsewhere.", expectedRevision: solo.revision },
    });
    const stale = await store.transfer("instance", solo, null);
    expect(stale).toMatchObject({ ok: false, status: 409, stale: true });
    expect(row("solo")).toEqual(solo);
  });

  test("deletes with an explicit owner; the wrong owner is refused and the row comes back", async () => {
    const alpha = row("alpha");
    if (!alpha) throw new Error("no alpha");
    const wrong = await store.remove("instance", alpha);
    expect(wrong).toMatchObject({ ok: false, status: 404 });
    expect(row("alpha")).toEqual(alpha);
    const removing = store.remove(null, alpha);
    expect(row("alpha")).toBeUndefined();
    expect(await removing).toEqual({ ok: true });
    expect(row("alpha")).toBeUndefined();
  });

  test.each([
    ["zero", 0],
    ["a negative id", -3],
    ["a fraction", 1.5],
  ])("refuses %s as an owner before sending anything", async (_label, owner) => {
    const before = store.state.rows;
    await expect(store.create(owner, skill("eps"))).rejects.toThrow(
      /^owner must be null \(me\), "instance" or a positive integer account id/,
    );
    expect(store.state.rows).toEqual(before);
  });
});
