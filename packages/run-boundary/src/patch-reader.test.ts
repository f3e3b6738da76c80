import {
  RUN_BOUNDARY_MAX_ENTRIES,
  RUN_BOUNDARY_MESSAGE_MAX_BYTES,
  RUN_BOUNDARY_RECORD_MAX_BYTES,
} from "@elowen/plugin-api/limits";
import { describe, expect, test } from "vitest";
import { utf8Bytes } from "./entry-size.js";
import { readPatch } from "./patch-reader.js";
import type { RunBoundaryProblem } from "./problems.js";

function read(patch: unknown) {
  const problems: RunBoundaryProblem[] = [];
  return { ...readPatch("acme", patch, problems), problems };
}
const message = (text: string) => ({ kind: "message" as const, text });
/** A record whose `{ kind, type, data }` JSON is exactly `bytes` long, ending in `tail`. */
function recordOf(bytes: number, tail = "") {
  const empty = JSON.stringify({ kind: "record", type: "t", data: "" });
  const fill = "a".repeat(bytes - utf8Bytes(empty) - utf8Bytes(tail));
  return { kind: "record" as const, type: "t", data: `${fill}${tail}` };
}

describe("entries per patch", () => {
  test(`${RUN_BOUNDARY_MAX_ENTRIES} entries are all accepted; the fifth is refused`, () => {
    const four = Array.from({ length: 4 }, (_, i) => message(`note ${i}`));
    expect(read({ entries: four }).entries).toHaveLength(4);
    const five = read({ entries: [...four, message("one too many")] });
    expect(five.entries).toEqual(four);
    expect(five.problems).toEqual([
      expect.objectContaining({
        code: "boundary.too_many_entries",
        entryIndex: 4,
        pluginName: "acme",
      }),
    ]);
  });
});

describe("message notes are refused over 1024 bytes of UTF-8, never cut", () => {
  test.each([
    ["1024 ASCII bytes", "a".repeat(1024)],
    ["1022 bytes and a two-byte é ending at byte 1024", `${"a".repeat(1022)}é`],
    ["1021 bytes and a three-byte € ending at byte 1024", `${"a".repeat(1021)}€`],
    ["1020 bytes and a four-byte emoji ending at byte 1024", `${"a".repeat(1020)}😀`],
  ])("%s: accepted whole", (_label, text) => {
    expect(utf8Bytes(text)).toBe(RUN_BOUNDARY_MESSAGE_MAX_BYTES);
    expect(read({ entries: [message(text)] })).toMatchObject({
      entries: [message(text)],
      hasMessage: true,
      problems: [],
    });
  });

  test.each([
    ["1025 ASCII bytes", "a".repeat(1025)],
    ["a two-byte é straddling byte 1024", `${"a".repeat(1023)}é`],
    ["a three-byte € straddling byte 1024", `${"a".repeat(1022)}€`],
    ["a four-byte emoji straddling byte 1024", `${"a".repeat(1021)}😀`],
  ])("%s: refused whole, with its size", (_label, text) => {
    const result = read({ entries: [message(text)] });
    expect(result.entries).toEqual([]);
    expect(result.hasMessage).toBe(false);
    expect(result.problems).toEqual([
      expect.objectContaining({
        code: "boundary.message_too_large",
        entryIndex: 0,
        message: expect.stringMatching(
          new RegExp(`this one is ${utf8Bytes(text)}, so it is refused, not cut`),
        ),
      }),
    ]);
  });

  test.each(["", "   \n"])("a blank note %j is refused", (text) => {
    expect(read({ entries: [message(text)] }).problems[0]?.code).toBe("boundary.message_empty");
  });
});

describe("records are refused over 4096 bytes of UTF-8 JSON, never cut", () => {
  test.each([
    ["ASCII", ""],
    ["a two-byte é at the end", "é"],
    ["a four-byte emoji at the end", "😀"],
  ])("exactly 4096 bytes with %s: accepted", (_label, tail) => {
    const record = recordOf(RUN_BOUNDARY_RECORD_MAX_BYTES, tail);
    expect(utf8Bytes(JSON.stringify(record))).toBe(4096);
    expect(read({ entries: [record] })).toMatchObject({
      entries: [record],
      hasMessage: false,
      problems: [],
    });
  });

  test.each([
    ["ASCII", ""],
    ["a two-byte é at the end", "é"],
    ["a four-byte emoji at the end", "😀"],
  ])("4097 bytes with %s: refused", (_label, tail) => {
    const record = recordOf(RUN_BOUNDARY_RECORD_MAX_BYTES + 1, tail);
    const result = read({ entries: [record] });
    expect(result.entries).toEqual([]);
    expect(result.problems[0]).toMatchObject({
      code: "boundary.record_too_large",
      message: expect.stringMatching(/this one is 4097/),
    });
  });

  test("a record's size counts JSON escapes: quotes and control characters take more bytes", () => {
    const quotes = recordOf(RUN_BOUNDARY_RECORD_MAX_BYTES);
    const escaped = { ...quotes, data: `${quotes.data.slice(1)}"` };
    expect(read({ entries: [escaped] }).problems[0]?.code).toBe("boundary.record_too_large");
  });

  test.each([
    ["NaN", Number.NaN],
    ["undefined", undefined],
    ["a Date", new Date(0)],
  ])("a record whose data is %s is refused", (_label, data) => {
    const result = read({ entries: [{ kind: "record", type: "t", data }] });
    expect(result.problems[0]?.code).toBe("boundary.record_not_json");
  });

  test("an accepted record is a copy: changing the plugin's object later changes nothing", () => {
    const data = { step: 1 };
    const result = read({ entries: [{ kind: "record", type: "progress", data }] });
    data.step = 2;
    expect(result.entries).toEqual([{ kind: "record", type: "progress", data: { step: 1 } }]);
  });
});

describe("the shape of a patch", () => {
  test.each([
    ["not an object", "continue"],
    ["without entries", { continue: true }],
    ["with entries that are not a list", { entries: {} }],
    ["with a key of its own", { entries: [], priority: 1 }],
    ["with continue that is not a boolean", { entries: [], continue: "yes" }],
  ])("a patch %s is refused whole", (_label, patch) => {
    const result = read(patch);
    expect(result).toMatchObject({ entries: [], continueRequested: false });
    expect(result.problems[0]?.code).toBe("boundary.malformed_patch");
  });

  test("a malformed entry is refused alone; the others stand", () => {
    const result = read({
      entries: [
        message("kept"),
        { kind: "note", text: "x" },
        { kind: "record", type: "", data: 1 },
      ],
      continue: true,
    });
    expect(result.entries).toEqual([message("kept")]);
    expect(result.continueRequested).toBe(true);
    expect(result.problems.map((p) => [p.code, p.entryIndex])).toEqual([
      ["boundary.malformed_entry", 1],
      ["boundary.malformed_entry", 2],
    ]);
  });
});
