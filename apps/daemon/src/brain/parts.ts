import type { BrainParts } from "./brain.js";
import { composeCodeMode } from "./code-mode/composition.js";
import { shareTools } from "./shares/share-tools.js";

/** The brain's parts beyond turns: the host's share tools and code mode's composition. */
export function brainParts(): BrainParts {
  return {
    hostTools: (_brain, turn, progress) => shareTools(turn, progress),
    composeTools: (brain, turn, progress, tools) => composeCodeMode(brain, turn, progress, tools),
  };
}
