import {
  SKILL_REVIEW_QUOTA_BLOCK_PERCENT,
  SKILL_REVIEW_QUOTA_WINDOW_MINUTES,
} from "@elowen/plugin-api/limits";
import type { ConnectionPin } from "../model/captured-request.js";
import { type QuotaEvidence, quotaEvidenceFromHeaders } from "./quota-headers.js";

const keyOf = (pin: ConnectionPin) =>
  `${pin.providerId}\u0000${pin.connectionId}\u0000${pin.generation}`;

/**
 * The latest quota evidence per provider connection and generation, fed by the responses the
 * daemon already receives (never by polling). A new generation starts with no evidence.
 */
export class ProviderQuotaStore {
  readonly #evidence = new Map<string, QuotaEvidence>();

  /** The latest evidence of a connection's generation, or undefined when none was reported. */
  current(pin: ConnectionPin): QuotaEvidence | undefined {
    return this.#evidence.get(keyOf(pin));
  }

  /** Records evidence for a connection's generation (it replaces the previous report). */
  record(pin: ConnectionPin, evidence: QuotaEvidence): void {
    this.#evidence.set(keyOf(pin), evidence);
  }

  /** Reads a response's quota headers, if any, into the store. */
  observe(pin: ConnectionPin, headers: Readonly<Record<string, string>>, now: number): void {
    const evidence = quotaEvidenceFromHeaders(headers, now);
    if (evidence) this.record(pin, evidence);
  }
}

/**
 * The reviewer's subscription quota rule for an OAuth route. The weekly window is the one with
 * no kind and exactly SKILL_REVIEW_QUOTA_WINDOW_MINUTES minutes. `quota` when its finite usage
 * is at least SKILL_REVIEW_QUOTA_BLOCK_PERCENT; `unknown-quota` when there is no such evidence,
 * it is not finite, dated in the future, expired (its reset has passed, or it claims a reset more
 * than a window ahead), or stale (older than `staleMs`) — except that a stale high reading whose
 * reset is still ahead keeps blocking with `quota`. Undefined when the review may go ahead.
 */
export function quotaSkipReason(
  evidence: QuotaEvidence | undefined,
  now: number,
  staleMs: number,
): "quota" | "unknown-quota" | undefined {
  const weekly = evidence?.windows.find(
    (w) => w.kind === undefined && w.windowMinutes === SKILL_REVIEW_QUOTA_WINDOW_MINUTES,
  );
  if (!evidence || !weekly) return "unknown-quota";
  const { observedAt } = evidence;
  const { usedPercent, resetsAt } = weekly;
  if (![observedAt, usedPercent, resetsAt].every(Number.isFinite)) return "unknown-quota";
  if (observedAt > now) return "unknown-quota";
  if (resetsAt <= now || resetsAt > observedAt + SKILL_REVIEW_QUOTA_WINDOW_MINUTES * 60_000)
    return "unknown-quota";
  const high = usedPercent >= SKILL_REVIEW_QUOTA_BLOCK_PERCENT;
  if (now - observedAt > staleMs) return high ? "quota" : "unknown-quota";
  return high ? "quota" : undefined;
}
