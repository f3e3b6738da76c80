/**
 * Streamed text as a fake sends it: a string, split into deltas by the `chunks` in force, or the
 * exact pieces (each one delta on the wire, empty pieces included).
 */
export type FakeText = string | readonly string[];

/** A visible text block of a reply. */
export interface FakeTextBlock {
  readonly type: "text";
  readonly text: FakeText;
  /** How many deltas a string `text` is split into; overrides the reply's and the fake's. */
  readonly chunks?: number;
}

/**
 * A thinking block of a reply. Anthropic streams it as `thinking_delta` pieces followed by one
 * `signature_delta`; Chat Completions as `delta.reasoning_content` (the OpenAI-compatible servers'
 * convention, the signature is not sent); Responses as a `reasoning` item whose summary streams and
 * whose `encrypted_content` carries the signature.
 */
export interface FakeThinkingBlock {
  readonly type: "thinking";
  readonly thinking: FakeText;
  readonly signature?: string;
  readonly chunks?: number;
}

/**
 * A tool call of a reply. `arguments` is an object (sent as its JSON text), a raw JSON string
 * (which may be deliberately broken) or the exact raw pieces. `id` defaults to a deterministic id
 * in the protocol's own style (`toolu_…`, `call_…`).
 */
export interface FakeToolCallBlock {
  readonly type: "toolCall";
  readonly name: string;
  readonly arguments: Readonly<Record<string, unknown>> | FakeText;
  readonly id?: string;
  readonly chunks?: number;
}

/** One content block of a scripted reply, streamed in order. */
export type FakeBlock = FakeTextBlock | FakeThinkingBlock | FakeToolCallBlock;

/**
 * Token counts in pi-ai's terms: `input` is the uncached input, `cacheRead` and `cacheWrite` the
 * cached parts. Each fake writes them in its protocol's fields so that pi-ai maps them back to the
 * same numbers (Responses has no cache-write field, so `cacheWrite` is not sent there).
 */
export interface FakeUsage {
  readonly input: number;
  readonly output: number;
  readonly cacheRead?: number;
  readonly cacheWrite?: number;
}

/** Why the scripted model stopped, in pi-ai's words; each fake writes its protocol's value. */
export type FakeStopReason = "stop" | "length" | "toolUse";

/**
 * How a reply stream goes wrong. `afterEvents` counts wire events (SSE frames) written first; it
 * defaults to the end of the content, before the closing events, and is clamped to the events the
 * reply has.
 * - `error`: the protocol's mid-stream error event, then the response ends.
 * - `cut`: the connection is destroyed.
 * - `truncate`: the response ends cleanly, without its closing events.
 * - `stall`: the response stays open until the client goes away or the fake closes.
 */
export type FakeInterruption =
  | {
      readonly type: "error";
      readonly message: string;
      readonly errorType?: string;
      readonly afterEvents?: number;
    }
  | { readonly type: "cut" | "truncate" | "stall"; readonly afterEvents?: number };

/** A streamed answer: HTTP 200 with the protocol's SSE events. */
export interface FakeReply {
  readonly type: "reply";
  readonly content: readonly FakeBlock[];
  /** Defaults to `toolUse` when the reply calls a tool, `stop` otherwise. */
  readonly stopReason?: FakeStopReason;
  /** Sent verbatim in place of the mapped stop reason (`refusal`, `content_filter`, `incomplete`). */
  readonly wireStopReason?: string;
  /** Defaults to all zeros. */
  readonly usage?: FakeUsage;
  readonly chunks?: number;
  /** The model id the response names; defaults to the request's `model`. */
  readonly model?: string;
  readonly interrupt?: FakeInterruption;
  /** Extra response headers. */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * An HTTP error answer with the protocol's error JSON. `retry` sets `x-should-retry` (default
 * false, so the SDKs surface the error at once instead of retrying into the next turn);
 * `retryAfterMs` sets `retry-after-ms` and `retry-after`. `body` replaces the JSON verbatim.
 */
export interface FakeHttpError {
  readonly type: "httpError";
  readonly status: number;
  readonly message: string;
  readonly errorType?: string;
  readonly retry?: boolean;
  readonly retryAfterMs?: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
}

/** The connection is destroyed before any response: the client sees a network error. */
export interface FakeDisconnect {
  readonly type: "disconnect";
}

/** What a fake answers to one accepted request. */
export type FakeTurn = FakeReply | FakeHttpError | FakeDisconnect;
