import { z } from "zod";
import { TODO_ID_PATTERN, TODO_MAX_ITEMS, TODO_STATUSES, TODO_TEXT_MAX_CHARS } from "./limits.js";

/** The state of a todo item. */
export type TodoStatus = (typeof TODO_STATUSES)[number];

/** One item as the model writes it. */
export const TodoInputSchema = z.strictObject({
  id: z
    .string()
    .regex(TODO_ID_PATTERN, "an id is a letter or digit, then up to 63 letters, digits, _ . or -")
    .describe('A short id that stays the same across rewrites, e.g. "1" or "tests".'),
  text: z
    .string()
    .trim()
    .min(1, "an item says what to do")
    .max(TODO_TEXT_MAX_CHARS)
    .describe("What to do, in a few words."),
  status: z.enum(TODO_STATUSES),
});
/** One item as the model writes it. */
export type TodoInput = z.infer<typeof TodoInputSchema>;

/** The TodoWrite tool's arguments: the whole list, in order, ids unique. */
export const TodoWriteArgumentsSchema = z.strictObject({
  todos: z
    .array(TodoInputSchema)
    .max(TODO_MAX_ITEMS)
    .superRefine((todos, ctx) => {
      const seen = new Set<string>();
      todos.forEach((todo, i) => {
        if (seen.has(todo.id))
          ctx.addIssue({
            code: "custom",
            path: [i, "id"],
            message: `duplicate id "${todo.id}": each item has its own id`,
          });
        seen.add(todo.id);
      });
    })
    .describe("The whole list, in order. Items left out are dropped; an empty list clears it."),
});
/** The TodoWrite tool's arguments. */
export type TodoWriteArguments = z.infer<typeof TodoWriteArgumentsSchema>;

/**
 * One item as the plugin keeps it: the model's fields plus display-only timing. `startedAt`
 * (epoch ms) is present while the item is `in_progress`; `durationMs` once it is `completed`,
 * when it was seen in progress first.
 */
export const TodoItemSchema = TodoInputSchema.extend({
  startedAt: z.number().int().nonnegative().optional(),
  durationMs: z.number().nonnegative().optional(),
});
/** One item with its timing. */
export type TodoItem = z.infer<typeof TodoItemSchema>;

function timed(input: TodoInput, previous: TodoItem | undefined, now: number): TodoItem {
  const item: TodoItem = { id: input.id, text: input.text, status: input.status };
  if (input.status === "in_progress") {
    const running = previous?.status === "in_progress" ? previous.startedAt : undefined;
    return { ...item, startedAt: running ?? now };
  }
  if (input.status === "completed") {
    if (previous?.status === "completed")
      return previous.durationMs === undefined
        ? item
        : { ...item, durationMs: previous.durationMs };
    if (previous?.status === "in_progress" && previous.startedAt !== undefined)
      return { ...item, durationMs: Math.max(0, now - previous.startedAt) };
  }
  return item;
}

/**
 * The list after a rewrite, matched to the previous one by id. An item entering `in_progress`
 * starts its clock at `now`; one staying there keeps its `startedAt` across rewrites (its text may
 * change). An item completing after it was in progress freezes `durationMs = now - startedAt`
 * (never negative, if the clock stepped back); a completed item keeps that duration on every later
 * rewrite. An item completed without being seen in progress has no duration: no timing shows as
 * none, not as zero. Going back to `pending` drops the timing; reopening starts a new clock. Pure.
 */
export function rewriteTodos(
  previous: readonly TodoItem[],
  next: readonly TodoInput[],
  now: number,
): TodoItem[] {
  const byId = new Map(previous.map((item) => [item.id, item]));
  return next.map((input) => timed(input, byId.get(input.id), now));
}
