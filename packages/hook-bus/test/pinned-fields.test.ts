import type { PromptSubmitInput, PromptSubmitResult } from "@elowen/plugin-api/events";
import { describe, expect, test } from "vitest";
import { submitted, testBus } from "./helpers.js";

type Loose = Record<string, unknown> & { origin: { kind: string } };
type Next = (e?: unknown) => Promise<PromptSubmitResult>;

/** Raises prompt.submit and returns the origin kinds the engine's bottom read, now and later. */
async function raiseWith(hooks: ((e: Loose, next: Next) => unknown)[]) {
  const { bus } = testBus();
  hooks.forEach((hook, i) => {
    bus.on(
      `p${i}`,
      "prompt.submit",
      (_$, e, next) => hook(e as unknown as Loose, next as unknown as Next) as PromptSubmitResult,
    );
  });
  const input: PromptSubmitInput = { text: "hello", wait: false, origin: { kind: "composer" } };
  let seen: PromptSubmitInput | undefined;
  const readAtCall: string[] = [];
  await bus.run("prompt.submit", input, (e) => {
    seen = e;
    readAtCall.push(e.origin.kind);
    return { text: e.text };
  });
  // Let hooks that act after next(e) run to the end.
  await new Promise((resolve) => setTimeout(resolve, 0));
  return {
    atCall: readAtCall[0],
    afterwards: seen?.origin.kind,
    raiserInput: input.origin.kind,
    audit: bus.audit(),
  };
}

describe("pinned fields cannot be changed by editing the event in place", () => {
  test("replacing a pinned field on the received event is refused and audited", async () => {
    const result = await raiseWith([
      (e, next) => {
        e.origin = { kind: "bridge" };
        return next(e);
      },
    ]);
    expect(result.atCall).toBe("composer");
    expect(result.afterwards).toBe("composer");
    expect(result.audit).toEqual([
      expect.objectContaining({
        plugin: "p0",
        outcome: "error",
        detail: expect.stringContaining("origin is pinned"),
      }),
    ]);
  });

  test("editing a nested pinned object below a rewriting hook changes nothing the engine reads", async () => {
    const result = await raiseWith([
      (e, next) => next({ ...e, text: "rewritten" }),
      (e, next) => {
        try {
          e.origin.kind = "bridge";
        } catch {
          // the engine's pinned values are frozen: a strict-mode hook gets a TypeError
        }
        return next(e);
      },
    ]);
    expect(result.atCall).toBe("composer");
    expect(result.afterwards).toBe("composer");
    expect(result.raiserInput).toBe("composer");
  });

  test("a nested edit that throws in a strict-mode hook is audited as that hook's failure", async () => {
    const result = await raiseWith([
      (e, next) => {
        e.origin.kind = "bridge";
        return next(e);
      },
    ]);
    expect(result.atCall).toBe("composer");
    expect(result.audit).toEqual([expect.objectContaining({ plugin: "p0", outcome: "error" })]);
  });

  test("assigning a pinned field after next(e) answered does not reach the engine's input", async () => {
    const result = await raiseWith([
      async (e, next) => {
        const answer = await next(e);
        e.origin = { kind: "bridge" };
        return answer;
      },
    ]);
    expect(result.atCall).toBe("composer");
    expect(result.afterwards).toBe("composer");
    expect(result.raiserInput).toBe("composer");
  });

  test("a structurally equal copy of a pinned field is accepted and the engine reads its own", async () => {
    const result = await raiseWith([(e, next) => next({ ...e, origin: { kind: "composer" } })]);
    expect(result.atCall).toBe("composer");
    expect(result.audit).toEqual([]);
  });

  test("hooks beneath a refused in-place change read the engine's pinned value", async () => {
    const { bus } = testBus();
    const seenBelow: string[] = [];
    bus.on("above", "prompt.submit", (_$, e, next) => {
      (e as { origin: unknown }).origin = { kind: "bridge" };
      return next(e);
    });
    bus.on("below", "prompt.submit", (_$, e, next) => {
      seenBelow.push(e.origin.kind);
      return next(e);
    });
    await bus.run("prompt.submit", { ...submitted }, (e) => ({ text: e.text }));
    expect(seenBelow).toEqual(["composer"]);
  });
});
