import { describeProblem, type Problem, problemParts } from "./problem-message.js";

/**
 * The brand every {@link InstanceCondition} carries, registered with `Symbol.for` so that the host
 * and a plugin that load different copies of this package still recognise each other's causes.
 */
export const INSTANCE_CONDITION_BRAND: unique symbol = Symbol.for(
  "@elowen/plugin-shared/instance-condition",
);

/** The brand's value; raised only if the shape of an instance condition ever changes. */
const BRAND_VERSION = 1;

/**
 * What is wrong with the instance: a file that should exist does not (`missing`), resolves outside
 * its registered directory (`redirected`), cannot be read (`unreadable`), or holds content the
 * instance cannot use (`invalid`).
 */
export type InstanceConditionKind = "missing" | "redirected" | "unreadable" | "invalid";

/** The condition values, in a fixed order, for validation and exhaustive tables. */
export const INSTANCE_CONDITION_KINDS: readonly InstanceConditionKind[] = [
  "missing",
  "redirected",
  "unreadable",
  "invalid",
];

/** What a producer knows when it marks an instance condition. */
export interface InstanceConditionInit extends Problem {
  readonly condition: InstanceConditionKind;
  /** The failure that revealed the condition (a Node errno error, ...), kept as it is. */
  readonly cause?: unknown;
}

/**
 * The typed instance-condition cause: something the operator or instance owner must fix (a
 * personal or instance skill file missing, redirected or unreadable), not a bug to report. Put it
 * in the `cause` of the error a caller throws; {@link reportingAudience} then answers `instance`.
 * Recognise it with {@link isInstanceCondition}, not `instanceof`, because another copy of this
 * package builds its own class.
 */
export class InstanceCondition extends Error {
  declare readonly [INSTANCE_CONDITION_BRAND]: typeof BRAND_VERSION;
  override readonly name = "InstanceCondition";
  readonly audience = "instance" as const;
  readonly condition: InstanceConditionKind;
  declare readonly expected?: string;
  declare readonly received?: string;
  declare readonly fix?: string;
  declare readonly cause: unknown;

  constructor(init: InstanceConditionInit) {
    super(describeProblem(init), "cause" in init ? { cause: init.cause } : undefined);
    if (!INSTANCE_CONDITION_KINDS.includes(init.condition)) {
      throw new TypeError(
        `InstanceCondition: condition must be one of ${INSTANCE_CONDITION_KINDS.join(", ")}, received ${String(init.condition)}`,
      );
    }
    Object.defineProperty(this, INSTANCE_CONDITION_BRAND, { value: BRAND_VERSION });
    this.condition = init.condition;
    Object.assign(this, problemParts(init));
  }
}

/**
 * True when `value` is an {@link InstanceCondition} built by any copy of this package (it carries
 * the `Symbol.for` brand and a known condition). Synchronous and total: never throws.
 */
export function isInstanceCondition(value: unknown): value is InstanceCondition {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Partial<
    Record<typeof INSTANCE_CONDITION_BRAND | "condition", unknown>
  >;
  return (
    candidate[INSTANCE_CONDITION_BRAND] === BRAND_VERSION &&
    INSTANCE_CONDITION_KINDS.includes(candidate.condition as InstanceConditionKind)
  );
}
