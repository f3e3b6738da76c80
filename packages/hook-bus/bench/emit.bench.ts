// Observational emit to 50 hooks, each under its budget, against hookable's callHookParallel
// (no budgets) on the same hooks and payload (BENCH.md).
import { compare } from "@elowen/bench";
import { HookBus } from "@elowen/hook-bus";
import type { ToolCallAfterPayload } from "@elowen/plugin-api/hooks";
import { createHooks } from "hookable";

const HOOKS = 50;
const payload: ToolCallAfterPayload = {
  sessionId: "s1",
  toolCallId: "c1",
  toolName: "Read",
  args: { path: "/tmp/x" },
  isError: false,
  text: "ok",
  nested: false,
};
let seen = 0;
const observe = async (p: ToolCallAfterPayload) => {
  if (p.isError) seen++;
};

const bus = new HookBus();
for (let i = 0; i < HOOKS; i++)
  bus.registerHook(`plugin-${i}`, { name: "tools.call.after", run: (p) => observe(p) });
const hookable = createHooks<{ "tools:call:after": (p: ToolCallAfterPayload) => Promise<void> }>();
for (let i = 0; i < HOOKS; i++) hookable.hook("tools:call:after", (p) => observe(p));

await compare({
  name: "emit to 50 hooks with budgets",
  ours: () => bus.emit("tools.call.after", payload),
  peer: () => hookable.callHookParallel("tools:call:after", payload),
  peerName: "hookable callHookParallel (no budgets)",
  target: "ratio <= 1.5",
});
bus.close();
if (seen !== 0) throw new Error("the benchmark's hooks saw an error payload");
