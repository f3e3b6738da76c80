import type { SkillPostTurnReviewArgs } from "@elowen/plugin-api/skills";
import { isRefusal } from "./refusal.js";
import { guardProposal, type Proposal } from "./reviewer-proposals.js";
import type { OfferedSkill, ReviewerStore } from "./reviewer-store.js";

/** Why the writes stopped before the last proposal. */
export type WriteStop = "budget" | "revoked" | "aborted" | "failed" | "host";

/** What a review's writes did. */
export interface WriteReport {
  readonly created: number;
  readonly patched: number;
  /** One line per proposal refused by a guard or by the store (stale revision, name taken...). */
  readonly refused: readonly string[];
  readonly stop?: WriteStop;
  /** The error of a write or host callback that failed unexpectedly; the writes before it stand. */
  readonly failure?: unknown;
  /** A one-line summary for the status record. */
  readonly detail: string;
}

/**
 * Writes the proposals in order. Each is guarded first (name, size, secrets; a patch only of an
 * offered skill, with the offered revision as its compare-and-swap, never a revision the model
 * wrote). Then each write awaits `currentBudget()` and `authorize()` and checks the abort signal
 * again: the writes stop at the captured cap or a lower live budget, on revoked authority, on
 * abort, or on an unexpected failure of a write or of a host callback (one that throws, or a
 * live budget that is not a non-negative integer). A refusal of one proposal does not stop the
 * others; whatever stopped them, the writes already made are reported so they are published.
 */
export async function applyProposals(
  args: Pick<SkillPostTurnReviewArgs, "userId" | "currentBudget" | "authorize" | "signal">,
  store: ReviewerStore,
  proposals: readonly Proposal[],
  patchable: readonly OfferedSkill[],
  cap: number,
): Promise<WriteReport> {
  let created = 0;
  let patched = 0;
  const refused: string[] = [];
  const seen = new Set<string>();
  let stop: WriteStop | undefined;
  let failure: unknown;
  for (const proposal of proposals) {
    const guard = guardProposal(proposal);
    if (guard !== undefined) {
      refused.push(guard);
      continue;
    }
    if (seen.has(proposal.name)) {
      refused.push(`"${proposal.name}" is proposed twice`);
      continue;
    }
    seen.add(proposal.name);
    const offer = patchable.find((skill) => skill.name === proposal.name);
    if (proposal.action === "patch" && offer === undefined) {
      refused.push(`"${proposal.name}" was not offered for patching`);
      continue;
    }
    let live: WriteStop | undefined;
    try {
      live = await liveCheck(args, cap, created + patched);
    } catch (error) {
      // A host callback that throws or answers nonsense stops the writes; the ones made stand.
      stop = "host";
      failure = error;
      break;
    }
    if (live !== undefined) {
      stop = live;
      break;
    }
    try {
      const result =
        proposal.action === "create"
          ? await store.createSkill(args.userId, proposal)
          : await store.patchSkill(args.userId, {
              name: proposal.name,
              revision: (offer as OfferedSkill).revision,
              content: proposal.content,
              ...(proposal.description === undefined ? {} : { description: proposal.description }),
            });
      if (isRefusal(result)) refused.push(result.message);
      else if (proposal.action === "create") created += 1;
      else patched += 1;
    } catch (error) {
      stop = "failed";
      failure = error;
      break;
    }
  }
  return {
    created,
    patched,
    refused,
    ...(stop === undefined ? {} : { stop }),
    ...(failure === undefined ? {} : { failure }),
    detail: describe(created, patched, refused, stop),
  };
}

/**
 * The checks before one write, in this order: `currentBudget()` (the total stays below the
 * captured cap and the live budget), then `authorize()`, then the abort signal. A live budget that
 * is not a non-negative integer is a host programming error: thrown, so it can never lift the cap.
 */
async function liveCheck(
  args: Pick<SkillPostTurnReviewArgs, "currentBudget" | "authorize" | "signal">,
  cap: number,
  written: number,
): Promise<WriteStop | undefined> {
  const live: unknown = await args.currentBudget();
  if (typeof live !== "number" || !Number.isSafeInteger(live) || live < 0) {
    throw new TypeError(
      `currentBudget() must answer a non-negative integer, received ${JSON.stringify(live) ?? String(live)}`,
    );
  }
  if (written >= Math.min(cap, live)) return "budget";
  if (!(await args.authorize())) return "revoked";
  if (args.signal.aborted) return "aborted";
  return undefined;
}

const STOPS: Record<WriteStop, string> = {
  budget: "the write budget was reached",
  revoked: "authority was revoked",
  aborted: "the review was aborted",
  failed: "a write failed",
  host: "a host check failed",
};

function describe(
  created: number,
  patched: number,
  refused: readonly string[],
  stop: WriteStop | undefined,
): string {
  const parts = [`created ${created}, patched ${patched}`];
  if (refused.length > 0) parts.push(`refused: ${refused.join("; ")}`);
  if (stop !== undefined) parts.push(`stopped: ${STOPS[stop]}`);
  return parts.join("; ");
}
