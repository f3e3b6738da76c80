import { describeValue } from "@elowen/plugin-shared/errors";
import type { ChainRules } from "./chain-rule-types.js";
import { HookBusError } from "./errors.js";
import { isPlainObject, sameValue } from "./same-value.js";

/** A compiled matcher: true when every field condition holds for the event. */
export type CompiledMatcher = (event: Readonly<Record<string, unknown>>) => boolean;

type FieldCheck = (value: unknown) => boolean;

function fieldCheck(condition: unknown): FieldCheck {
  if (condition instanceof RegExp) {
    return (value) => {
      if (typeof value !== "string") return false;
      condition.lastIndex = 0;
      return condition.test(value);
    };
  }
  if (typeof condition === "function") {
    const predicate = condition as (value: unknown) => unknown;
    return (value) => predicate(value) === true;
  }
  if (typeof condition === "object" && condition !== null)
    return (value) => sameValue(value, condition);
  return (value) => Object.is(value, condition);
}

/**
 * Compiles `on(event, matcher, hook)`'s matcher: each key must be a field of the event's input;
 * each condition is a literal (compared structurally), a RegExp (strings only) or a predicate
 * (true means match). A predicate that throws counts as no match and is reported to `onError`.
 * Throws {@link HookBusError} `chains.invalid_matcher` / `chains.matcher_field` naming the field.
 */
export function compileMatcher(
  rules: ChainRules,
  matcher: unknown,
  onError: (field: string, error: unknown) => void,
): CompiledMatcher | undefined {
  if (!isPlainObject(matcher))
    throw new HookBusError(
      "chains.invalid_matcher",
      `on("${rules.event}", matcher, hook): the matcher is an object of field conditions ({ ${rules.inputFields[0] ?? "field"}: /^x/ }), received ${describeValue(matcher)}`,
      "matcher",
    );
  const checks: [string, FieldCheck][] = [];
  for (const [field, condition] of Object.entries(matcher)) {
    if (!rules.inputFields.includes(field))
      throw new HookBusError(
        "chains.matcher_field",
        `on("${rules.event}", matcher, hook): the matcher names "${field}", which ${rules.event}'s input does not have; its fields are ${rules.inputFields.join(", ") || "none"}`,
        `matcher.${field}`,
      );
    if (condition === undefined)
      throw new HookBusError(
        "chains.invalid_matcher",
        `on("${rules.event}", matcher, hook): matcher.${field} is undefined; give a literal, a RegExp or a predicate`,
        `matcher.${field}`,
      );
    checks.push([field, fieldCheck(condition)]);
  }
  if (checks.length === 0) return undefined;
  return (event) => {
    for (const [field, check] of checks) {
      try {
        if (!check(event[field])) return false;
      } catch (error) {
        onError(field, error);
        return false;
      }
    }
    return true;
  };
}
