import { isInstanceCondition } from "./instance-condition.js";

/**
 * Who a problem is reported to: `instance` is a condition of this instance that its operator or
 * owner must fix (a missing or unreadable personal or instance file); `software` is a bug in Elowen
 * or a plugin, to be reported to its authors.
 */
export type ReportingAudience = "instance" | "software";

/** How many links of a `cause` chain {@link reportingAudience} follows before it stops. */
export const CAUSE_CHAIN_MAX_DEPTH = 32;

/**
 * The audience of any thrown value: `instance` when the value or a link of its `cause` chain is an
 * {@link InstanceCondition} (from any copy of this package), `software` otherwise, including for
 * non-errors. Follows at most {@link CAUSE_CHAIN_MAX_DEPTH} links and stops at a cycle; does not
 * look inside `AggregateError.errors`. Synchronous; never throws, even for a throwing `cause` getter.
 */
export function reportingAudience(value: unknown): ReportingAudience {
  const seen = new Set<unknown>();
  let link: unknown = value;
  for (let depth = 0; depth <= CAUSE_CHAIN_MAX_DEPTH; depth++) {
    if (typeof link !== "object" || link === null || seen.has(link)) return "software";
    if (isInstanceCondition(link)) return "instance";
    seen.add(link);
    try {
      link = (link as { cause?: unknown }).cause;
    } catch {
      return "software";
    }
  }
  return "software";
}
