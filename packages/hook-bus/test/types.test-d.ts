import type { ChainDispatcher, ChainEvent, DeepReadonly } from "@elowen/plugin-api/chains";
import type { PromptSubmitInput, TurnStepInput } from "@elowen/plugin-api/events";
import type { PromptAutocompleteInput } from "@elowen/plugin-api/prompt-box";
import { expectTypeOf, test } from "vitest";
import { HookBus, type HookDenial, type RunBoundaryHookPatch } from "../src/index.js";

const bus = new HookBus();

test("the bus is the plugin contract's ChainDispatcher", () => {
  expectTypeOf(bus).toMatchTypeOf<ChainDispatcher>();
});

test("a chain hook reads its event's own input and matcher fields", () => {
  bus.on("p", "prompt.autocomplete", { token: /^#/ }, async (_$, e, next) => {
    expectTypeOf(e).toEqualTypeOf<DeepReadonly<PromptAutocompleteInput>>();
    return next(e);
  });
  // @ts-expect-error prompt.autocomplete has no field "tokens"
  bus.on("p", "prompt.autocomplete", { tokens: /^#/ }, (_$, e, next) => next(e));
});

test("a turn.step hook is an async generator over next(e)", () => {
  bus.on("p", "turn.step", async function* (_$, e, next) {
    expectTypeOf(e).toEqualTypeOf<ChainEvent<"turn.step">>();
    expectTypeOf(e).toEqualTypeOf<DeepReadonly<TurnStepInput>>();
    return yield* next(e);
  });
  // @ts-expect-error a turn.step hook yields chunks; a plain answer does not type-check
  bus.on("p", "turn.step", (_$, e) => ({ ...e }));
});

test("a hook's event is read-only at every depth; a rewrite passes a new object", () => {
  bus.on("p", "prompt.submit", (_$, e, next) => {
    // @ts-expect-error pinned fields cannot be assigned in place
    e.origin = { kind: "bridge" };
    // @ts-expect-error nor can anything inside them
    e.origin.kind = "bridge";
    // @ts-expect-error free fields are rewritten through next, not in place
    e.text = "rewritten";
    return next({ ...e, text: "rewritten" });
  });
  const raised: PromptSubmitInput = { text: "hi", wait: false, origin: { kind: "composer" } };
  void bus.run("prompt.submit", raised, (e) => ({ text: e.text }));
});

test("gated dispatch returns what it decided", () => {
  expectTypeOf(bus.emitBlocking).returns.resolves.toEqualTypeOf<HookDenial | undefined>();
  expectTypeOf(bus.emitRunBoundary).returns.resolves.toEqualTypeOf<
    readonly RunBoundaryHookPatch[]
  >();
});

test("retired names are not lifecycle hook names", () => {
  // @ts-expect-error brain.turn.beforeSend is retired
  bus.registerHook("p", { name: "brain.turn.beforeSend", run: () => {} });
});
