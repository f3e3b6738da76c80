import { CHAIN_EVENT_NAMES } from "@elowen/plugin-api/chains";
import { HOOK_NAMES } from "@elowen/plugin-api/hooks";
import { ElowenError } from "@elowen/plugin-shared/errors";

/** The codes a {@link HookBusError} carries; callers switch on them. */
export const HOOK_BUS_ERROR_CODES = [
  "hooks.invalid_plugin_name",
  "hooks.invalid_registration",
  "hooks.retired_name",
  "hooks.unknown_name",
  "hooks.not_a_function",
  "hooks.shutdown_via_emit",
  "chains.unknown_event",
  "chains.not_a_function",
  "chains.invalid_matcher",
  "chains.matcher_field",
  "chains.refused_rewrite",
  "chains.invalid_contract",
] as const;
/** One {@link HookBusError} code. */
export type HookBusErrorCode = (typeof HOOK_BUS_ERROR_CODES)[number];

/**
 * A registration or dispatch error of the hook bus: a stable `code`, the `field` at fault when
 * there is one, and a message that says what was expected, what arrived and how to fix it. An
 * `ElowenError`, so `isElowenError(error, "chains.refused_rewrite")` works across copies.
 * Registration errors are thrown; dispatch never throws one at its caller (a hook's own `next`
 * receives `chains.refused_rewrite` when the event it passed down is refused).
 */
export class HookBusError extends ElowenError<HookBusErrorCode> {
  override readonly name = "HookBusError";
  readonly field: string | undefined;

  constructor(code: HookBusErrorCode, message: string, field?: string) {
    super({ code, summary: message });
    this.field = field;
  }
}

/** The error for a chain event name that is not one (or `turn.step` given to `run`). */
export function unknownEvent(event: string, where: string): HookBusError {
  return new HookBusError(
    "chains.unknown_event",
    `${where}: "${event}" is not a ${where === "run" ? "non-streaming " : ""}chain event; the events are ${CHAIN_EVENT_NAMES.join(", ")} (turn.step is raised with stream)`,
    "event",
  );
}

/** The error for a lifecycle hook name that is not one of the six. */
export function unknownHook(name: string): HookBusError {
  return new HookBusError(
    "hooks.unknown_name",
    `"${name}" is not a lifecycle hook; the hooks are ${HOOK_NAMES.join(", ")}`,
    "name",
  );
}
