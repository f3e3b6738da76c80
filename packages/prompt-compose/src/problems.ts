/**
 * What composition reports instead of throwing: a plugin's provider, transform, fragment file or
 * chain hook that misbehaved adds nothing (or what fits) and is named here.
 */
export const COMPOSE_PROBLEM_CODES = [
  "chain-failed",
  "invalid-chain-result",
  "invalid-section",
  "duplicate-section-id",
  "duplicate-context-block",
  "provider-failed",
  "provider-timeout",
  "invalid-provider-result",
  "oversized-provider-result",
  "transform-failed",
  "invalid-transform-result",
  "platform-file-limit",
  "platform-file-chars",
  "platform-total-chars",
  "platform-file-unreadable",
] as const;
/** One kind of composition problem, for a caller to switch on. */
export type ComposeProblemCode = (typeof COMPOSE_PROBLEM_CODES)[number];

/** One problem met while composing; composition went on without the part named. */
export interface ComposeProblem {
  readonly code: ComposeProblemCode;
  /** A sentence a person can act on: what was expected, what arrived, what was done. */
  readonly message: string;
  /** The plugin whose contribution it was, when one is known. */
  readonly plugin?: string;
  /** The section id, block name, provider name or chain event concerned. */
  readonly id?: string;
  /** The file concerned (platform fragments), relative to its plugin's `prompt/` directory. */
  readonly file?: string;
  /** What was thrown, when something was. */
  readonly cause?: unknown;
}
