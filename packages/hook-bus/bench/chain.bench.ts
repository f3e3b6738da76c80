// The chain engine against a direct call of the engine and against koa-compose (BENCH.md). Both
// sides do the same work per layer: rewrite the event's text into a new event object (the seed's
// `next({ ...e, text })`; a koa middleware does it as `ctx.event = { ...ctx.event, text }`).
import { compare } from "@elowen/bench";
import { HookBus } from "@elowen/hook-bus";
import type { PromptSubmitInput, PromptSubmitResult } from "@elowen/plugin-api/events";
import compose from "koa-compose";

const input: PromptSubmitInput = { text: "hello", wait: false, origin: { kind: "composer" } };
const bottom = async (e: PromptSubmitInput): Promise<PromptSubmitResult> => ({ text: e.text });
const HOOKS = 10;

const empty = new HookBus();
await compare({
  name: "chain with no hooks",
  ours: () => empty.run("prompt.submit", input, bottom),
  peer: () => bottom(input),
  peerName: "direct call of the engine function",
  target: "ratio <= 1.2",
});

interface KoaContext {
  event: PromptSubmitInput;
  result?: PromptSubmitResult;
}
const koaBottom = async (ctx: KoaContext) => {
  ctx.result = await bottom(ctx.event);
};

const bus = new HookBus();
for (let i = 0; i < HOOKS; i++)
  bus.on(`plugin-${i}`, "prompt.submit", (_$, e, next) => next({ ...e, text: `${e.text}!` }));
const koa = compose<KoaContext>([
  ...Array.from({ length: HOOKS }, () => (ctx: KoaContext, next: () => Promise<unknown>) => {
    ctx.event = { ...ctx.event, text: `${ctx.event.text}!` };
    return next();
  }),
  koaBottom,
]);
await compare({
  name: "chain of 10 rewrite hooks",
  ours: () => bus.run("prompt.submit", input, bottom),
  peer: () => koa({ event: input }),
  peerName: "koa-compose",
  target: "ratio <= 1.0",
});

// Dispatch alone: each layer passes the event on unchanged, so neither side builds an object and
// the figure is the chain machinery's own cost (the bus still runs its rewrite check per layer).
const passBus = new HookBus();
for (let i = 0; i < HOOKS; i++)
  passBus.on(`plugin-${i}`, "prompt.submit", (_$, e, next) => next(e));
const passKoa = compose<KoaContext>([
  ...Array.from(
    { length: HOOKS },
    () => (_ctx: KoaContext, next: () => Promise<unknown>) => next(),
  ),
  koaBottom,
]);
await compare({
  name: "chain of 10 pass-through hooks (dispatch alone)",
  ours: () => passBus.run("prompt.submit", input, bottom),
  peer: () => passKoa({ event: input }),
  peerName: "koa-compose",
  target: "informational: the machinery without the hooks' own work",
});

const asyncBus = new HookBus();
for (let i = 0; i < HOOKS; i++)
  asyncBus.on(`plugin-${i}`, "prompt.submit", async (_$, e, next) => {
    const answer = await next({ ...e, text: `${e.text}!` });
    return answer;
  });
const asyncKoa = compose<KoaContext>([
  ...Array.from({ length: HOOKS }, () => async (ctx: KoaContext, next: () => Promise<unknown>) => {
    ctx.event = { ...ctx.event, text: `${ctx.event.text}!` };
    await next();
  }),
  koaBottom,
]);
await compare({
  name: "chain of 10 async rewrite hooks (each awaits next)",
  ours: () => asyncBus.run("prompt.submit", input, bottom),
  peer: () => asyncKoa({ event: input }),
  peerName: "koa-compose",
  target: "informational: an async hook's answer is watched, checked and budgeted",
});
for (const b of [empty, bus, passBus, asyncBus]) b.close();
