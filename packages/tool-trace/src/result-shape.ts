/**
 * Why a value a nested tool resolved with is not a `ToolResult` (a plugin written in plain
 * JavaScript can return anything), naming the field; undefined when it is one. The trace reads
 * `content` (text and image blocks), `details` and `isError`, so those are what is checked.
 */
export function resultProblem(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return `result: expected an object { content }, received ${value === null ? "null" : Array.isArray(value) ? "an array" : typeof value}`;
  const { content, details, isError } = value as Record<string, unknown>;
  if (!Array.isArray(content)) return "result.content: expected an array of text and image blocks";
  for (const [i, block] of content.entries()) {
    const b = block as Record<string, unknown> | null;
    const text = b?.type === "text" && typeof b.text === "string";
    const image =
      b?.type === "image" && typeof b.data === "string" && typeof b.mimeType === "string";
    if (!text && !image)
      return `result.content[${i}]: expected { type: "text", text } or { type: "image", data, mimeType }`;
  }
  if (
    details !== undefined &&
    (typeof details !== "object" || details === null || Array.isArray(details))
  )
    return "result.details: expected an object";
  if (isError !== undefined && typeof isError !== "boolean")
    return "result.isError: expected a boolean";
  return undefined;
}
