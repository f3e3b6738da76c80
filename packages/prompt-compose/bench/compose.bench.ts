import { compare } from "@elowen/bench";
import { HookBus } from "@elowen/hook-bus";
import type { PromptComposeInput } from "@elowen/plugin-api/events";
import { compose, createPromptRegistry, renderTurnContext, toSystemText } from "../src/index.js";

// The real chain engine with no hook on prompt.compose or prompt.section, as on most hosts.
const dispatcher = new HookBus();

const registry = createPromptRegistry();
const fragmentTexts: string[] = [];
for (let p = 0; p < 50; p++) {
  const text = `Plugin ${p} instructions: ${"keep tickets tidy and cite their numbers. ".repeat(8)}`;
  fragmentTexts.push(text);
  registry
    .forPlugin({ name: `plugin-${p}`, grants: [], root: process.cwd() })
    .registerSystemPromptFragment(text);
}
const providerTexts: string[] = [];
for (let p = 0; p < 20; p++) {
  const text = `Context ${p}: ${"the build is green and the queue holds three jobs. ".repeat(3)}`;
  providerTexts.push(text);
  registry
    .forPlugin({ name: `context-${p}`, grants: [], root: process.cwd() })
    .registerTurnContext(() => text);
}
const skills = Array.from({ length: 10_000 }, (_, i) => ({
  name: `skill-${i}`,
  description: `Use when the task is about area ${i} of the product and its release notes.`,
  lineCount: 20 + (i % 300),
}));

const input: PromptComposeInput = {
  model: "m",
  promptModel: "m",
  surfaces: ["terminal"],
  tools: ["SkillLoad"],
  outputStyle: null,
  traits: ["skills"],
};
const args = { sessionId: "s", turnId: "t", userId: 1, text: "go", surface: "cli" as const };
const clock = { now: () => 0 };
const fragments = registry.fragments();
const providers = registry.turnContextProviders();

const ours = async () => {
  const prompt = await compose({ dispatcher, input, fragments, skills, persona: "You are Ada." });
  const context = await renderTurnContext(providers, args, { clock });
  return [toSystemText(prompt), context.records];
};
const join = () =>
  [
    ...fragmentTexts,
    "You are Ada.",
    ...skills.map((s) => `- ${s.name} (${s.lineCount} lines): ${s.description}`),
    ...providerTexts,
  ].join("\n\n");

await compare({
  name: "compose: 50 fragments, 20 turn-context providers, 10,000 skills",
  ours,
  peer: join,
  peerName: "plain string join of the same texts",
  target: "ratio <= 3",
  unit: "µs/op",
});
