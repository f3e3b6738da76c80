import type { ChainDispatcher, ChainScope } from "@elowen/plugin-api/chains";
import { type PromptAttachmentInput, PromptAttachmentInputSchema } from "@elowen/plugin-api/events";
import type { ComposeProblem } from "../problems.js";
import { checkInput } from "../prompt-compose-error.js";
import { runChain } from "./run-chain.js";

/**
 * Wraps host text for the model: `<system-reminder>`, a newline, the text, a newline,
 * `</system-reminder>`.
 */
export function wrapSystemReminder(text: string): string {
  return `<system-reminder>\n${text}\n</system-reminder>`;
}

/** One engine attachment after `prompt.attachment`: null when a hook left it out. */
export interface RenderedAttachment {
  /** What the request carries, wrapped unless `wrap` was false; null to leave it out. */
  readonly text: string | null;
  readonly problems: readonly ComposeProblem[];
}

/**
 * Raises `prompt.attachment` for one message the engine injects (several text blocks arrive
 * joined by newlines in `input.text`) and wraps what the chain answers in `<system-reminder>`:
 * the wrapper goes around the answer, never inside it, so a hook reads and writes the bare text.
 * A `null` answer leaves the attachment out. With `wrap: false` (a provider with a system channel
 * that replaces the wrapper) the text comes back bare. A failed chain, or an answer that is not
 * `{ text: string | null }`, is reported and the engine's text is used. Throws
 * {@link PromptComposeError} `invalid-input` only for an input that breaks the contract (such as
 * `detail` on a type that declares none), which is the host's own error.
 */
export async function renderAttachment(request: {
  readonly dispatcher: ChainDispatcher;
  readonly input: PromptAttachmentInput;
  readonly scope?: ChainScope;
  readonly wrap?: boolean;
}): Promise<RenderedAttachment> {
  checkInput(PromptAttachmentInputSchema, request.input, "prompt.attachment", "input");
  const problems: ComposeProblem[] = [];
  const result = await runChain(
    request.dispatcher,
    "prompt.attachment",
    request.input,
    (e) => ({ text: e.text }),
    problems,
    {
      scope: request.scope,
    },
  );
  const text =
    result.text === null || request.wrap === false ? result.text : wrapSystemReminder(result.text);
  return { text, problems };
}
