import { describe, expect, test } from "vitest";
import { STORE_KINDS, useTestStore } from "../../../test/helpers/test-store.js";

describe.each(STORE_KINDS)("tokens, grants and the auth epoch (%s store)", (kind) => {
  const t = useTestStore(kind);

  test("a read of grants is shared and frozen: changing it is refused and the next read is as stored", async () => {
    const user = await t.store.accounts.create({ name: "u", role: "user" });
    await t.store.grants.set(user.id, { plugins: ["acme-a"], pluginSkills: true });
    const read = await t.store.grants.get(user.id);
    expect(() => (read.plugins as string[]).push("acme-b")).toThrow(TypeError);
    expect(await t.store.grants.get(user.id)).toEqual({ plugins: ["acme-a"], pluginSkills: true });
  });

  test("the epoch moves when a token is revoked, an account removed or grants set, and not on reads", async () => {
    const user = await t.store.accounts.create({ name: "u", role: "user" });
    const { token, record } = await t.store.tokens.issue(user.id);
    const start = t.store.authEpoch();
    expect(await t.store.tokens.verify(token)).toMatchObject({ id: user.id });
    await t.store.grants.get(user.id);
    expect(t.store.authEpoch()).toBe(start);

    await t.store.grants.set(user.id, { plugins: [], pluginSkills: false });
    const afterGrants = t.store.authEpoch();
    expect(afterGrants).not.toBe(start);

    await t.store.tokens.revoke(user.id, record.id);
    const afterRevoke = t.store.authEpoch();
    expect(afterRevoke).not.toBe(afterGrants);
    expect(await t.store.tokens.verify(token)).toBeUndefined();

    await t.store.accounts.remove(user.id);
    expect(t.store.authEpoch()).not.toBe(afterRevoke);
  });
});
