import { describe, expect, test } from "vitest";
import { BrainCardSchema, isEmptyCard } from "./cards.js";
import { McpStatusRowSchema, PLUGIN_MCP_AUTH_STATES } from "./status.js";

describe("cards", () => {
  test("a card with no title, text or items is empty and removes its id", () => {
    expect(isEmptyCard({ id: "todo" })).toBe(true);
    expect(isEmptyCard({ id: "todo", items: [] })).toBe(true);
    expect(isEmptyCard({ id: "todo", title: "Todo" })).toBe(false);
  });

  test("items carry optional display-only timing", () => {
    const card = BrainCardSchema.parse({
      id: "todo",
      pinned: true,
      items: [
        { text: "write tests", status: "running", startedAt: 1_700_000_000_000 },
        { text: "ship", status: "completed", durationMs: 4200 },
        { text: "older card without a clock" },
      ],
    });
    expect(card.items?.map((i) => i.durationMs ?? null)).toEqual([null, 4200, null]);
  });

  test.each([
    [200, true],
    [201, false],
  ])("a card of %i items is valid: %s", (n, valid) => {
    expect(
      BrainCardSchema.safeParse({
        id: "c",
        items: Array.from({ length: n }, () => ({ text: "x" })),
      }).success,
    ).toBe(valid);
  });
});

describe("MCP status rows", () => {
  test("know exactly five auth states", () => {
    expect(PLUGIN_MCP_AUTH_STATES).toEqual([
      "none",
      "signed-in",
      "needs-sign-in",
      "error",
      "unsupported",
    ]);
  });

  test("drop unknown fields and refuse unknown states", () => {
    expect(
      McpStatusRowSchema.parse({
        name: "docs",
        status: "connected",
        auth: { state: "signed-in", token: "secret" },
        url: "x",
      }),
    ).toEqual({
      name: "docs",
      status: "connected",
      auth: { state: "signed-in" },
    });
    expect(
      McpStatusRowSchema.safeParse({ name: "docs", status: "connected", auth: { state: "maybe" } })
        .success,
    ).toBe(false);
  });
});
