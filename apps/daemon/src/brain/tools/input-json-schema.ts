import { z } from "zod";

const converted = new WeakMap<z.ZodType, Record<string, unknown>>();

/**
 * The JSON Schema the model reads for a tool's zod parameters (their input side), converted once
 * per schema object: the host's own tools and code mode's wrappers are offered on every turn, and
 * the conversion cost more than the rest of composing the tool surface. The answer is shared:
 * callers must not change it. Throws what `z.toJSONSchema` throws for a schema it cannot convert.
 */
export function inputJsonSchema(schema: z.ZodType): Record<string, unknown> {
  let json = converted.get(schema);
  if (json === undefined) {
    json = z.toJSONSchema(schema, { io: "input" }) as Record<string, unknown>;
    converted.set(schema, json);
  }
  return json;
}
