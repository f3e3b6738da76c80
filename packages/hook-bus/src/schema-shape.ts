/** The slice of a zod 4 schema the bus reads: `safeParse` and the documented `_zod.def`. */
export interface SchemaLike {
  safeParse(value: unknown): SafeParse;
  readonly _zod: { readonly def: SchemaDef };
}
type SafeParse =
  | { readonly success: true; readonly data: unknown }
  | { readonly success: false; readonly error: { readonly issues: readonly Issue[] } };
interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}
interface SchemaDef {
  readonly type: string;
  readonly checks?: readonly unknown[];
  readonly shape?: Readonly<Record<string, SchemaLike>>;
  readonly innerType?: SchemaLike;
  readonly options?: readonly SchemaLike[];
}

/** Reads a zod schema through {@link SchemaLike}. */
export function schemaLike(schema: unknown): SchemaLike {
  return schema as SchemaLike;
}

/** The object shapes of a schema: one for an object, one per member of a union of objects. */
export function objectShapes(schema: SchemaLike): Readonly<Record<string, SchemaLike>>[] {
  const def = schema._zod.def;
  if (def.type === "object" && def.shape) return [def.shape];
  if (def.type === "union" && def.options) return def.options.flatMap(objectShapes);
  if (def.innerType) return objectShapes(def.innerType);
  return [];
}

/** True when the schema has object-level refinements a field-by-field check would miss. */
export function hasObjectChecks(schema: SchemaLike): boolean {
  return (schema._zod.def.checks?.length ?? 0) > 0;
}

/** A value test: the fast typeof check for plain strings, numbers and booleans, else zod. */
export function fieldTest(schema: SchemaLike): (value: unknown) => boolean {
  const def = schema._zod.def;
  const plain = (def.checks?.length ?? 0) === 0;
  if (plain && def.type === "string") return (value) => typeof value === "string";
  if (plain && def.type === "boolean") return (value) => typeof value === "boolean";
  if (def.type === "optional" && def.innerType) {
    const inner = fieldTest(def.innerType);
    return (value) => value === undefined || inner(value);
  }
  return (value) => schema.safeParse(value).success;
}

/**
 * `"string"` or `"boolean"` when a value of the schema (absent aside) is just that, with no
 * further checks: a compiled check then tests it with `typeof` inline.
 */
export function plainTypeOf(schema: SchemaLike): "string" | "boolean" | undefined {
  const def = schema._zod.def;
  if (def.type === "optional" && def.innerType) return plainTypeOf(def.innerType);
  if ((def.checks?.length ?? 0) > 0) return undefined;
  return def.type === "string" || def.type === "boolean" ? def.type : undefined;
}

/** True when the field may be absent. */
export function acceptsUndefined(schema: SchemaLike): boolean {
  return schema.safeParse(undefined).success;
}

/** The first problem zod finds with `value`, as "path: message", or undefined when it passes. */
export function firstIssue(schema: SchemaLike, value: unknown, prefix = ""): string | undefined {
  const result = schema.safeParse(value);
  if (result.success) return undefined;
  const issue = result.error.issues[0];
  if (!issue) return "does not match its schema";
  const path = [prefix, ...issue.path.map(String)].filter((part) => part !== "").join(".");
  return path === "" ? issue.message : `${path}: ${issue.message}`;
}
