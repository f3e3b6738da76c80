import { randomBytes } from "node:crypto";
import type { PromptBox, PromptSuggestResult } from "@elowen/plugin-api/prompt-box";
import type { PromptBoxEventType, PromptBoxReplyBody } from "@elowen/wire";
import type { SessionEvents } from "../../live/session-events.js";

/** How long a plugin's fill, suggestion or read waits for a client's box by default (ours). */
export const PROMPT_BOX_REPLY_TIMEOUT_MS = 5_000;
/** How many settled request ids are remembered, so a late answer is told 409, not 404 (ours). */
export const PROMPT_BOX_SETTLED_MEMORY = 1_000;

/** A client's answer to each kind of request. */
export interface PromptBoxAnswers {
  prompt_fill: PromptBox & { isFilled: boolean; refusal?: "no_composer" | "dialog" };
  prompt_suggest: PromptSuggestResult;
  prompt_read: PromptBox;
}

/** Why an answer was not taken: no such request, already settled, or the wrong shape for its kind. */
export type PromptBoxReplyRefusal =
  | { readonly code: "not_found"; readonly message: string }
  | { readonly code: "closed"; readonly message: string }
  | { readonly code: "mismatch"; readonly message: string };

interface Pending {
  readonly sessionId: string;
  readonly kind: PromptBoxEventType;
  readonly resolve: (answer: unknown) => void;
  readonly timer: NodeJS.Timeout;
}

const EXPECTED: Record<PromptBoxEventType, string> = {
  prompt_fill: "{ isFilled, refusal?, text, cursor }",
  prompt_suggest: "{ isShown }",
  prompt_read: "{ text, cursor }",
};

function kindOf(body: PromptBoxReplyBody): PromptBoxEventType {
  if ("isFilled" in body) return "prompt_fill";
  if ("isShown" in body) return "prompt_suggest";
  return "prompt_read";
}

/**
 * Carries a plugin's request to the prompt boxes of a session's live clients and waits for the
 * first answer: the request is published as a `prompt_fill`, `prompt_suggest` or `prompt_read`
 * event (`{ requestId, input, expiresAt }`), answered at `POST
 * /sessions/:id/prompt-box/replies/:requestId`. The first answer wins; the wait is bounded, and
 * resolves `undefined` when no client answered in time (or none listens, or the daemon stops).
 */
export class PromptBoxRelay {
  readonly #events: SessionEvents;
  readonly #timeoutMs: number;
  readonly #now: () => number;
  readonly #pending = new Map<string, Pending>();
  readonly #settled = new Set<string>();

  constructor(
    events: SessionEvents,
    options: { readonly timeoutMs?: number; readonly now?: () => number } = {},
  ) {
    this.#events = events;
    this.#timeoutMs = options.timeoutMs ?? PROMPT_BOX_REPLY_TIMEOUT_MS;
    this.#now = options.now ?? Date.now;
  }

  /** True while at least one client listens to the session's live events. */
  connected(sessionId: string): boolean {
    return this.#events.subscriberCount(sessionId) > 0;
  }

  /** Publishes the request to the session's clients; resolves their first answer, or undefined. */
  request<K extends PromptBoxEventType>(
    sessionId: string,
    kind: K,
    input: unknown,
  ): Promise<PromptBoxAnswers[K] | undefined> {
    if (!this.connected(sessionId)) return Promise.resolve(undefined);
    const requestId = `b_${randomBytes(12).toString("hex")}`;
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.#settle(requestId, undefined), this.#timeoutMs);
      timer.unref();
      this.#pending.set(requestId, {
        sessionId,
        kind,
        resolve: resolve as (answer: unknown) => void,
        timer,
      });
      const expiresAt = this.#now() + this.#timeoutMs;
      this.#events.publish(sessionId, kind, { requestId, input, expiresAt });
    });
  }

  /** Takes a client's answer: the first one wins, a later one or an expired request is `closed`. */
  answer(
    sessionId: string,
    requestId: string,
    body: PromptBoxReplyBody,
  ): PromptBoxReplyRefusal | undefined {
    const pending = this.#pending.get(requestId);
    if (!pending || pending.sessionId !== sessionId) {
      return this.#settled.has(`${sessionId} ${requestId}`)
        ? { code: "closed", message: "this prompt-box request was already answered or expired" }
        : { code: "not_found", message: "no open prompt-box request of that id in this session" };
    }
    if (kindOf(body) !== pending.kind)
      return {
        code: "mismatch",
        message: `this request is a ${pending.kind}: answer it with ${EXPECTED[pending.kind]}`,
      };
    this.#settle(requestId, body);
    return undefined;
  }

  /** Ends every wait (the daemon stops): each resolves as if no client had answered. */
  close(): void {
    for (const requestId of [...this.#pending.keys()]) this.#settle(requestId, undefined);
  }

  #settle(requestId: string, answer: unknown): void {
    const pending = this.#pending.get(requestId);
    if (!pending) return;
    this.#pending.delete(requestId);
    clearTimeout(pending.timer);
    this.#settled.add(`${pending.sessionId} ${requestId}`);
    if (this.#settled.size > PROMPT_BOX_SETTLED_MEMORY) {
      const oldest = this.#settled.values().next().value;
      if (oldest !== undefined) this.#settled.delete(oldest);
    }
    pending.resolve(answer);
  }
}
