import type { ChainDispatcher, ChainScope } from "@elowen/plugin-api/chains";
import {
  type SkillPromptArgs,
  type SkillPromptInput,
  SkillPromptInputSchema,
} from "@elowen/plugin-api/events";
import type { ComposeProblem } from "../problems.js";
import { checkInput } from "../prompt-compose-error.js";
import { runChain } from "./run-chain.js";

/**
 * Raises `skill.prompt` for a skill's expanded text before the model reads it: hooks rewrite the
 * text and frontmatter (the other fields are pinned), and the text the chain answers is what the
 * model reads. `frontmatter` and `source` left out read `{}` and `built-in`. A failed chain, or
 * an answer that is not `{ text: string }`, is reported and the skill's own text is used. Throws
 * {@link PromptComposeError} `invalid-input` only for input that breaks the contract.
 */
export async function renderSkillPrompt(request: {
  readonly dispatcher: ChainDispatcher;
  readonly args: SkillPromptArgs;
  readonly scope?: ChainScope;
}): Promise<{ readonly text: string; readonly problems: readonly ComposeProblem[] }> {
  const input: SkillPromptInput = {
    ...request.args,
    frontmatter: request.args.frontmatter ?? {},
    source: request.args.source ?? "built-in",
  };
  checkInput(SkillPromptInputSchema, input, "skill.prompt", "args");
  const problems: ComposeProblem[] = [];
  const result = await runChain(
    request.dispatcher,
    "skill.prompt",
    input,
    (e) => ({ text: e.text }),
    problems,
    {
      scope: request.scope,
    },
  );
  return { text: result.text, problems };
}
