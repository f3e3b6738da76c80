/** A view payload: a plain object, as it travels in JSON. */
export type ViewPayload = { readonly [key: string]: unknown };

/** The most characters a view id may have (the same cap as a record id). */
export const VIEW_ID_MAX_CHARS = 128;

/**
 * What {@link interactiveViewOf} found: no view (an ordinary row), a valid view with its id, or a
 * malformed one with the reason naming the field and the rule.
 */
export type InteractiveViewOf =
  | { readonly status: "absent" }
  | { readonly status: "valid"; readonly view: ViewPayload; readonly viewId: string }
  | { readonly status: "invalid"; readonly reason: string };

function isPlainObject(value: unknown): value is ViewPayload {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * The common validated view boundary of ShowView results and trace records (answer
 * records): `details` (a result's details or a stored trace
 * record) with neither `view` nor `viewId` is `absent`; one with both, `view` a plain object and
 * `viewId` a string of 1 to `VIEW_ID_MAX_CHARS` characters, is `valid`; anything else is
 * `invalid`, with a reason naming the field. The answer record beside the view is read separately
 * (`questionAnswerOf`), so the approval stays beside the view either way. Total: never throws.
 */
export function interactiveViewOf(details: unknown): InteractiveViewOf {
  if (typeof details !== "object" || details === null) return { status: "absent" };
  const { view, viewId } = details as { view?: unknown; viewId?: unknown };
  if (view === undefined && viewId === undefined) return { status: "absent" };
  const reasons: string[] = [];
  if (!isPlainObject(view)) reasons.push("view: expected an object beside its viewId");
  if (typeof viewId !== "string" || viewId.length === 0 || viewId.length > VIEW_ID_MAX_CHARS)
    reasons.push(
      `viewId: expected a string of 1 to ${VIEW_ID_MAX_CHARS} characters beside its view`,
    );
  if (reasons.length > 0) return { status: "invalid", reason: reasons.join("; ") };
  return { status: "valid", view: view as ViewPayload, viewId: viewId as string };
}
