import type { BrainParts } from "./brain.js";

/** The brain's parts beyond turns: the host's share tools and code mode's composition. */
export function brainParts(): BrainParts {
  return {};
}
