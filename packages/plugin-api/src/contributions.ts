import type { AccessSurface } from "./access.js";
import type { PromptOrigin } from "./events/origin.js";

/** Where a turn-context provider's text goes: before the user's words (default) or after them. */
export const TURN_CONTEXT_PLACEMENTS = ["before-user", "after-user"] as const;
/** Where a turn-context provider's text goes. */
export type TurnContextPlacement = (typeof TURN_CONTEXT_PLACEMENTS)[number];

/** What a turn-context provider is told. Resolve session and identity before the first await. */
export interface TurnContextArgs {
  readonly sessionId: string;
  readonly turnId: string;
  readonly userId: number | null;
  /** The user's text for this turn, after input transforms. */
  readonly text: string;
  readonly surface: AccessSurface;
  readonly agentId?: string;
  readonly signal: AbortSignal;
}
/** A turn-context provider's answer: text (before-user), text with a placement, or nothing. */
export type TurnContextResult =
  | string
  | { readonly text: string; readonly placement?: TurnContextPlacement }
  | undefined
  | null;
/** A turn-context provider, run once per prompt composition. */
export type TurnContextProvider = (
  args: TurnContextArgs,
) => TurnContextResult | Promise<TurnContextResult>;

/** What an input transform receives: only the current turn's text may change. */
export interface InputTransformArgs {
  readonly text: string;
  readonly sessionId: string;
  readonly userId: number | null;
  readonly origin: PromptOrigin;
}
/** An input transform (requires `mutates: ["turnContext"]`). */
export type InputTransform = (args: InputTransformArgs) => string | Promise<string>;

/** What a step-context provider is told, after a tool result at the configured interval. */
export interface StepContextArgs {
  readonly sessionId: string;
  readonly turnId: string;
  readonly userId: number | null;
  /** Tool results so far in this turn. */
  readonly toolResults: number;
  readonly lastToolName: string;
  readonly agentId?: string;
  readonly signal: AbortSignal;
}
/** A step-context provider: a short read-only reminder, or "" for none. Clamped to STEP_CONTEXT_MAX_BYTES. */
export type StepContextProvider = (args: StepContextArgs) => string | Promise<string>;

/** `registerPrompts({ dir, entries })`: each entry names `<name>.md` in `dir` (requires `mutates: ["prompt"]`). */
export interface PromptRegistration {
  readonly dir: string;
  readonly entries: readonly { readonly name: string }[];
}
/** Variables for `renderTemplate`; every placeholder must be supplied. */
export type TemplateVariables = Readonly<Record<string, string | number | boolean>>;
