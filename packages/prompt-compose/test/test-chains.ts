import { HookBus } from "@elowen/hook-bus";
import type { ChainDispatcher } from "@elowen/plugin-api/chains";

/** The real chain engine, as the daemon runs it, with hooks registered for plugin `acme`. */
export function hookBus(): HookBus {
  return new HookBus();
}

/**
 * A chain engine that misbehaves on every raise of a hooked event: it answers `answer` as the
 * chain's result, or rejects with `rejection`. It stands in for a broken injected dispatcher
 * (hook-bus itself validates hooks' answers), so that the tests see prompt-compose's own guard.
 */
export function brokenDispatcher(
  behaviour: { readonly answer: unknown } | { readonly rejection: unknown },
  hooked: readonly string[],
): ChainDispatcher {
  return {
    has: (event) => hooked.includes(event),
    run: async () => {
      if ("rejection" in behaviour) throw behaviour.rejection;
      return behaviour.answer as never;
    },
    stream: () => {
      throw new Error("turn.step is not raised by prompt-compose");
    },
  };
}
