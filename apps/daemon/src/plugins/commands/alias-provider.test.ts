import type { Access } from "@elowen/plugin-api/access";
import type { CommandProvider } from "@elowen/plugin-api/commands";
import { describe, expect, test } from "vitest";
import { COMMAND_PROVIDER_BUDGET_MS, type ProviderTimers } from "./alias-provider.js";
import { CommandRegistry } from "./command-registry.js";

const access: Access = {
  userId: 1,
  role: "owner",
  isAdmin: true,
  isOwner: true,
  surface: "web",
  allAccess: false,
} as Access;

/** Timers fired by hand: `fire()` runs every pending one and says which delays they had. */
function handTimers() {
  const pending = new Map<number, { run: () => void; ms: number }>();
  let next = 0;
  const timers: ProviderTimers = {
    setTimeout: (run, ms) => {
      pending.set(++next, { run, ms });
      return next;
    },
    clearTimeout: (handle) => pending.delete(handle as number),
  };
  const fire = () => {
    const delays = [...pending.values()].map((t) => t.ms);
    for (const [key, timer] of [...pending]) {
      pending.delete(key);
      timer.run();
    }
    return delays;
  };
  return { timers, fire, pending };
}

function catalogWith(provider: unknown, timers?: ProviderTimers) {
  const lines: string[] = [];
  const registry = new CommandRegistry((line) => lines.push(line), timers);
  registry.addProvider("hostile", provider as CommandProvider, false);
  registry.addProvider(
    "good",
    async () => [{ name: "hi", description: "say hi", target: "/x" }],
    false,
  );
  return { registry, lines };
}

const aliasNames = (rows: { name: string; mechanism: string }[]) =>
  rows.filter((row) => row.mechanism === "alias").map((row) => row.name);

describe("the command catalog survives any value from an alias provider", () => {
  test.each([
    [
      "throws null",
      () => {
        throw null;
      },
    ],
    [
      "throws undefined",
      () => {
        throw undefined;
      },
    ],
    ["rejects with a number", () => Promise.reject(5)],
    ["answers null", async () => null],
    ["answers an object", async () => ({ length: 1 })],
    [
      "answers a thenable whose then throws",
      () =>
        // biome-ignore lint/suspicious/noThenProperty: a hostile thenable is what this test feeds the catalog
        Object.defineProperty({}, "then", {
          get() {
            throw null;
          },
        }),
    ],
    [
      "answers a thenable that throws when called",
      () =>
        // biome-ignore lint/suspicious/noThenProperty: a hostile thenable is what this test feeds the catalog
        Object.defineProperty({}, "then", {
          value: () => {
            throw null;
          },
        }),
    ],
    [
      "answers an alias whose name getter throws null",
      async () => [
        {
          get name() {
            throw null;
          },
        },
      ],
    ],
    [
      "answers a Proxy that throws on every read",
      async () => [
        new Proxy(
          {},
          {
            get() {
              throw null;
            },
          },
        ),
      ],
    ],
    ["answers aliases of the wrong shape", async () => [null, 3, { name: 5 }, { name: "ok" }]],
  ])("a provider that %s is left out and the rest of the catalog answers", async (_, provider) => {
    const { registry, lines } = catalogWith(provider);
    const rows = await registry.catalog("web", access);
    expect(aliasNames(rows)).toEqual(["hi"]);
    expect(lines.some((line) => line.includes("hostile"))).toBe(true);
  });

  test("a provider that never answers is skipped at its deadline", async () => {
    const { timers, fire } = handTimers();
    const { registry, lines } = catalogWith(() => new Promise(() => {}), timers);
    const answer = registry.catalog("web", access);
    await new Promise((resolve) => setImmediate(resolve));
    expect(fire()).toContain(COMMAND_PROVIDER_BUDGET_MS);
    expect(aliasNames(await answer)).toEqual(["hi"]);
    expect(lines).toEqual([expect.stringContaining("hostile took longer than")]);
  });

  test("a provider that answers in time clears its deadline", async () => {
    const { timers, pending } = handTimers();
    const { registry } = catalogWith(
      async () => [{ name: "yo", description: "d", target: "/y" }],
      timers,
    );
    expect(aliasNames(await registry.catalog("web", access))).toEqual(["yo", "hi"]);
    expect(pending.size).toBe(0);
  });
});
