import { describeValue } from "@elowen/plugin-shared/errors";
import type { ChainRules } from "./chain-rule-types.js";
import { Refusal } from "./refusal.js";
import { isPlainObject, sameValue } from "./same-value.js";
import { firstIssue } from "./schema-shape.js";

/** A result that passed: the value to settle with, and whether late context was taken off it. */
export interface CheckedResult {
  readonly value: unknown;
  readonly contextRestored: boolean;
}

type Answer = Record<string, unknown>;

function refused(answer: unknown, rules: ChainRules): boolean {
  return (
    rules.refusal !== undefined && isPlainObject(answer) && answer[rules.refusal] !== undefined
  );
}

/**
 * Checks what a hook returned, when it is not simply the answer `next` gave it: the result schema
 * of the event; a `drop` after `next` answered fails the hook (`PromptSubmitResult.drop`);
 * context entries changed after `next` answered are not attached, the answer's stand (and the
 * caller logs it); echo fields must be the values received.
 */
export function checkResult(
  rules: ChainRules,
  value: unknown,
  received: Answer,
  answered: boolean,
  answer: unknown,
): CheckedResult | Refusal {
  if (value === undefined)
    return new Refusal(
      `${rules.event}: the hook returned nothing; return next(e)'s answer, your own answer, or a refusal the event allows`,
    );
  const issue = firstIssue(rules.result, value);
  if (issue !== undefined)
    return new Refusal(
      `${rules.event}: the result does not match its schema (${issue}); received ${describeValue(value)}`,
    );
  const result = value as Answer;
  if (answered && rules.refusal === "drop" && result.drop !== undefined)
    return new Refusal(`${rules.event}: a drop after next(e) answered fails the hook`, "drop");
  for (const field of rules.resultEcho) {
    if (result[field] !== undefined && !sameValue(result[field], received[field]))
      return new Refusal(
        `${rules.event}: the result's ${field} must be the one the hook received, or left out`,
        field,
      );
  }
  if (
    answered &&
    rules.resultContext &&
    isPlainObject(answer) &&
    !refused(answer, rules) &&
    !refused(result, rules) &&
    !sameValue(result.context, answer.context)
  ) {
    const restored: Answer = { ...result };
    if (answer.context === undefined) delete restored.context;
    else restored.context = answer.context;
    return { value: restored, contextRestored: true };
  }
  return { value: result, contextRestored: false };
}
