import type { SkillPostTurnReviewArgs, SkillReviewOutcome } from "@elowen/plugin-api/skills";

/** A scripted stand-in for core's `review(directive)` closure: it records each directive it is given. */
export interface ReviewScript {
  readonly directives: string[];
  readonly review: SkillPostTurnReviewArgs["review"];
}

/**
 * Answers each call with the next scripted step: a completed text (a string or an object, which
 * is serialized), a skip, an error to reject with, or a function run with the directive. Past the
 * script it throws, so a test sees any request it did not expect.
 */
export function reviewScript(
  ...steps: (
    | string
    | object
    | SkillReviewOutcome
    | Error
    | ((directive: string) => Promise<SkillReviewOutcome>)
  )[]
): ReviewScript {
  const directives: string[] = [];
  return {
    directives,
    review: async (directive) => {
      directives.push(directive);
      const step = steps.shift();
      if (step === undefined) throw new Error("the review script has no more steps");
      if (step instanceof Error) throw step;
      if (typeof step === "function") return step(directive);
      if (typeof step === "string") return { status: "completed", text: step };
      if ("status" in step) return step as SkillReviewOutcome;
      return { status: "completed", text: JSON.stringify(step) };
    },
  };
}

/** Reviewer arguments for account 7 at the default cadence, one review's worth of calls, budget 3. */
export function reviewArgs(
  overrides: Partial<SkillPostTurnReviewArgs> = {},
): SkillPostTurnReviewArgs {
  return {
    userId: 7,
    successfulToolCalls: 100,
    loadedSkillNames: [],
    budget: 3,
    reviewEveryToolCalls: 100,
    signal: new AbortController().signal,
    authorize: async () => true,
    currentBudget: async () => 3,
    review: async () => {
      throw new Error("no review expected");
    },
    ...overrides,
  };
}

/** A create proposal. */
export const create = (
  name: string,
  content = `Steps for ${name}.`,
  description = `Use for ${name}.`,
) => ({
  action: "create",
  name,
  description,
  content,
});
