import { expectTypeOf, test } from "vitest";
import { isRecord, type UnknownRecord } from "./is-record.js";

test("narrows unknown to a record of unknown values", () => {
  const value: unknown = JSON.parse("{}");
  if (isRecord(value)) {
    expectTypeOf(value).toEqualTypeOf<UnknownRecord>();
    expectTypeOf(value.anything).toEqualTypeOf<unknown>();
  }
});

test("removes arrays and null from a union", () => {
  const value = JSON.parse("{}") as { a: number } | string[] | null;
  if (isRecord(value)) expectTypeOf(value).toEqualTypeOf<{ a: number }>();
});
