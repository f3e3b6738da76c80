import { isDeepStrictEqual } from "node:util";
import type {
  SkillPostTurnReviewArgs,
  SkillReviewOutcome,
  SkillReviewSkipReason,
} from "@elowen/plugin-api/skills";
import type { AssistantMessage, Context, Message } from "@mariozechner/pi-ai";
import type { ConnectionPin } from "../model/captured-request.js";
import type { ModelRuntime } from "../model/model-runtime.js";
import { answerOf } from "../model/usage.js";
import { inheritedPrefixProblem } from "./prefix-parity.js";
import {
  type AdmissionDeps,
  admitReview,
  type ReviewSource,
  recheckBeforeDispatch,
} from "./review-admission.js";
import { REVIEW_ERRORS, ReviewError } from "./review-error.js";
import { historyKey } from "./route-eligibility.js";

/** What the review of one source is observed through (tests and logs): never its text's owner. */
export type ReviewEvent =
  | { readonly type: "skipped"; readonly reason: SkillReviewSkipReason }
  | { readonly type: "dispatched"; readonly ordinal: number }
  | { readonly type: "answered"; readonly text: string }
  | { readonly type: "invalid"; readonly message: string };

/** What the closure needs besides admission's reads. */
export interface ReviewClosureDeps extends AdmissionDeps {
  readonly model: ModelRuntime;
  /** The review's own cancellation (the reviewer's signal: an abort or the daemon stopping). */
  readonly signal: AbortSignal;
  /** The position of the next review request in this daemon (the offline script's key). */
  readonly nextOrdinal: () => number;
  /** Charges the author once for the response's usage, under origin internal. */
  readonly charge: (response: AssistantMessage, pin: ConnectionPin) => Promise<void>;
  /** Told of each step; awaited, so an observer sees the answer before the reviewer does. */
  readonly observe: (event: ReviewEvent) => Promise<void>;
}

/**
 * Whether the source's input already holds its final answer: an assistant message with the same
 * content and timestamp, compared by value (a captured request holds its own copies of the
 * messages, so the very same object is not what to look for).
 */
function holdsAnswer(inherited: readonly Message[], answer: AssistantMessage): boolean {
  return inherited.some(
    (message) =>
      message.role === "assistant" &&
      message.timestamp === answer.timestamp &&
      isDeepStrictEqual(message.content, answer.content),
  );
}

/** The review context: the pinned request's context, the final answer if new, the directive. */
function childContext(source: ReviewSource, directive: string, now: number): Context {
  const { context } = source.request;
  const inherited = context.messages;
  const answered = holdsAnswer(inherited, source.finalAnswer);
  const directiveMessage: Message = { role: "user", content: directive, timestamp: now };
  return {
    ...(context.systemPrompt === undefined ? {} : { systemPrompt: context.systemPrompt }),
    messages: [...inherited, ...(answered ? [] : [source.finalAnswer]), directiveMessage],
    // Declared for prefix parity only: nothing here can run a tool.
    ...(context.tools === undefined ? {} : { tools: context.tools }),
  };
}

class PrefixMismatch extends Error {}

function abortError(): Error {
  return Object.assign(new Error("the review was aborted"), { name: "AbortError" });
}

/**
 * The host-owned `review(directive)` of one settled source. At most one attempt: a
 * second call rejects. Admission runs first (typed skips). Then the child request goes out on the
 * pinned model, endpoint, session and connection, with the pinned request's system prompt, tool
 * declarations and history unchanged, the parent's final answer, and the directive as a new user
 * message; its payload is checked against the source's before it is sent (a prefix that would
 * not be byte-identical skips as `unsupported-route`). Nothing it asks for runs: a tool call
 * invalidates the review (a rejection; no second paid round). Request errors and aborts reject.
 * The author is charged once for what the response used.
 */
export function reviewClosure(
  source: ReviewSource,
  deps: ReviewClosureDeps,
): SkillPostTurnReviewArgs["review"] {
  let attempted = false;
  const skipped = async (reason: SkillReviewSkipReason): Promise<SkillReviewOutcome> => {
    await deps.observe({ type: "skipped", reason });
    return { status: "skipped", reason };
  };
  return async (directive) => {
    if (attempted)
      throw new ReviewError({
        code: REVIEW_ERRORS.attemptUsed,
        summary: "review(directive) admits one attempt per settled exchange; this one was used",
      });
    attempted = true;
    if (typeof directive !== "string" || directive.trim() === "")
      throw new TypeError("review(directive): the directive must be a non-empty string");
    if (deps.signal.aborted) throw abortError();
    const admission = await admitReview(source, deps);
    if (!admission.ok) return skipped(admission.reason);
    try {
      const late = await recheckBeforeDispatch(source, deps);
      if (late) return skipped(late);
      return await dispatch(source, directive, admission.pin, deps);
    } catch (error) {
      if (error instanceof PrefixMismatch) return skipped("unsupported-route");
      throw error;
    } finally {
      admission.release();
    }
  };
}

async function dispatch(
  source: ReviewSource,
  directive: string,
  pin: ConnectionPin,
  deps: ReviewClosureDeps,
): Promise<SkillReviewOutcome> {
  const { request } = source;
  const key = historyKey(request) ?? "messages";
  let mismatch: string | undefined;
  const ordinal = deps.nextOrdinal();
  await deps.observe({ type: "dispatched", ordinal });
  const stream = deps.model.stream(
    request.model,
    childContext(source, directive, deps.now()),
    {
      ...request.options,
      signal: deps.signal,
      onPayload: (payload) => {
        mismatch = inheritedPrefixProblem(request.payload, payload, key);
        if (mismatch !== undefined) throw new PrefixMismatch(mismatch);
        return undefined;
      },
    },
    {
      sessionId: source.sessionId,
      turnOrdinal: 0,
      step: 0,
      purpose: "review",
      reviewOrdinal: ordinal,
      ...(request.systemPrefix === undefined ? {} : { systemPrefix: request.systemPrefix }),
    },
  );
  for await (const _event of stream) {
    // The answer is read whole; nothing streams to a client.
  }
  const final = deps.model.finish(await stream.result());
  if (mismatch !== undefined) throw new PrefixMismatch(mismatch);
  const used = final.usage;
  if (used.input + used.output + used.cacheRead + used.cacheWrite > 0)
    await deps.charge(final, pin);
  if (final.stopReason === "aborted" || deps.signal.aborted) throw abortError();
  if (final.stopReason === "error")
    throw new ReviewError({
      code: REVIEW_ERRORS.requestFailed,
      summary: `the review request failed: ${final.errorMessage ?? "no response"}`,
    });
  const calls = final.content.flatMap((block) => (block.type === "toolCall" ? [block.name] : []));
  if (calls.length > 0) {
    const message = `the review asked to call ${calls.join(", ")}; tools are denied in a review before anything runs, so this review is invalid`;
    await deps.observe({ type: "invalid", message });
    throw new ReviewError({ code: REVIEW_ERRORS.toolsDenied, summary: message });
  }
  const text = answerOf(final);
  await deps.observe({ type: "answered", text });
  return { status: "completed", text };
}
