/**
 * @elowen/prompt-compose: the system prompt (sections, cache boundary, `prompt.compose` and
 * `prompt.section`), plugin fragments and platform fragments, turn-context, input-transform and
 * step-context providers, registered templates, context blocks and attachments, `skill.prompt`,
 * argument substitution and the `<available_skills>` block. Plain functions and a per-host
 * registry; every input is passed explicitly.
 */

export { parseArguments } from "./arguments/parse-arguments.js";
export { substituteArguments } from "./arguments/substitute-arguments.js";
export type { AvailableSkill } from "./available-skills.js";
export { AVAILABLE_SKILLS_SECTION, renderAvailableSkills } from "./available-skills.js";
export type { RenderedAttachment } from "./chains/attachment.js";
export { renderAttachment, wrapSystemReminder } from "./chains/attachment.js";
export type { ComposedContext, ContextFacts } from "./chains/context-blocks.js";
export {
  composeContext,
  contextBlocksToSend,
  frameInstructionFiles,
  ROUTED_CONTEXT_BLOCKS,
  renderContextBlocks,
} from "./chains/context-blocks.js";
export { renderSkillPrompt } from "./chains/skill-prompt.js";
export type {
  ComposedSystemPrompt,
  ComposeRequest,
  HostSection,
  PluginSection,
} from "./compose.js";
export { compose } from "./compose.js";
export type {
  PlatformFragmentFile,
  PlatformFragments,
  PlatformFragmentsRequest,
} from "./platform/platform-fragments.js";
export { loadPlatformFragments } from "./platform/platform-fragments.js";
export type { ComposeProblem, ComposeProblemCode } from "./problems.js";
export { COMPOSE_PROBLEM_CODES } from "./problems.js";
export type { PromptComposeErrorCode } from "./prompt-compose-error.js";
export { PROMPT_COMPOSE_ERROR_CODES, PromptComposeError } from "./prompt-compose-error.js";
export type {
  InputTransformOutcome,
  InputTransformRegistration,
} from "./providers/input-transforms.js";
export { applyInputTransforms } from "./providers/input-transforms.js";
export type {
  StepContextRecord,
  StepContextRegistration,
  StepContextRender,
} from "./providers/step-context.js";
export {
  clampUtf8,
  isStepContextDue,
  renderStepContext,
  renderStepContextNow,
} from "./providers/step-context.js";
export type {
  Clock,
  ProviderRunOptions,
  TurnContextOutcome,
  TurnContextRegistration,
} from "./providers/turn-context.js";
export { renderTurnContext, TURN_CONTEXT_MAX_CHARS } from "./providers/turn-context.js";
export type { TextBlock, TurnContextRecord } from "./providers/turn-context-record.js";
export {
  formatTurnContext,
  parseTurnContextRecord,
  replayTurnContext,
} from "./providers/turn-context-record.js";
export type { PluginIdentity } from "./registry/plugin-identity.js";
export { CONTRIBUTION_NAME_PATTERN } from "./registry/plugin-identity.js";
export type {
  PluginFilter,
  PluginPromptSeams,
  PromptRegistry,
} from "./registry/prompt-registry.js";
export {
  createPromptRegistry,
  SYSTEM_PROMPT_FRAGMENT_MAX_CHARS,
} from "./registry/prompt-registry.js";
export type { EngineSection } from "./sections/engine-sections.js";
export { ENGINE_SECTIONS, engineSectionText } from "./sections/engine-sections.js";
export type { NormalizedSections } from "./sections/normalize-sections.js";
export { normalizeSections } from "./sections/normalize-sections.js";
export type { SystemBlock, SystemPrompt } from "./sections/system-prompt.js";
export {
  buildSystemPrompt,
  SECTION_SEPARATOR,
  toSystemBlocks,
  toSystemText,
} from "./sections/system-prompt.js";
export { renderTemplateText } from "./templates/render-template.js";
export type { CoreTemplates } from "./templates/template-registry.js";
