import {
  CHAIN_EVENT_NAMES,
  HOOK_NAMES,
  retiredHookReplacement,
  SKILL_REVIEWER_CONTRACT_VERSION,
} from "@elowen/plugin-api";

/** Refuses an unknown or retired hook name; a retired one's message names its replacement. */
export function checkHookName(name: unknown): void {
  if (typeof name !== "string") throw new TypeError("registerHook: name is required");
  const retired = retiredHookReplacement(name);
  if (retired) throw new Error(`registerHook: ${retired}`);
  if (!(HOOK_NAMES as readonly string[]).includes(name)) {
    throw new Error(`registerHook: unknown hook "${name}"; hooks are ${HOOK_NAMES.join(", ")}`);
  }
}

/** Refuses an unknown chain event. */
export function checkChainEvent(event: unknown): void {
  if (typeof event !== "string" || !(CHAIN_EVENT_NAMES as readonly string[]).includes(event)) {
    throw new Error(
      `on: unknown chain event "${String(event)}"; events are ${CHAIN_EVENT_NAMES.join(", ")}`,
    );
  }
}

/** Refuses a reviewer registration of any contract version but 2 (seed 003). */
export function checkReviewer(registration: {
  readonly contractVersion?: unknown;
  readonly run?: unknown;
  readonly status?: unknown;
}): void {
  if (registration?.contractVersion !== SKILL_REVIEWER_CONTRACT_VERSION) {
    throw new Error(
      `registerSkillReviewer: contract version ${String(registration?.contractVersion)} is refused; this host accepts only contract version ${SKILL_REVIEWER_CONTRACT_VERSION}: { contractVersion: ${SKILL_REVIEWER_CONTRACT_VERSION}, run, status }`,
    );
  }
  if (typeof registration.run !== "function" || typeof registration.status !== "function") {
    throw new TypeError("registerSkillReviewer: run and status must be functions");
  }
}
