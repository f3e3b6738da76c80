import { describe, expect, test } from "vitest";
import { z } from "zod";
import {
  CHAIN_ENGINE_FIELDS,
  CHAIN_EVENT_NAMES,
  CHAIN_KEY_FIELDS,
  CHAIN_PINNED_FIELDS,
  CHAIN_SCHEMAS,
} from "./chains.js";

function fieldsOf(schema: z.ZodType): string[] {
  let current: unknown = schema;
  // unwrap refinements/pipes down to the object shape
  for (let i = 0; i < 5; i++) {
    if (current instanceof z.ZodObject) return Object.keys(current.shape);
    const def = (current as { _zod?: { def?: { in?: unknown; schema?: unknown } } })._zod?.def;
    current = def?.in ?? def?.schema;
  }
  return [];
}

describe("chain metadata", () => {
  test("every event has an input and a result schema", () => {
    expect(Object.keys(CHAIN_SCHEMAS).sort()).toEqual([...CHAIN_EVENT_NAMES].sort());
  });

  test.each(CHAIN_EVENT_NAMES.map((e) => [e]))(
    "the pinned, engine and key fields of %s are fields of its input",
    (event) => {
      const fields = fieldsOf(CHAIN_SCHEMAS[event].input);
      expect(fields.length).toBeGreaterThan(event === "prompt.read" ? -1 : 0);
      const named = [
        ...CHAIN_PINNED_FIELDS[event],
        ...(CHAIN_ENGINE_FIELDS[event] ?? []),
        ...(CHAIN_KEY_FIELDS[event] ? [CHAIN_KEY_FIELDS[event]] : []),
      ];
      for (const field of named) expect(fields).toContain(field);
    },
  );

  test("prompt.submit pins origin, command and isMeta, and keeps the engine's attachments", () => {
    expect(CHAIN_PINNED_FIELDS["prompt.submit"]).toEqual(
      expect.arrayContaining(["origin", "command", "isMeta"]),
    );
    expect(CHAIN_ENGINE_FIELDS["prompt.submit"]).toEqual(["attachments"]);
  });

  test("a prompt.submit result is the prompt that entered or a drop, never both", () => {
    const schema = CHAIN_SCHEMAS["prompt.submit"].result;
    expect(schema.safeParse({ text: "hi" }).success).toBe(true);
    expect(schema.safeParse({ drop: "no" }).success).toBe(true);
    expect(schema.safeParse({ text: "hi", drop: "no" }).success).toBe(false);
  });

  test("an attachment of an undeclared type may not carry detail", () => {
    const schema = CHAIN_SCHEMAS["prompt.attachment"].input;
    const origin = { kind: "engine" };
    expect(schema.safeParse({ type: "todo_reminder", text: "x", origin }).success).toBe(true);
    expect(schema.safeParse({ type: "todo_reminder", text: "x", origin, detail: {} }).success).toBe(
      false,
    );
    expect(
      schema.safeParse({
        type: "plan_mode",
        text: "x",
        origin,
        detail: { reminder: "sparse", planFilePath: "/p", hasPlan: true },
      }).success,
    ).toBe(true);
    expect(
      schema.safeParse({
        type: "plan_mode",
        text: "x",
        origin,
        detail: { reminder: "loud", planFilePath: "/p", hasPlan: true },
      }).success,
    ).toBe(false);
  });
});
