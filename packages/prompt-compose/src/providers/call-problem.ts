import { errorMessage } from "@elowen/plugin-shared/errors";
import type { ComposeProblem, ComposeProblemCode } from "../problems.js";
import type { BoundedOutcome } from "./bounded-call.js";

/** Describes a bounded call of plugin code that did not answer: it threw, timed out or was aborted. */
export function failedCallProblem(
  outcome: Exclude<BoundedOutcome<unknown>, { ok: true }>,
  subject: {
    readonly what: string;
    readonly plugin: string;
    readonly id?: string;
    readonly budgetMs: number;
  },
  codes: { readonly threw: ComposeProblemCode; readonly late: ComposeProblemCode },
  consequence: string,
): ComposeProblem {
  const where = { plugin: subject.plugin, ...(subject.id === undefined ? {} : { id: subject.id }) };
  if (outcome.reason === "threw") {
    const message = `${subject.what} threw (${errorMessage(outcome.cause)}); ${consequence}`;
    return { code: codes.threw, ...where, cause: outcome.cause, message };
  }
  const why =
    outcome.reason === "timeout" ? `did not answer within ${subject.budgetMs} ms` : "was aborted";
  return { code: codes.late, ...where, message: `${subject.what} ${why}; ${consequence}` };
}
