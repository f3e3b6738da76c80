import type { PromptComposeInput } from "@elowen/plugin-api/events";
import { ENGINE_SECTIONS } from "../src/sections/engine-sections.js";

/** A compose input with no traits and no output style. */
export const INPUT: PromptComposeInput = {
  model: "claude-test",
  promptModel: "claude-test",
  surfaces: ["terminal"],
  tools: ["Read", "SkillLoad"],
  outputStyle: null,
  traits: [],
};

/** The section ids of a composed prompt, in order. */
export const ids = (r: { sections: readonly { id: string }[] }) => r.sections.map((s) => s.id);

/** The default text of an engine section whose text does not depend on the input. */
export const engineText = (id: string) => {
  const text = ENGINE_SECTIONS.find((s) => s.id === id)?.text;
  return typeof text === "string" ? text : "";
};
