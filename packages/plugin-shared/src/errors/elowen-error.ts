import { describeProblem, type Problem, problemParts } from "./problem-message.js";
import { type ReportingAudience, reportingAudience } from "./reporting-audience.js";

/**
 * The brand every {@link ElowenError} carries, registered with `Symbol.for` so that errors from
 * another copy of this package are still recognised by {@link isElowenError}.
 */
export const ELOWEN_ERROR_BRAND: unique symbol = Symbol.for("@elowen/plugin-shared/error");

const BRAND_VERSION = 1;

/** What a thrower knows: a stable code, the problem in words, and the failure it wraps. */
export interface ElowenErrorInit<Code extends string> extends Problem {
  /** Stable, dotted and lower case (`<package>.<what_failed>`); callers switch on it. */
  readonly code: Code;
  /** The failure being wrapped, kept as it is so typed causes survive (see {@link reportingAudience}). */
  readonly cause?: unknown;
}

/**
 * The base class of every error Elowen's packages throw: a stable `code` a caller can switch on,
 * the wrapped `cause`, and a message that says what was expected, what arrived and how to fix it.
 * Packages subclass it under their own names (`HookBusError`, `StoreError`, ...) and list their
 * codes in their READMEs. `audience` is derived once from the cause chain: `instance` when it
 * holds an {@link InstanceCondition}, `software` otherwise. Use {@link isElowenError} rather than
 * `instanceof` across package boundaries.
 */
export class ElowenError<Code extends string = string> extends Error {
  declare readonly [ELOWEN_ERROR_BRAND]: typeof BRAND_VERSION;
  /** `ElowenError`, or the subclass's own name (`HookBusError`, `StoreError`, ...). */
  override readonly name: string = "ElowenError";
  readonly code: Code;
  readonly audience: ReportingAudience;
  declare readonly expected?: string;
  declare readonly received?: string;
  declare readonly fix?: string;
  declare readonly cause: unknown;

  constructor(init: ElowenErrorInit<Code>) {
    super(describeProblem(init), "cause" in init ? { cause: init.cause } : undefined);
    if (typeof init.code !== "string" || init.code === "") {
      throw new TypeError(
        `ElowenError: code must be a non-empty string, received ${String(init.code)}`,
      );
    }
    Object.defineProperty(this, ELOWEN_ERROR_BRAND, { value: BRAND_VERSION });
    this.code = init.code;
    this.audience = reportingAudience(init.cause);
    Object.assign(this, problemParts(init));
  }
}

/**
 * True when `value` is an {@link ElowenError} from any copy of this package, and, when `code` is
 * given, carries that code (narrowing `error.code`). Synchronous and total: never throws.
 */
export function isElowenError<Code extends string = string>(
  value: unknown,
  code?: Code,
): value is ElowenError<Code> {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Partial<Record<typeof ELOWEN_ERROR_BRAND | "code", unknown>>;
  if (candidate[ELOWEN_ERROR_BRAND] !== BRAND_VERSION || typeof candidate.code !== "string") {
    return false;
  }
  return code === undefined || candidate.code === code;
}
