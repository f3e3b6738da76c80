import { CONTEXT_CLEARED_ENTRY, TURN_CONTEXT_ENTRY } from "@elowen/plugin-api/journal";
import { describe, expect, test } from "vitest";
import { renderTurnContext } from "./turn-context.js";
import {
  formatTurnContext,
  parseTurnContextRecord,
  replayTurnContext,
  type TurnContextRecord,
} from "./turn-context-record.js";

const record = (over: Partial<TurnContextRecord> = {}): TurnContextRecord => ({
  type: TURN_CONTEXT_ENTRY,
  v: 1,
  plugin: "acme",
  name: "clock",
  placement: "before-user",
  text: "It is noon.",
  turnId: "t-1",
  at: 1,
  ...over,
});

describe("replayTurnContext", () => {
  test("frames before-user records ahead of the user's words and after-user ones behind", () => {
    const blocks = replayTurnContext("What time is it?", [
      record({ name: "clock" }),
      record({ name: "ticket", placement: "after-user", text: "Ticket 7 is open." }),
      record({ name: "tz", text: "Zone: UTC." }),
    ]);
    expect(blocks).toEqual([
      { type: "text", text: '<turn-context source="acme:clock">\nIt is noon.\n</turn-context>' },
      { type: "text", text: '<turn-context source="acme:tz">\nZone: UTC.\n</turn-context>' },
      { type: "text", text: "What time is it?" },
      {
        type: "text",
        text: '<turn-context source="acme:ticket">\nTicket 7 is open.\n</turn-context>',
      },
    ]);
  });

  test("keeps the user's own blocks (an image) unchanged and in place", () => {
    const image = { type: "image", data: "AAAA", mimeType: "image/png" };
    const blocks = replayTurnContext([{ type: "text", text: "see" }, image], [record()]);
    expect(blocks.slice(1)).toEqual([{ type: "text", text: "see" }, image]);
  });

  test("with no record the user's content comes back alone", () => {
    expect(replayTurnContext("hi", [])).toEqual([{ type: "text", text: "hi" }]);
  });

  test("replays byte-identically what a composition produced, so the provider cache holds", async () => {
    const clock = { now: () => 5 };
    const args = { sessionId: "s", turnId: "t", userId: null, text: "q", surface: "web" as const };
    const { records } = await renderTurnContext(
      [{ plugin: "acme", name: "clock", placement: "before-user", provider: () => "noon" }],
      args,
      { clock },
    );
    const stored = JSON.parse(JSON.stringify(records)) as unknown[];
    const restored = stored.map(parseTurnContextRecord).filter((r) => r !== undefined);
    expect(replayTurnContext("q", restored)).toEqual(replayTurnContext("q", records));
    expect(formatTurnContext(restored[0] as TurnContextRecord)).toBe(
      '<turn-context source="acme:clock">\nnoon\n</turn-context>',
    );
  });
});

describe("parseTurnContextRecord", () => {
  test("reads back a stored record", () => {
    expect(parseTurnContextRecord(JSON.parse(JSON.stringify(record())))).toEqual(record());
  });

  test.each([
    ["a retired record", { ...record(), type: CONTEXT_CLEARED_ENTRY }],
    ["another version", { ...record(), v: 2 }],
    ["an unknown placement", { ...record(), placement: "middle" }],
    ["a missing text", { ...record(), text: undefined }],
    ["a non-finite time", { ...record(), at: Number.NaN }],
    ["null", null],
    ["a string", "elowen.turn-context"],
  ])("refuses %s", (_name, value) => {
    expect(parseTurnContextRecord(value)).toBeUndefined();
  });
});
