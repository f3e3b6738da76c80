import type { Access } from "@elowen/plugin-api/access";
import type { SkillPostTurnReviewArgs, SkillReviewerRegistration } from "@elowen/plugin-api/skills";
import { errorMessage } from "@elowen/plugin-shared/errors";
import { type LearningConfig, SKILL_REVIEW_MAX_OPS_LIMIT } from "../../config/learning-config.js";
import { runWithAccess } from "../../plugins/call-scope/access-scope.js";
import type { Owned } from "../../plugins/registries/registry.js";
import type { JobClaim, JobRecord } from "../../store/jobs/job-queue.js";
import { FinalJobError, JobWorker } from "../../store/jobs/job-worker.js";
import type { Store } from "../../store/store.js";
import type { RequestObserver } from "../model/captured-request.js";
import type { ModelRuntime } from "../model/model-runtime.js";
import type { SettledExchange } from "../turn/brain-context.js";
import { exchangeFacts } from "./exchange-facts.js";
import { offerDecision } from "./offer-eligibility.js";
import { ProviderConnections } from "./provider-connections.js";
import { ProviderQuotaStore } from "./provider-quota.js";
import type { ReviewSource } from "./review-admission.js";
import { chargeReview } from "./review-charge.js";
import { type ReviewEvent, reviewClosure } from "./review-closure.js";
import { readReviewJob, reviewJob, SKILL_REVIEW_JOB } from "./review-job.js";
import { type ReviewerStatus, readReviewerStatus } from "./reviewer-status.js";
import { ReviewRunnerPool } from "./runner-pool.js";

/** The id of the daemon's configured model connection. */
export const MODEL_CONNECTION_ID = "model";

/** What the host tells observers about learning (logs, tests): never a reviewer's state. */
export type SkillReviewEvent = { readonly sessionId: string } & (
  | { readonly type: "not-offered"; readonly why: string }
  | {
      readonly type: "offered";
      readonly userId: number;
      readonly successfulToolCalls: number;
      readonly loadedSkillNames: readonly string[];
    }
  | ReviewEvent
  | { readonly type: "finished"; readonly error?: string }
);

/** What the learning side of the host runs on. */
export interface SkillReviewsDeps {
  readonly store: Store;
  readonly model: ModelRuntime;
  readonly config: LearningConfig;
  /** The registered reviewer now, if any. */
  readonly reviewer: () => Owned<SkillReviewerRegistration> | undefined;
  /** Whether a plugin serves an account (a user-grantable reviewer reviews only its grantees). */
  readonly granted?: (access: Access, plugin: string) => boolean;
  readonly admitsNewWork: () => boolean;
  readonly now: () => number;
  readonly log: (message: string) => void;
  /** How often queued reviews are looked for besides on enqueue (default {@link REVIEW_JOB_POLL_MS}). */
  readonly jobPollMs?: number;
}

/**
 * Reviews one instance runs at once (ours). More than the default runner pool, so that a full
 * pool still skips a review as `runner-unavailable` rather than holding it in the queue.
 */
export const REVIEW_JOB_SLOTS = 4;
/** How long a claimed review is locked; renewed while it runs (ours). */
export const REVIEW_JOB_LOCK_MS = 5 * 60_000;
/** How often an instance looks for reviews a dead instance left or a retry made due (ours). */
export const REVIEW_JOB_POLL_MS = 1000;

/**
 * Core's side of the post-turn skill reviewer. `offer` is the settled-exchange
 * listener: it returns at once (the session's queue never waits for a review), checks eligibility
 * and counts the calls, and hands an eligible exchange to the registered reviewer with
 * `SkillPostTurnReviewArgs` in the reviewed account's access scope. It owns the live budget
 * (`skillReviewMaxOps`, 0 disables learning), the provider connections and their quota evidence,
 * the runner pool, and the cancellation of every review in flight when the daemon stops. An
 * eligible exchange is queued in the store's job queue (keyed by session), so a review queued or
 * running on an instance that dies is run by another, or at the next start. A review that ran,
 * aborted by a stop included, is not replayed; one whose reviewer threw is kept as a failed job.
 */
export class SkillReviews {
  readonly connections = new ProviderConnections();
  readonly quota = new ProviderQuotaStore();
  readonly runners: ReviewRunnerPool;
  readonly #deps: SkillReviewsDeps;
  readonly #inFlight = new Set<Promise<void>>();
  readonly #controllers = new Set<AbortController>();
  readonly #listeners = new Set<(event: SkillReviewEvent) => void | Promise<void>>();
  readonly #worker: JobWorker;
  #maxOps: number;
  #ordinal = 0;
  #paused = false;

  constructor(deps: SkillReviewsDeps) {
    this.#deps = deps;
    this.#maxOps = deps.config.skillReviewMaxOps;
    this.runners = new ReviewRunnerPool(deps.config.reviewRunners);
    this.#worker = new JobWorker({
      queue: deps.store.jobs,
      handlers: { [SKILL_REVIEW_JOB]: (job, lost) => this.#review(job, lost) },
      concurrency: REVIEW_JOB_SLOTS,
      lockMs: REVIEW_JOB_LOCK_MS,
      pollMs: deps.jobPollMs ?? REVIEW_JOB_POLL_MS,
      log: deps.log,
    });
    this.connections.add({
      providerId: deps.model.status.provider,
      connectionId: MODEL_CONNECTION_ID,
      auth: deps.model.auth ?? "api-key",
    });
  }

  /** The live write budget of a review (`currentBudget()`); 0 means learning is off. */
  get maxOps(): number {
    return this.#maxOps;
  }

  /** Changes the live budget: reviews in flight read it before each write. */
  setMaxOps(value: number): void {
    if (!Number.isSafeInteger(value) || value < 0 || value > SKILL_REVIEW_MAX_OPS_LIMIT)
      throw new RangeError(
        `skillReviewMaxOps must be a whole number from 0 to ${SKILL_REVIEW_MAX_OPS_LIMIT}, got ${value}`,
      );
    this.#maxOps = value;
  }

  /** Observes learning; listeners are awaited, in registration order. Returns the remover. */
  onEvent(listener: (event: SkillReviewEvent) => void | Promise<void>): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The brain's request observer: the connection each request pins, quota from each response. */
  requestObserver(): RequestObserver {
    return {
      connection: () => this.connections.pin(MODEL_CONNECTION_ID),
      response: (response, _model, pin) => {
        if (pin) this.quota.observe(pin, response.headers, this.#deps.now());
      },
    };
  }

  /**
   * Learning as the account of `access` sees it: enabled or not, the live budget, and the
   * reviewer serving it with its `status(userId)` read in that account's scope (its
   * cheap local state read of pending calls, totals and the last attempted outcome), validated
   * strictly and bounded by `REVIEWER_STATUS_BUDGET_MS`. A reviewer not granted to the account
   * is not asked.
   */
  async status(access: Access): Promise<ReviewerStatus> {
    const registration = this.#deps.reviewer();
    const serves =
      registration !== undefined &&
      access.userId !== null &&
      (this.#deps.granted?.(access, registration.plugin) ?? true);
    const reviewer = serves
      ? await readReviewerStatus(access, {
          plugin: registration.plugin,
          read: (userId) => registration.value.status(userId),
          inScope: (fn) => runWithAccess(access, fn),
        })
      : null;
    return { enabled: reviewer !== null && this.#maxOps > 0, budget: this.#maxOps, reviewer };
  }

  /**
   * Starts running queued reviews: those offered here and, on a shared database, those of any
   * instance, a dead one's included. Called once this instance holds its lease.
   */
  start(): void {
    if (!this.#paused) this.#worker.start();
  }

  /**
   * Offers a settled exchange (the `onExchangeSettled` listener). Never waits for the review: an
   * eligible exchange is queued as a job in the store and run by whichever instance claims it.
   */
  offer(exchange: SettledExchange): void {
    if (this.#paused || this.#maxOps === 0 || !this.#deps.reviewer()) return;
    if (!this.#deps.admitsNewWork()) return;
    const task = this.#enqueue(exchange)
      .catch((error: unknown) =>
        this.#deps.log(`the skill review of ${exchange.sessionId} failed: ${errorMessage(error)}`),
      )
      .finally(() => this.#inFlight.delete(task));
    this.#inFlight.add(task);
  }

  /** Resolves once no review is being offered or run here (reviews offered meanwhile included). */
  async idle(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight]);
    await this.#worker.drain();
    if (this.#inFlight.size > 0) await this.idle();
  }

  /** The daemon stops: no new review, every review in flight aborted. Queued ones stay queued. */
  pause(): void {
    this.#paused = true;
    this.#worker.stop();
    this.runners.close();
    for (const controller of this.#controllers) controller.abort();
  }

  async #enqueue(exchange: SettledExchange): Promise<void> {
    const { store, config } = this.#deps;
    const { sessionId } = exchange;
    const decision = offerDecision(exchange, await store.sessions.get(sessionId));
    if (!decision.ok) return this.#emit({ sessionId, type: "not-offered", why: decision.why });
    const facts = await exchangeFacts(store.journal, exchange);
    if (facts.successfulToolCalls < config.skillReviewMinCalls)
      return this.#emit({
        sessionId,
        type: "not-offered",
        why: `${facts.successfulToolCalls} successful calls, below the minimum of ${config.skillReviewMinCalls}`,
      });
    await store.jobs.enqueue(
      reviewJob({ access: exchange.access, source: decision.source, facts }),
    );
    this.#worker.wake();
  }

  /**
   * Runs one queued review. A reviewer's failure is kept with the job: it is never run twice. The
   * job's claim fences the run: once `lost` aborts, or the queue no longer gives this claim the
   * job, the live authority answers false (no dispatch, no write) and the review is cancelled.
   */
  async #review(job: JobRecord, lost: AbortSignal): Promise<void> {
    const { access, source, facts } = readReviewJob(job.payload);
    const { sessionId } = source;
    const registration = this.#deps.reviewer();
    if (this.#paused || this.#maxOps === 0 || !registration) return;
    if (this.#deps.granted && !this.#deps.granted(access, registration.plugin))
      return this.#emit({
        sessionId,
        type: "not-offered",
        why: `${registration.plugin} is not granted`,
      });
    const controller = new AbortController();
    if (lost.aborted) return;
    const onLost = () => controller.abort(lost.reason);
    lost.addEventListener("abort", onLost, { once: true });
    this.#controllers.add(controller);
    const args = this.#args(source, facts, controller.signal, registration, access, job);
    await this.#emit({ sessionId, type: "offered", userId: source.userId, ...facts });
    try {
      await runWithAccess(access, () => registration.value.run(args));
      await this.#emit({ sessionId, type: "finished" });
    } catch (error) {
      await this.#emit({ sessionId, type: "finished", error: errorMessage(error) });
      this.#deps.log(`the skill review of ${sessionId} failed: ${errorMessage(error)}`);
      throw new FinalJobError(errorMessage(error));
    } finally {
      lost.removeEventListener("abort", onLost);
      this.#controllers.delete(controller);
    }
  }

  #args(
    source: ReviewSource,
    facts: Pick<SkillPostTurnReviewArgs, "successfulToolCalls" | "loadedSkillNames">,
    signal: AbortSignal,
    registration: Owned<SkillReviewerRegistration>,
    access: Access,
    claim: JobClaim,
  ): SkillPostTurnReviewArgs {
    const { store, config, now } = this.#deps;
    const live = async () =>
      (await this.#live(source, signal, registration, access)) && (await store.jobs.holds(claim));
    return {
      userId: source.userId,
      successfulToolCalls: facts.successfulToolCalls,
      loadedSkillNames: facts.loadedSkillNames,
      budget: this.#maxOps,
      reviewEveryToolCalls: config.skillReviewEveryToolCalls,
      signal,
      authorize: live,
      currentBudget: async () => this.#maxOps,
      review: reviewClosure(source, {
        model: this.#deps.model,
        connections: this.connections,
        quota: this.quota,
        runners: this.runners,
        live,
        currentLeaf: async () => (await store.sessions.get(source.sessionId))?.leafId,
        now,
        quotaStaleMs: config.quotaStaleMinutes * 60_000,
        signal,
        nextOrdinal: () => this.#ordinal++,
        charge: (response, pin) => chargeReview(store.usage, source, response, pin),
        observe: (event) => this.#emit({ sessionId: source.sessionId, ...event }),
      }),
    };
  }

  /**
   * The live authority, asked by `authorize()` before each write and by `review()` before
   * admission and dispatch: the daemon admits work, the review is not cancelled, the reviewer
   * that was offered the exchange is still the registered one and still granted to the author
   * (the grants read now, not as they were at the turn), and the author still exists and owns
   * the source session.
   */
  async #live(
    source: ReviewSource,
    signal: AbortSignal,
    registration: Owned<SkillReviewerRegistration>,
    access: Access,
  ): Promise<boolean> {
    if (!this.#current(signal, registration)) return false;
    const { store, granted } = this.#deps;
    if (!(await store.accounts.exists(source.userId))) return false;
    if (granted) {
      const grants = await store.grants.get(source.userId);
      if (!granted({ ...access, grants: grants.plugins }, registration.plugin)) return false;
    }
    const session = await store.sessions.get(source.sessionId);
    return session?.ownerId === source.userId && this.#current(signal, registration);
  }

  #current(signal: AbortSignal, registration: Owned<SkillReviewerRegistration>): boolean {
    if (this.#paused || signal.aborted || !this.#deps.admitsNewWork()) return false;
    return this.#deps.reviewer() === registration;
  }

  async #emit(event: SkillReviewEvent): Promise<void> {
    for (const listener of this.#listeners) {
      try {
        await listener(event);
      } catch (error) {
        this.#deps.log(`a learning listener failed: ${errorMessage(error)}`);
      }
    }
  }
}
