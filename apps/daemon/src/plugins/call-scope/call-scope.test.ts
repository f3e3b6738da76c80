import type { Access } from "@elowen/plugin-api/access";
import { describe, expect, test } from "vitest";
import { accountAccess, currentAccess, runWithAccess, UNLINKED_ACCESS } from "./access-scope.js";
import { runInCall } from "./call-scope.js";
import { currentTurn, runInTurn, type TurnScope } from "./turn-scope.js";

const alice: Access = accountAccess({ id: 1, role: "user" }, "web", []);
const bob: Access = accountAccess({ id: 2, role: "admin" }, "cli", []);
const turn: TurnScope = { sessionId: "s1", turnId: "t1", kind: "interactive", interactive: true };
const other: TurnScope = { sessionId: "s2", turnId: "t2", kind: "cron", interactive: false };
const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe("call scope: access and turn in one storage", () => {
  test("outside any scope there is no turn and the access is unlinked", () => {
    expect(currentAccess()).toBe(UNLINKED_ACCESS);
    expect(currentTurn()).toBeUndefined();
  });

  test("a turn entered inside an access keeps the access, and the reverse, across awaits", async () => {
    await runWithAccess(alice, () =>
      runInTurn(turn, async () => {
        await tick();
        expect(currentAccess()).toBe(alice);
        expect(currentTurn()).toBe(turn);
      }),
    );
    await runInTurn(turn, () =>
      runWithAccess(bob, async () => {
        await tick();
        expect(currentTurn()).toBe(turn);
        expect(currentAccess()).toBe(bob);
      }),
    );
  });

  test("an inner scope replaces only its own half, and the outer one is back after it", async () => {
    await runWithAccess(alice, () =>
      runInTurn(turn, async () => {
        await runWithAccess(bob, async () => {
          await tick();
          expect(currentAccess()).toBe(bob);
          expect(currentTurn()).toBe(turn);
        });
        await runInTurn(other, async () => {
          await tick();
          expect(currentTurn()).toBe(other);
          expect(currentAccess()).toBe(alice);
        });
        expect(currentAccess()).toBe(alice);
        expect(currentTurn()).toBe(turn);
      }),
    );
    expect(currentAccess()).toBe(UNLINKED_ACCESS);
  });

  test("runInCall sets both halves in one run, across awaits", async () => {
    await runWithAccess(bob, () =>
      runInCall({ access: alice, turn }, async () => {
        await tick();
        expect(currentAccess()).toBe(alice);
        expect(currentTurn()).toBe(turn);
      }),
    );
  });
});
