import type { Access } from "@elowen/plugin-api/access";
import type { SkillReviewerStatus } from "@elowen/plugin-api/skills";
import { errorMessage } from "@elowen/plugin-shared/errors";
import { SkillReviewerStatusSchema } from "@elowen/wire";

/** How long a reviewer's `status(userId)` may take before learning status is shown without it (ours). */
export const REVIEWER_STATUS_BUDGET_MS = 1000;

/** A reviewer's `status(userId)` answer, read strictly: unknown keys and bad counts are refused. */
export { SkillReviewerStatusSchema };

/**
 * Learning as one account sees it: whether exchanges are offered for review at all, the live
 * write budget, and the reviewer serving the account with its own `status(userId)` (pending
 * calls, totals and the last attempted outcome), or why that status could not be read.
 */
export interface ReviewerStatus {
  /** True when a reviewer serves the account and the live budget is above 0. */
  readonly enabled: boolean;
  /** The live `skillReviewMaxOps` (0: learning is off). */
  readonly budget: number;
  /** The reviewer serving the account; null when none is registered or it is not granted. */
  readonly reviewer: {
    readonly plugin: string;
    /** Its `status(userId)`, validated; null when it threw, overran or answered out of shape. */
    readonly status: SkillReviewerStatus | null;
    /** Why `status` is null: the field and the rule, a thrown message, or the budget. */
    readonly problem?: string;
  } | null;
}

/** What the reviewer's status read needs. */
export interface StatusRead {
  readonly plugin: string;
  readonly read: (userId: number) => SkillReviewerStatus | Promise<SkillReviewerStatus>;
  /** Runs the read in the account's access scope. */
  readonly inScope: <T>(fn: () => T) => T;
}

/** Reads and validates one account's reviewer status within {@link REVIEWER_STATUS_BUDGET_MS}. */
export async function readReviewerStatus(
  access: Access,
  reviewer: StatusRead,
  budgetMs = REVIEWER_STATUS_BUDGET_MS,
): Promise<NonNullable<ReviewerStatus["reviewer"]>> {
  const { plugin } = reviewer;
  if (access.userId === null)
    return { plugin, status: null, problem: "learning status is read for an account" };
  const userId = access.userId;
  let timer: NodeJS.Timeout | undefined;
  const overrun = new Promise<"overrun">((resolve) => {
    timer = setTimeout(() => resolve("overrun"), budgetMs);
    timer.unref();
  });
  try {
    const answer = await Promise.race([
      Promise.resolve().then(() => reviewer.inScope(() => reviewer.read(userId))),
      overrun,
    ]);
    if (answer === "overrun")
      return { plugin, status: null, problem: `status(userId) took longer than ${budgetMs} ms` };
    const parsed = SkillReviewerStatusSchema.safeParse(answer);
    if (parsed.success) return { plugin, status: parsed.data };
    const issue = parsed.error.issues[0];
    const field = issue?.path.length ? issue.path.join(".") : "the answer";
    return {
      plugin,
      status: null,
      problem: `status(userId) answered out of shape: ${field}: ${issue?.message ?? "invalid"}`,
    };
  } catch (error) {
    const message = errorMessage(error);
    return { plugin, status: null, problem: `status(userId) failed: ${message}` };
  } finally {
    clearTimeout(timer);
  }
}
