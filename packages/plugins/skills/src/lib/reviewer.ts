import type { PluginLogger } from "@elowen/plugin-api";
import type {
  SkillCatalogEntry,
  SkillPostTurnReviewArgs,
  SkillReviewerStatus,
  SkillReviewLastOutcome,
} from "@elowen/plugin-api/skills";
import { errorMessage } from "@elowen/plugin-shared/errors";
import { KeyedQueue } from "@elowen/plugin-shared/queue";
import { REVIEW_CONTENT_MAX_CHARS, REVIEW_PATCHABLE_MAX } from "./limits.js";
import {
  checkArgs,
  checkUserId,
  mergeSettings,
  type ReviewerSettingsPatch,
} from "./reviewer-args.js";
import { buildDirective } from "./reviewer-directive.js";
import { parseReview } from "./reviewer-proposals.js";
import {
  type ReviewerSettings,
  type ReviewerState,
  readState,
  removeState,
  writeState,
} from "./reviewer-state.js";
import type { OfferedSkill, ReviewerStore } from "./reviewer-store.js";
import { applyProposals, type WriteReport } from "./reviewer-writes.js";
import { findSecret } from "./secret-guard.js";

/** What the reviewer needs: its state folder, the file owner's store, the catalog and the reload. */
export interface ReviewerDeps {
  /** The plugin's data directory; state lives in `<dataDir>/reviewer/<userId>.json`. */
  readonly dataDir: string;
  /** `files.reviewerStore`: the only writer the reviewer has. */
  readonly store: ReviewerStore;
  /** The reviewed account's current visible catalog, awaited for the directive. */
  readonly visibleCatalog: (userId: number) => Promise<readonly SkillCatalogEntry[]>;
  /** Publishes written files: replaces the plugin's skill set in the catalog. */
  readonly reload: () => Promise<void>;
  /** The clock of `last.at` (epoch milliseconds). */
  readonly now?: () => number;
  readonly log?: Pick<PluginLogger, "warn" | "error">;
}

/** The post-turn skill reviewer (contract version 2) and its account-level controls. */
export interface SkillReviewer {
  /** Reviews one eligible exchange; see {@link createReviewer}. */
  run(args: SkillPostTurnReviewArgs): Promise<void>;
  /** A cheap strict local read of pending calls, cadence, totals and the last attempted outcome. */
  status(userId: number): Promise<SkillReviewerStatus>;
  /** Saves an account's explicit interval, minimum or write budget; they survive every later run. */
  saveSettings(userId: number, patch: ReviewerSettingsPatch): Promise<ReviewerSettings>;
  /** Forgets an account's counter and settings (the account was removed). */
  forgetUser(userId: number): Promise<void>;
}

/**
 * Creates the reviewer. Per account, exchanges are handled one at a time. Each exchange first
 * awaits `authorize()`, then adds its successful calls to the pending count; below the cadence
 * (a saved interval, else core's `reviewEveryToolCalls`) or with a zero budget nothing else
 * happens. At the cadence it builds the JSON-only directive and calls `review` once: a skip
 * writes nothing and keeps the count at the threshold; a rejection records `failed` or `aborted`;
 * a completed text is parsed strictly (invalid output fails before any write) and its proposals
 * are written through the store, each after `currentBudget()`, `authorize()` and an abort check.
 * Whatever was written is published through `reload` even when a later write fails.
 */
export function createReviewer(deps: ReviewerDeps): SkillReviewer {
  const queue = new KeyedQueue<number>();
  const now = deps.now ?? Date.now;

  const finish = async (
    userId: number,
    state: ReviewerState,
    interval: number,
    outcome: SkillReviewLastOutcome,
    detail: string,
    writes?: WriteReport,
  ) => {
    const totals = {
      reviews: state.totals.reviews + 1,
      created: state.totals.created + (writes?.created ?? 0),
      patched: state.totals.patched + (writes?.patched ?? 0),
      failed: state.totals.failed + (outcome === "failed" ? 1 : 0),
    };
    await writeState(deps.dataDir, userId, {
      ...state,
      interval,
      pendingCalls: 0,
      totals,
      last: { outcome, at: now(), detail },
    });
  };

  const exchange = async (args: SkillPostTurnReviewArgs): Promise<void> => {
    if (args.signal.aborted || !(await args.authorize()) || args.signal.aborted) return;
    const { userId } = args;
    const state = await readState(deps.dataDir, userId);
    const { settings } = state;
    if (settings.minimum !== undefined && args.successfulToolCalls < settings.minimum) return;
    const interval = settings.interval ?? args.reviewEveryToolCalls;
    const pendingCalls = state.pendingCalls + args.successfulToolCalls;
    const cap = Math.min(args.budget, settings.budget ?? args.budget);
    const atThreshold = { ...state, interval, pendingCalls: Math.min(pendingCalls, interval) };
    if (pendingCalls < interval || cap <= 0) return writeState(deps.dataDir, userId, atThreshold);

    const [catalog, offered] = await Promise.all([
      deps.visibleCatalog(userId),
      deps.store.patchable(userId, args.loadedSkillNames),
    ]);
    const patchable = offered.filter(offerable).slice(0, REVIEW_PATCHABLE_MAX);
    const directive = buildDirective({ cap, catalog, patchable });
    if (args.signal.aborted) return writeState(deps.dataDir, userId, atThreshold);

    let outcome: Awaited<ReturnType<SkillPostTurnReviewArgs["review"]>>;
    try {
      outcome = await args.review(directive);
    } catch (error) {
      const aborted = args.signal.aborted;
      return finish(
        userId,
        state,
        interval,
        aborted ? "aborted" : "failed",
        `the review request ${aborted ? "was aborted" : `failed: ${errorMessage(error)}`}`,
      );
    }
    if (outcome.status === "skipped") return writeState(deps.dataDir, userId, atThreshold);
    const parsed = parseReview(outcome.text);
    if (!parsed.ok) return finish(userId, state, interval, "failed", parsed.reason);

    const writes = await applyProposals(args, deps.store, parsed.proposals, patchable, cap);
    if (writes.created + writes.patched > 0) {
      await deps
        .reload()
        .catch((error: unknown) =>
          deps.log?.error(`could not publish reviewed skills: ${errorMessage(error)}`),
        );
    }
    if (writes.failure !== undefined)
      deps.log?.error(`the review's writes stopped on a failure: ${errorMessage(writes.failure)}`);
    const result =
      writes.stop === "aborted" ? "aborted" : writes.failure !== undefined ? "failed" : "completed";
    return finish(userId, state, interval, result, writes.detail, writes);
  };

  return {
    run: (args) => {
      checkArgs(args);
      return queue.run(args.userId, () => exchange(args));
    },
    async status(userId) {
      checkUserId(userId);
      const state = await readState(deps.dataDir, userId);
      return {
        pendingCalls: state.pendingCalls,
        interval: state.settings.interval ?? state.interval,
        totals: state.totals,
        last: state.last,
      };
    },
    saveSettings(userId, patch) {
      checkUserId(userId);
      return queue.run(userId, async () => {
        const state = await readState(deps.dataDir, userId);
        const settings = mergeSettings(state.settings, patch);
        await writeState(deps.dataDir, userId, { ...state, settings });
        return settings;
      });
    },
    forgetUser(userId) {
      checkUserId(userId);
      return queue.run(userId, () => removeState(deps.dataDir, userId));
    },
  };
}

/** The secret and size guards of offered bodies: a skill that fails them is not offered. */
function offerable(skill: OfferedSkill): boolean {
  return (
    skill.content.length <= REVIEW_CONTENT_MAX_CHARS &&
    findSecret(`${skill.description}\n${skill.content}`) === undefined
  );
}
