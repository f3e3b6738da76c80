import { RUN_BOUNDARY_MESSAGE_MAX_BYTES } from "@elowen/plugin-api/limits";
import type { RunBoundaryPayload } from "@elowen/plugin-api/run-boundary";
import { describe, expect, test } from "vitest";
import { REMINDER_ITEM_TEXT_CHARS, reminderNote, settleReminder } from "./reminder.js";
import type { TodoItem } from "./todo-items.js";

const running = (id: string, text = `Task ${id}`): TodoItem => ({
  id,
  text,
  status: "in_progress",
  startedAt: 1,
});
const payload = (overrides: Partial<RunBoundaryPayload> = {}): RunBoundaryPayload => ({
  sessionId: "s1",
  outcome: "completed",
  continuationAllowed: true,
  continuationsUsed: 0,
  ...overrides,
});
const bytes = (text: string) => Buffer.byteLength(text, "utf8");

describe("reminderNote", () => {
  test("names the one item still in progress, as the seed's example does", () => {
    expect(
      reminderNote([
        { id: "6", text: "Done already", status: "completed" },
        running("7", "TASK 7"),
        { id: "8", text: "Later", status: "pending" },
      ]),
    ).toBe(
      'Todo: "TASK 7" (id 7) is still in_progress. Finish it, or update the list with TodoWrite (completed, or back to pending) before you stop.',
    );
  });

  test("names several items in progress", () => {
    expect(reminderNote([running("a"), running("b")])).toBe(
      'Todo: "Task a" (id a), "Task b" (id b) are still in_progress. Finish them, or update the list with TodoWrite (completed, or back to pending) before you stop.',
    );
  });

  test("says nothing when no item is in progress", () => {
    expect(reminderNote([])).toBeUndefined();
    expect(reminderNote([{ id: "a", text: "x", status: "pending" }])).toBeUndefined();
  });

  test("cuts an item's text at its cap inside the note", () => {
    const note = reminderNote([running("a", "é".repeat(REMINDER_ITEM_TEXT_CHARS + 1))]);
    expect(note).toContain(`"${"é".repeat(REMINDER_ITEM_TEXT_CHARS - 1)}…" (id a)`);
    const fits = reminderNote([running("a", "é".repeat(REMINDER_ITEM_TEXT_CHARS))]);
    expect(fits).toContain(`"${"é".repeat(REMINDER_ITEM_TEXT_CHARS)}" (id a)`);
  });

  test("stays within the run boundary's message cap, counting the items it leaves out", () => {
    const many = Array.from({ length: 100 }, (_, i) => running(`item-${i}`, "é".repeat(500)));
    const note = reminderNote(many) ?? "";
    expect(bytes(note)).toBeLessThanOrEqual(RUN_BOUNDARY_MESSAGE_MAX_BYTES);
    const listed = note.match(/\(id item-\d+\)/g)?.length ?? 0;
    expect(listed).toBeGreaterThan(0);
    expect(note).toContain(` and ${100 - listed} more are still in_progress.`);
  });
});

describe("settleReminder", () => {
  test("appends the note and asks for the continuation while one is allowed", () => {
    const decision = settleReminder(payload(), [running("7", "TASK 7")], undefined);
    expect(decision.patch).toEqual({
      boundary: {
        entries: [{ kind: "message", text: decision.spoken }],
        continue: true,
      },
    });
  });

  test("appends nothing once the same note was already spoken", () => {
    const first = settleReminder(payload(), [running("7")], undefined);
    expect(
      settleReminder(
        payload({ continuationAllowed: false, continuationsUsed: 1 }),
        [running("7")],
        first.spoken,
      ),
    ).toEqual({});
    expect(settleReminder(payload(), [running("7")], first.spoken)).toEqual({});
  });

  test("speaks a changed list again", () => {
    const first = settleReminder(payload(), [running("7")], undefined);
    const next = settleReminder(payload(), [running("8")], first.spoken);
    expect(next.spoken).toContain("(id 8)");
  });

  test("appends the note without continue when no continuation is allowed and it was not spoken", () => {
    const decision = settleReminder(
      payload({ continuationAllowed: false, continuationsUsed: 1 }),
      [running("7")],
      undefined,
    );
    expect(decision.patch?.boundary).toEqual({
      entries: [{ kind: "message", text: decision.spoken }],
    });
  });

  test.each(["aborted", "error", "refusal"] as const)(
    "stays quiet when the run ended %s",
    (outcome) => {
      expect(settleReminder(payload({ outcome }), [running("7")], undefined)).toEqual({});
    },
  );

  test("stays quiet when nothing is in progress", () => {
    expect(
      settleReminder(payload(), [{ id: "a", text: "x", status: "completed" }], undefined),
    ).toEqual({});
  });
});
