import type { SkillReviewSkipReason } from "@elowen/plugin-api/skills";
import type { AssistantMessage } from "@mariozechner/pi-ai";
import type { CapturedRequest, ConnectionPin } from "../model/captured-request.js";
import type { ProviderConnections } from "./provider-connections.js";
import { type ProviderQuotaStore, quotaSkipReason } from "./provider-quota.js";
import { skillReviewSourceSkipReason } from "./route-eligibility.js";
import type { ReviewRunnerPool } from "./runner-pool.js";

/** The settled source a review is pinned to: whose, where, the request it extends, the answer. */
export interface ReviewSource {
  readonly userId: number;
  readonly sessionId: string;
  /** The session's leaf when the exchange settled (its `turn_end` entry). */
  readonly leafId: string;
  /** The exchange's last actual provider request. */
  readonly request: CapturedRequest;
  /** That request's response: the parent's final answer. */
  readonly finalAnswer: AssistantMessage;
}

/** What admission reads, live, each time it is asked. */
export interface AdmissionDeps {
  readonly connections: ProviderConnections;
  readonly quota: ProviderQuotaStore;
  readonly runners: ReviewRunnerPool;
  /** The host's live authority callback: false once the review may no longer act. */
  readonly live: () => Promise<boolean>;
  /** The source session's leaf now (null or undefined once it has none or is gone). */
  readonly currentLeaf: () => Promise<string | null | undefined>;
  readonly now: () => number;
  /** Quota evidence older than this is stale. */
  readonly quotaStaleMs: number;
}

/** Admission's answer: a runner's release and the connection, or the typed skip. */
export type Admission =
  | { readonly ok: true; readonly release: () => void; readonly pin: ConnectionPin }
  | { readonly ok: false; readonly reason: SkillReviewSkipReason };

const skip = (reason: SkillReviewSkipReason): Admission => ({ ok: false, reason });

/** The source is still what the review would extend: the session's leaf has not moved. */
async function stillCurrent(source: ReviewSource, deps: AdmissionDeps): Promise<boolean> {
  return (await deps.currentLeaf()) === source.leafId;
}

/**
 * The reviewer's pre-dispatch policy, in order, each a typed skip: the live callback
 * (`revoked`), the source still current (`stale-source`), the route (`unsupported-route`,
 * `hosted-tools`), the pinned connection present at the same generation (`revoked`), for an OAuth
 * connection the weekly quota (`quota`, `unknown-quota`; API-key routes keep their own spend
 * admission), the live callback again, then a runner (`runner-unavailable`: disabled or full,
 * never waited for). Admitted, the caller repeats the live callback before dispatch.
 */
export async function admitReview(source: ReviewSource, deps: AdmissionDeps): Promise<Admission> {
  if (!(await deps.live())) return skip("revoked");
  if (!(await stillCurrent(source, deps))) return skip("stale-source");
  const route = skillReviewSourceSkipReason(source.request);
  if (route) return skip(route);
  const pin = source.request.connection;
  const connection = pin ? deps.connections.current(pin.connectionId) : undefined;
  if (!pin || !connection || connection.generation !== pin.generation) return skip("revoked");
  if (connection.auth === "oauth") {
    const quota = quotaSkipReason(deps.quota.current(pin), deps.now(), deps.quotaStaleMs);
    if (quota) return skip(quota);
  }
  if (!(await deps.live())) return skip("revoked");
  const release = deps.runners.tryAdmit();
  if (!release) return skip("runner-unavailable");
  return { ok: true, release, pin };
}

/** The check repeated right before dispatch: still live, still current. */
export async function recheckBeforeDispatch(
  source: ReviewSource,
  deps: AdmissionDeps,
): Promise<SkillReviewSkipReason | undefined> {
  if (!(await deps.live())) return "revoked";
  if (!(await stillCurrent(source, deps))) return "stale-source";
  return undefined;
}
