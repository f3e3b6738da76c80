import { HookBus } from "@elowen/hook-bus";
import type { ChainEventName } from "@elowen/plugin-api/chains";
import { PROMPT_BOX_CLIENT_CHAINS } from "@elowen/wire";
import type { PromptBoxChains } from "../../src/prompt/prompt-box-chains.js";
import { NO_BOX_CHAINS } from "../../src/prompt/prompt-box-chains.js";

/**
 * The prompt box's chains raised on a real @elowen/hook-bus in this process: the same chain
 * engine the daemon raises them on, with the engine's own behaviour at the bottom. `raised`
 * records every input, in order.
 */
export function hookBusChains(
  bus: HookBus,
): PromptBoxChains & { readonly raised: { event: ChainEventName; input: unknown }[] } {
  const raised: { event: ChainEventName; input: unknown }[] = [];
  return {
    raised,
    hooked: () => new Set(Object.values(PROMPT_BOX_CLIENT_CHAINS).filter((e) => bus.has(e))),
    edit: async (input) => {
      raised.push({ event: "prompt.edit", input });
      return bus.run("prompt.edit", input, (e) => NO_BOX_CHAINS.edit(e));
    },
    change: async (input) => {
      raised.push({ event: "prompt.change", input });
      await bus.run("prompt.change", input, (e) => ({ text: e.text }));
    },
    autocomplete: async (input) => {
      raised.push({ event: "prompt.autocomplete", input });
      return bus.run("prompt.autocomplete", input, () => ({ suggestions: [] }));
    },
  };
}

export { HookBus };
