import { describe, expect, test } from "vitest";
import type { Store } from "../store/store.js";
import type { AccountRecord } from "../store/types.js";
import { AdmittedTokens } from "./auth.js";

const account: AccountRecord = { id: 7, name: "u", role: "user", createdAt: 0 };

/** A store whose token lookups wait until the test lets them answer. */
function slowStore() {
  let epoch = 0;
  const waiting: (() => void)[] = [];
  const store = {
    authEpoch: () => epoch,
    tokens: {
      verify: (token: string) =>
        new Promise<AccountRecord | undefined>((resolve) =>
          waiting.push(() => resolve(token === "good" ? account : undefined)),
        ),
    },
    grants: { get: async () => ({ plugins: ["acme-a"], pluginSkills: true }) },
  } as unknown as Store;
  return {
    store,
    bump: () => {
      epoch += 1;
    },
    answer: () => {
      for (const resolve of waiting.splice(0)) resolve();
    },
  };
}

describe("AdmittedTokens", () => {
  test("a token verified while the epoch stays the same is remembered, with frozen grants", async () => {
    const s = slowStore();
    const tokens = new AdmittedTokens(s.store);
    const verifying = tokens.verify("good");
    s.answer();
    const admitted = await verifying;
    expect(tokens.get("good")).toBe(admitted);
    expect(Object.isFrozen(admitted?.grants)).toBe(true);
    expect(admitted?.access("web")).toBe(admitted?.access("web"));
    expect(admitted?.access("web").surface).toBe("web");
    // Any change of the epoch retires every remembered token.
    s.bump();
    expect(tokens.get("good")).toBeUndefined();
  });

  test("a lookup that raced an epoch change admits its request but is not remembered", async () => {
    const s = slowStore();
    const tokens = new AdmittedTokens(s.store);
    const verifying = tokens.verify("good");
    s.bump(); // e.g. the token was revoked while its lookup ran
    s.answer();
    expect(await verifying).toBeDefined();
    expect(tokens.get("good")).toBeUndefined();
  });

  test("an unknown token is never remembered", async () => {
    const s = slowStore();
    const tokens = new AdmittedTokens(s.store);
    const verifying = tokens.verify("nope");
    s.answer();
    expect(await verifying).toBeUndefined();
    expect(tokens.get("nope")).toBeUndefined();
  });
});
