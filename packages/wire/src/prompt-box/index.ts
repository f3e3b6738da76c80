/**
 * @elowen/wire/prompt-box: the prompt box's edit rules, applied alike by the daemon
 * (the engine's own `prompt.edit`) and by the CLI's and the web's composers, so a box behaves the
 * same on every surface.
 */

export { applyPromptEdit, placeFill, spliceOf, tokenAt } from "./box-rules.js";
export type { DecorationStyle } from "./decorations.js";
export {
  decorationStyle,
  normalizeDecorations,
  shiftDecorations,
  styleAt,
} from "./decorations.js";
