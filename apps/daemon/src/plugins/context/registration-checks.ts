import { SKILL_REVIEWER_CONTRACT_VERSION } from "@elowen/plugin-api/limits";
import { PLUGIN_REGISTRATION_ERRORS, PluginRegistrationError } from "./registration-error.js";

/** Refuses a reviewer registration of any contract version but 2. */
export function checkReviewer(registration: {
  readonly contractVersion?: unknown;
  readonly run?: unknown;
  readonly status?: unknown;
}): void {
  if (registration?.contractVersion !== SKILL_REVIEWER_CONTRACT_VERSION) {
    throw new PluginRegistrationError({
      code: PLUGIN_REGISTRATION_ERRORS.contractRefused,
      summary: `registerSkillReviewer: contract version ${String(registration?.contractVersion)} is refused; this host accepts only contract version ${SKILL_REVIEWER_CONTRACT_VERSION}: { contractVersion: ${SKILL_REVIEWER_CONTRACT_VERSION}, run, status }`,
    });
  }
  if (typeof registration.run !== "function" || typeof registration.status !== "function") {
    throw new TypeError("registerSkillReviewer: run and status must be functions");
  }
}
