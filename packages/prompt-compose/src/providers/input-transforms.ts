import { HOOK_DEFAULT_BUDGET_MS } from "@elowen/plugin-api/limits";
import type { InputTransform, InputTransformArgs } from "@elowen/plugin-api/prompt-context";
import { describeValue } from "@elowen/plugin-shared/errors";
import type { ComposeProblem } from "../problems.js";
import { boundedCall } from "./bounded-call.js";
import { failedCallProblem } from "./call-problem.js";

/** A registered input transform. */
export interface InputTransformRegistration {
  readonly plugin: string;
  readonly transform: InputTransform;
}

/** The current turn's text after the transforms, and which of them failed. */
export interface InputTransformOutcome {
  readonly text: string;
  readonly problems: readonly ComposeProblem[];
}

/**
 * Runs the input transforms in registration order, each on the text the one before returned,
 * each within its budget (`HOOK_DEFAULT_BUDGET_MS` unless given). Only the current turn's text
 * changes. A transform that throws, runs past its budget or answers a non-string is skipped (the
 * text it was given goes on) and reported. With no transform the text returned is `args.text`
 * itself. Never throws.
 */
export async function applyInputTransforms(
  registrations: readonly InputTransformRegistration[],
  args: InputTransformArgs,
  options: { readonly budgetMs?: number; readonly signal?: AbortSignal } = {},
): Promise<InputTransformOutcome> {
  const budget = options.budgetMs ?? HOOK_DEFAULT_BUDGET_MS;
  const problems: ComposeProblem[] = [];
  let text = args.text;
  for (const { plugin, transform } of registrations) {
    const current = { ...args, text };
    const outcome = await boundedCall(() => transform(current), budget, options.signal);
    if (outcome.ok && typeof outcome.value === "string") {
      text = outcome.value;
    } else if (outcome.ok) {
      problems.push({
        code: "invalid-transform-result",
        plugin,
        message: `input transform of ${plugin} answered ${describeValue(outcome.value)}, not a string; the text goes on unchanged`,
      });
    } else {
      const subject = { what: `input transform of ${plugin}`, plugin, budgetMs: budget };
      const codes = { threw: "transform-failed", late: "transform-failed" } as const;
      problems.push(failedCallProblem(outcome, subject, codes, "the text goes on unchanged"));
    }
  }
  return { text, problems };
}
