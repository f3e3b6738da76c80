import type {
  PromptAutocompleteInput,
  PromptAutocompleteResult,
  PromptChangeInput,
  PromptEditInput,
  PromptEditResult,
} from "@elowen/plugin-api/prompt-box";
import type { PromptBoxClientChain } from "@elowen/wire";
import { applyPromptEdit } from "@elowen/wire/prompt-box";

/**
 * Where the prompt box raises its chains: the daemon, whose plugins hold the hooks. `hooked()`
 * names the chains with at least one hook, so that a box whose chains have none never waits on
 * the network for an edit. A failed raise fails open: the box keeps what the editor did.
 */
export interface PromptBoxChains {
  hooked(): ReadonlySet<PromptBoxClientChain>;
  edit(input: PromptEditInput): Promise<PromptEditResult>;
  change(input: PromptChangeInput): Promise<void>;
  autocomplete(input: PromptAutocompleteInput): Promise<PromptAutocompleteResult>;
}

/** A box with no plugin hooks: the engine's own behaviour, and nothing is raised. */
export const NO_BOX_CHAINS: PromptBoxChains = {
  hooked: () => new Set(),
  edit: async (e) => applyPromptEdit(e),
  change: async () => {},
  autocomplete: async () => ({ suggestions: [] }),
};
