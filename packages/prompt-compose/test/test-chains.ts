import type {
  ChainDispatcher,
  ChainEventName,
  ChainInput,
  ChainResult,
  ChainScope,
} from "@elowen/plugin-api";

type PlainEvent = Exclude<ChainEventName, "turn.step">;
/** A hook as these tests write one: `(e, next)`. */
export type TestHook<E extends PlainEvent> = (
  e: ChainInput<E>,
  next: (e?: ChainInput<E>) => Promise<ChainResult<E>>,
) => ChainResult<E> | Promise<ChainResult<E>>;

/** A dispatcher for tests, and how to hook it. */
export interface TestChains {
  readonly dispatcher: ChainDispatcher;
  on<E extends PlainEvent>(event: E, hook: TestHook<E>): void;
  /** Every raise, in order, with the scope it carried. */
  readonly raised: { readonly event: PlainEvent; readonly scope: ChainScope | undefined }[];
}

/**
 * A minimal chain engine for tests: hooks run in registration order, the first outermost; `next`
 * without an event passes the one received. It does none of hook-bus's validation, budgets or
 * pinning, so that these tests see exactly what prompt-compose does with what a chain answers.
 */
export function testChains(): TestChains {
  const hooks = new Map<PlainEvent, TestHook<never>[]>();
  const raised: TestChains["raised"] = [];
  const dispatcher: ChainDispatcher = {
    has: (event) => (hooks.get(event as PlainEvent)?.length ?? 0) > 0,
    run(event, input, bottom, scope) {
      raised.push({ event, scope });
      const list = (hooks.get(event) ?? []) as unknown as TestHook<typeof event>[];
      const layer = async (
        index: number,
        e: ChainInput<typeof event>,
      ): Promise<ChainResult<typeof event>> => {
        const hook = list[index];
        if (hook === undefined) return bottom(e);
        return hook(e, (next) => layer(index + 1, next ?? e));
      };
      return layer(0, input);
    },
    stream() {
      throw new Error("turn.step is not raised by prompt-compose");
    },
  };
  return {
    dispatcher,
    raised,
    on(event, hook) {
      const list = hooks.get(event) ?? [];
      list.push(hook as unknown as TestHook<never>);
      hooks.set(event, list);
    },
  };
}
