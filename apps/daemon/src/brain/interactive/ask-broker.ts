import type { AskAnswer, PermissionOutcome, PermissionRecord } from "@elowen/plugin-api/questions";
import {
  expiredAnswers,
  type NormalizedAskQuestion,
  PERMISSION_CHOICES,
  PERMISSION_HEADER,
  permissionRecord,
  validateAnswers,
} from "@elowen/question-answer";
import type { PendingPermission, PendingQuestion } from "@elowen/wire";
import type { SessionEvents } from "../../live/session-events.js";
import { BRAIN_ERRORS, BrainError } from "../brain-error.js";
import { type IdMinter, randomIds } from "../host/id-minter.js";

/** Why an answer was not taken: unknown id, already answered (or expired), or invalid answers. */
export type AnswerRefusal =
  | { readonly code: "not_found" }
  | { readonly code: "closed" }
  | { readonly code: "invalid"; readonly message: string };

/** How many closed prompts are remembered to answer a late client with 409 (ours). */
const CLOSED_REMEMBERED = 10_000;

interface Open<V, P> {
  readonly sessionId: string;
  readonly view: P;
  resolve(value: V): void;
}

/** What a question or a permission prompt is asked in. */
export interface AskScope {
  readonly sessionId: string;
  readonly turnId: string;
  readonly agentId?: string;
  /** Aborting it (the turn ends) resolves the prompt as expired. */
  readonly signal: AbortSignal;
}

/**
 * Parks turns on questions (`ctx.askUser`) and permission prompts, answered over HTTP by whichever
 * client answers first; an unanswered one expires after `timeoutMs` (or when its turn ends) with
 * `outcome: 'expired'`, from the host. Every change is a live event.
 */
export class AskBroker {
  readonly #questions = new Map<string, Open<readonly AskAnswer[], PendingQuestion>>();
  readonly #permissions = new Map<string, Open<PermissionOutcome, PendingPermission>>();
  /** Recently closed ids and their sessions, so a late answer is told "closed" (409), not 404. */
  readonly #closed = new Map<string, string>();
  readonly #events: SessionEvents;
  readonly #timeoutMs: number;
  readonly #now: () => number;
  readonly #ids: IdMinter;

  constructor(
    events: SessionEvents,
    timeoutMs: number,
    now: () => number = Date.now,
    ids: IdMinter = randomIds,
  ) {
    this.#events = events;
    this.#timeoutMs = timeoutMs;
    this.#now = now;
    this.#ids = ids;
  }

  /** Asks normalized questions; resolves index-aligned answers (all `expired` on timeout). */
  ask(
    scope: AskScope,
    plugin: string,
    questions: readonly NormalizedAskQuestion[],
    callId?: string,
  ): Promise<readonly AskAnswer[]> {
    const questionId = this.#ids.mint("q");
    const view: PendingQuestion = {
      questionId,
      ...turnOf(scope),
      plugin,
      ...(callId === undefined ? {} : { callId }),
      questions: questions.map((q) => ({ ...q })),
      expiresAt: this.#now() + this.#timeoutMs,
    };
    return this.#park(this.#questions, scope, questionId, view, "question_asked", () => {
      const answers = expiredAnswers(questions);
      this.#events.publish(scope.sessionId, "question_expired", {
        ...turnOf(scope),
        questionId,
        answers,
      });
      return answers;
    });
  }

  /** Asks the person to approve a call; resolves its permission record (`expired` on timeout). */
  async approve(
    scope: AskScope,
    call: {
      readonly callId: string;
      readonly tool: string;
      readonly summary: string;
      /** Why the person is asked, when a hook asked for the prompt (shown after the question). */
      readonly reason?: string;
    },
    nested: boolean,
  ): Promise<PermissionRecord> {
    const permissionId = this.#ids.mint("p");
    const question =
      call.reason === undefined
        ? `Allow ${call.tool} to run?`
        : `Allow ${call.tool} to run? (${call.reason})`;
    const view: PendingPermission = {
      permissionId,
      ...turnOf(scope),
      callId: call.callId,
      tool: call.tool,
      summary: call.summary,
      question,
      header: PERMISSION_HEADER,
      choices: { ...PERMISSION_CHOICES },
      nested,
      expiresAt: this.#now() + this.#timeoutMs,
    };
    const outcome = await this.#park(
      this.#permissions,
      scope,
      permissionId,
      view,
      "permission_asked",
      () => "expired" as const,
    );
    const record = permissionRecord({
      outcome,
      tool: call.tool,
      summary: call.summary,
      question,
      ...(outcome === "always" ? { scope: "session" as const } : {}),
    });
    if (!record.ok)
      throw new BrainError({
        code: BRAIN_ERRORS.permissionRecordInvalid,
        summary: record.problem.message,
      });
    this.#events.publish(scope.sessionId, "permission_decided", {
      ...turnOf(scope),
      permissionId,
      callId: call.callId,
      outcome,
      record: record.value,
    });
    return record.value;
  }

  /** Takes the first valid answer to a question. */
  answer(sessionId: string, questionId: string, answers: unknown): AnswerRefusal | undefined {
    const open = this.#questions.get(questionId);
    if (!open || open.sessionId !== sessionId) return this.#missing(sessionId, questionId);
    const posted = Array.isArray(answers)
      ? answers.map((a) => ({ outcome: "answered", ...(a as object) }))
      : answers;
    const valid = validateAnswers(open.view.questions, posted);
    if (!valid.ok)
      return {
        code: "invalid",
        message: valid.problem.issues.map((i) => `${i.path}: ${i.message}`).join("; "),
      };
    this.#events.publish(sessionId, "question_answered", {
      turnId: open.view.turnId,
      ...(open.view.agentId === undefined ? {} : { agentId: open.view.agentId }),
      questionId,
      answers: valid.value,
    });
    open.resolve(valid.value);
    return undefined;
  }

  /** Takes the first decision on a permission prompt. */
  decide(
    sessionId: string,
    permissionId: string,
    outcome: Exclude<PermissionOutcome, "expired">,
  ): AnswerRefusal | undefined {
    const open = this.#permissions.get(permissionId);
    if (!open || open.sessionId !== sessionId) return this.#missing(sessionId, permissionId);
    open.resolve(outcome);
    return undefined;
  }

  /** The questions and permission prompts a session has open. */
  pending(sessionId: string): {
    questions: PendingQuestion[];
    permissions: PendingPermission[];
  } {
    const of = <V, P>(map: Map<string, Open<V, P>>) =>
      [...map.values()].filter((o) => o.sessionId === sessionId).map((o) => o.view);
    return { questions: of(this.#questions), permissions: of(this.#permissions) };
  }

  #missing(sessionId: string, id: string): AnswerRefusal {
    return this.#closed.get(id) === sessionId ? { code: "closed" } : { code: "not_found" };
  }

  #park<V, P>(
    map: Map<string, Open<V, P>>,
    scope: AskScope,
    id: string,
    view: P,
    event: string,
    expire: () => V,
  ): Promise<V> {
    return new Promise<V>((resolve) => {
      let done = false;
      const finish = (value: V) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        scope.signal.removeEventListener("abort", onAbort);
        map.delete(id);
        this.#closed.set(id, scope.sessionId);
        if (this.#closed.size > CLOSED_REMEMBERED) {
          const oldest = this.#closed.keys().next().value;
          if (oldest !== undefined) this.#closed.delete(oldest);
        }
        resolve(value);
      };
      const onAbort = () => finish(expire());
      const timer = setTimeout(onAbort, this.#timeoutMs);
      timer.unref();
      map.set(id, { sessionId: scope.sessionId, view, resolve: finish });
      this.#events.publish(scope.sessionId, event, view);
      if (scope.signal.aborted) onAbort();
      else scope.signal.addEventListener("abort", onAbort, { once: true });
    });
  }
}

function turnOf(scope: AskScope): { turnId: string; agentId?: string } {
  return scope.agentId === undefined
    ? { turnId: scope.turnId }
    : { turnId: scope.turnId, agentId: scope.agentId };
}
