/** `@elowen/plugin-api/prompt-context`. Prompt contributions: input transforms, turn-context and step-context providers, prompt templates. */

export type {
  InputTransform,
  InputTransformArgs,
  PromptRegistration,
  StepContextArgs,
  StepContextProvider,
  TemplateVariables,
  TurnContextArgs,
  TurnContextPlacement,
  TurnContextProvider,
  TurnContextResult,
} from "../contributions.js";
export { TURN_CONTEXT_PLACEMENTS } from "../contributions.js";
