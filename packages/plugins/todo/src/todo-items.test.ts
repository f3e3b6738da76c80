import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import { TODO_MAX_ITEMS, TODO_STATUSES, TODO_TEXT_MAX_CHARS } from "./limits.js";
import {
  rewriteTodos,
  type TodoInput,
  type TodoItem,
  TodoWriteArgumentsSchema,
} from "./todo-items.js";

const todo = (id: string, status: TodoInput["status"], text = `Task ${id}`): TodoInput => ({
  id,
  text,
  status,
});

function issuesOf(input: unknown): string[] {
  const parsed = TodoWriteArgumentsSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
}

describe("the TodoWrite arguments", () => {
  test.each([0, TODO_MAX_ITEMS])("accept a list of %i items", (count) => {
    const todos = Array.from({ length: count }, (_, i) => todo(String(i), "pending"));
    expect(issuesOf({ todos })).toEqual([]);
  });

  test("refuse one item more than the cap, naming the field", () => {
    const todos = Array.from({ length: TODO_MAX_ITEMS + 1 }, (_, i) => todo(String(i), "pending"));
    expect(issuesOf({ todos })).toEqual([
      `todos: Too big: expected array to have <=${TODO_MAX_ITEMS} items`,
    ]);
  });

  test("accept text at its cap and refuse one character more", () => {
    const at = "t".repeat(TODO_TEXT_MAX_CHARS);
    expect(issuesOf({ todos: [todo("a", "pending", at)] })).toEqual([]);
    expect(issuesOf({ todos: [todo("a", "pending", `${at}t`)] })).toEqual([
      `todos.0.text: Too big: expected string to have <=${TODO_TEXT_MAX_CHARS} characters`,
    ]);
  });

  test("refuse blank text", () => {
    expect(issuesOf({ todos: [todo("a", "pending", "   ")] })).toEqual([
      "todos.0.text: an item says what to do",
    ]);
  });

  test("accept a 64-character id and refuse 65 characters or a leading dash", () => {
    const rule = "an id is a letter or digit, then up to 63 letters, digits, _ . or -";
    expect(issuesOf({ todos: [todo("i".repeat(64), "pending")] })).toEqual([]);
    expect(issuesOf({ todos: [todo("i".repeat(65), "pending")] })).toEqual([`todos.0.id: ${rule}`]);
    expect(issuesOf({ todos: [todo("-a", "pending")] })).toEqual([`todos.0.id: ${rule}`]);
  });

  test("refuse a duplicate id, naming the second item", () => {
    expect(issuesOf({ todos: [todo("a", "pending"), todo("a", "completed")] })).toEqual([
      'todos.1.id: duplicate id "a": each item has its own id',
    ]);
  });

  test("refuse a status outside pending, in_progress and completed", () => {
    expect(issuesOf({ todos: [{ id: "a", text: "x", status: "done" }] })[0]).toMatch(
      /^todos\.0\.status: /,
    );
  });

  test("convert to the JSON Schema the model reads", () => {
    const schema = z.toJSONSchema(TodoWriteArgumentsSchema, { io: "input" }) as unknown as {
      properties: { todos: { maxItems: number; items: { properties: { status: unknown } } } };
    };
    expect(schema.properties.todos.maxItems).toBe(TODO_MAX_ITEMS);
    expect(schema.properties.todos.items.properties.status).toEqual({
      type: "string",
      enum: [...TODO_STATUSES],
    });
  });
});

describe("rewriteTodos", () => {
  test("starts the clock when an item enters in_progress", () => {
    expect(rewriteTodos([], [todo("a", "in_progress"), todo("b", "pending")], 1_000)).toEqual([
      { id: "a", text: "Task a", status: "in_progress", startedAt: 1_000 },
      { id: "b", text: "Task b", status: "pending" },
    ]);
  });

  test("keeps the start time across rewrites, also when the text changes", () => {
    const first = rewriteTodos([], [todo("a", "in_progress")], 1_000);
    const second = rewriteTodos(first, [todo("a", "in_progress", "Task a, renamed")], 5_000);
    expect(second).toEqual([
      { id: "a", text: "Task a, renamed", status: "in_progress", startedAt: 1_000 },
    ]);
  });

  test("freezes the duration when an item completes and keeps it on later rewrites", () => {
    const running = rewriteTodos([], [todo("a", "in_progress")], 1_000);
    const done = rewriteTodos(running, [todo("a", "completed")], 4_500);
    expect(done).toEqual([{ id: "a", text: "Task a", status: "completed", durationMs: 3_500 }]);
    expect(rewriteTodos(done, [todo("a", "completed")], 99_000)).toEqual(done);
  });

  test("gives no duration to an item completed without being seen in progress", () => {
    const pending = rewriteTodos([], [todo("a", "pending")], 1_000);
    expect(rewriteTodos(pending, [todo("a", "completed")], 2_000)).toEqual([
      { id: "a", text: "Task a", status: "completed" },
    ]);
    expect(rewriteTodos([], [todo("b", "completed")], 2_000)).toEqual([
      { id: "b", text: "Task b", status: "completed" },
    ]);
  });

  test("drops the timing when an item goes back to pending and starts anew when reopened", () => {
    const running = rewriteTodos([], [todo("a", "in_progress")], 1_000);
    expect(rewriteTodos(running, [todo("a", "pending")], 2_000)).toEqual([
      { id: "a", text: "Task a", status: "pending" },
    ]);
    const done = rewriteTodos(running, [todo("a", "completed")], 3_000);
    expect(rewriteTodos(done, [todo("a", "in_progress")], 7_000)).toEqual([
      { id: "a", text: "Task a", status: "in_progress", startedAt: 7_000 },
    ]);
  });

  test("never freezes a negative duration when the clock steps back", () => {
    const running = rewriteTodos([], [todo("a", "in_progress")], 10_000);
    expect(rewriteTodos(running, [todo("a", "completed")], 9_000)).toEqual([
      { id: "a", text: "Task a", status: "completed", durationMs: 0 },
    ]);
  });

  test("drops items left out and follows the new order", () => {
    const before = rewriteTodos([], [todo("a", "in_progress"), todo("b", "pending")], 1);
    expect(rewriteTodos(before, [todo("c", "pending"), todo("a", "in_progress")], 2)).toEqual([
      { id: "c", text: "Task c", status: "pending" },
      { id: "a", text: "Task a", status: "in_progress", startedAt: 1 },
    ]);
  });

  test("keeps timing to its state over any sequence of rewrites", () => {
    const step = fc.array(
      fc.record({ id: fc.constantFrom("a", "b", "c"), status: fc.constantFrom(...TODO_STATUSES) }),
      { maxLength: 3 },
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(step, fc.nat(1_000_000)), { maxLength: 12 }), (steps) => {
        let items: TodoItem[] = [];
        for (const [inputs, now] of steps) {
          const unique = [...new Map(inputs.map((i) => [i.id, todo(i.id, i.status)])).values()];
          items = rewriteTodos(items, unique, now);
          expect(items.map((i) => i.id)).toEqual(unique.map((i) => i.id));
          for (const item of items) {
            if (item.status === "in_progress") expect(item.startedAt).toBeTypeOf("number");
            else expect(item.startedAt).toBeUndefined();
            if (item.status !== "completed") expect(item.durationMs).toBeUndefined();
            else if (item.durationMs !== undefined)
              expect(item.durationMs).toBeGreaterThanOrEqual(0);
          }
        }
      }),
    );
  });
});
