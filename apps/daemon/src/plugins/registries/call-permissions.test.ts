import { describe, expect, test } from "vitest";
import { CALL_PERMISSIONS_MAX, CallPermissions } from "./call-permissions.js";

const ask = { plugin: "acme", decision: "ask", reason: "sure?" } as const;
const allow = { plugin: "other", decision: "allow" } as const;

describe("CallPermissions", () => {
  test("a decision is taken once, by the call it was made for", () => {
    const held = new CallPermissions();
    held.set("s1", "c1", ask);
    expect(held.take("s2", "c1")).toBeUndefined();
    expect(held.take("s1", "c2")).toBeUndefined();
    expect(held.take("s1", "c1")).toEqual(ask);
    expect(held.take("s1", "c1")).toBeUndefined();
  });

  test.each([
    ["ask then allow", [ask, allow], ask],
    ["allow then ask", [allow, ask], ask],
    ["two allows keep the first", [allow, { ...allow, plugin: "third" }], allow],
  ] as const)("of several decisions for one call, ask wins over allow (%s)", (_, said, kept) => {
    const held = new CallPermissions();
    for (const permission of said) held.set("s1", "c1", permission);
    expect(held.take("s1", "c1")).toEqual(kept);
  });

  test(`keeps CALL_PERMISSIONS_MAX (${CALL_PERMISSIONS_MAX}) calls; one more forgets the oldest`, () => {
    const held = new CallPermissions();
    for (let i = 0; i < CALL_PERMISSIONS_MAX; i++) held.set("s1", `c${i}`, allow);
    expect(held.size).toBe(CALL_PERMISSIONS_MAX);
    held.set("s1", "one-more", ask);
    expect(held.size).toBe(CALL_PERMISSIONS_MAX);
    expect(held.take("s1", "c0")).toBeUndefined();
    expect(held.take("s1", "c1")).toEqual(allow);
    expect(held.take("s1", "one-more")).toEqual(ask);
  });
});
