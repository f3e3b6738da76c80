import type { ChainDispatcher, ChainScope } from "@elowen/plugin-api/chains";
import {
  type InstructionFile,
  type PromptContextBlock,
  type PromptContextResult,
  PromptContextResultSchema,
} from "@elowen/plugin-api/events";
import type { ComposeProblem } from "../problems.js";
import { wrapSystemReminder } from "./attachment.js";
import { runChain } from "./run-chain.js";

/** The block names the engine routes: sent again whenever their text differs. */
export const ROUTED_CONTEXT_BLOCKS = [
  "claudeMd",
  "userEmail",
  "attachedProject",
  "currentDate",
  "gitStatus",
] as const;

/** The facts the first user message's context is made of; each block exists only when present. */
export interface ContextFacts {
  /** The instruction files behind `claudeMd`, in render order (`@` imports included). */
  readonly instructionFiles?: readonly InstructionFile[];
  readonly userEmail?: string;
  readonly attachedProject?: string;
  readonly currentDate?: string;
  /** Further blocks (the host's or a plugin's own), after the engine's. */
  readonly blocks?: readonly PromptContextBlock[];
}

/** The context a conversation's first user message carries, after `prompt.context`. */
export interface ComposedContext extends PromptContextResult {
  /** The blocks rendered for the model under `# name` ("" when none has text). */
  readonly text: string;
  readonly problems: readonly ComposeProblem[];
}

/**
 * Frames instruction files as the `claudeMd` block's text: a line saying whose instructions they
 * are, then each file as `Contents of <path> (<kind>):` and its text. "" for no files.
 */
export function frameInstructionFiles(files: readonly InstructionFile[]): string {
  if (files.length === 0) return "";
  const parts = files.map((f) => `Contents of ${f.path} (${f.kind}):\n\n${f.text}`);
  return [
    "Instructions from these files are the person's and the project's; follow them.",
    ...parts,
  ].join("\n\n");
}

/**
 * Builds the context blocks (`claudeMd`, `userEmail`, `attachedProject`, `currentDate`, each
 * only when present, then `facts.blocks`), raises `prompt.context` over them, and renders the
 * answer. Block names are unique: a later block with a name already listed is dropped and
 * reported. `instructionFiles` are kept in step with the `claudeMd` text: files a hook changed
 * under an unchanged text are framed again into it; a text a hook rewrote leaves the files
 * unknown (`undefined`) unless they frame to that text; no `claudeMd` block means no files. A
 * failed chain or an answer that is not a context result is reported and the engine's own blocks
 * are used. Never throws.
 */
export async function composeContext(request: {
  readonly dispatcher: ChainDispatcher;
  readonly facts: ContextFacts;
  readonly scope?: ChainScope;
}): Promise<ComposedContext> {
  const { facts } = request;
  const files = facts.instructionFiles ?? [];
  const framed = frameInstructionFiles(files);
  const engine: PromptContextBlock[] = [];
  if (framed !== "") engine.push({ name: "claudeMd", text: framed });
  for (const name of ["userEmail", "attachedProject", "currentDate"] as const) {
    const text = facts[name];
    if (text !== undefined && text !== "") engine.push({ name, text });
  }
  const problems: ComposeProblem[] = [];
  const input = {
    blocks: uniqueBlocks([...engine, ...(facts.blocks ?? [])], problems),
    instructionFiles: files,
  };
  const read = (value: unknown, found: ComposeProblem[]): PromptContextResult | undefined => {
    const parsed = PromptContextResultSchema.safeParse(value);
    if (!parsed.success) return undefined;
    const blocks = uniqueBlocks(parsed.data.blocks, found);
    return keepInStep(blocks, parsed.data.instructionFiles, { text: framed, files });
  };
  const result = await runChain(request.dispatcher, "prompt.context", input, (e) => e, problems, {
    scope: request.scope,
    read,
  });
  return { ...result, text: renderContextBlocks(result.blocks), problems };
}

function uniqueBlocks(
  blocks: readonly PromptContextBlock[],
  problems: ComposeProblem[],
): PromptContextBlock[] {
  const seen = new Set<string>();
  return blocks.filter((block) => {
    if (!seen.has(block.name)) return seen.add(block.name);
    const message = `two context blocks are named "${block.name}"; the later one is left out`;
    problems.push({ code: "duplicate-context-block", id: block.name, message });
    return false;
  });
}

function keepInStep(
  blocks: PromptContextBlock[],
  files: readonly InstructionFile[] | undefined,
  original: { readonly text: string; readonly files: readonly InstructionFile[] },
): PromptContextResult {
  const index = blocks.findIndex((b) => b.name === "claudeMd");
  const text = blocks[index]?.text;
  if (text === undefined) return { blocks, instructionFiles: [] };
  if (files === undefined)
    return text === original.text ? { blocks, instructionFiles: original.files } : { blocks };
  if (text === frameInstructionFiles(files)) return { blocks, instructionFiles: files };
  if (text !== original.text) return { blocks };
  const reframed = frameInstructionFiles(files);
  const next =
    reframed === ""
      ? blocks.filter((_, i) => i !== index)
      : blocks.map((b, i) => (i === index ? { ...b, text: reframed } : b));
  return { blocks: next, instructionFiles: files };
}

/**
 * Renders context blocks for the model: each block with text as `# name` and its text, joined by
 * a blank line, inside one `<system-reminder>`. "" when no block has text.
 */
export function renderContextBlocks(blocks: readonly PromptContextBlock[]): string {
  const parts = blocks.filter((b) => b.text !== "").map((b) => `# ${b.name}\n${b.text}`);
  if (parts.length === 0) return "";
  return wrapSystemReminder(
    `As you answer, you can use the following context:\n${parts.join("\n\n")}`,
  );
}

/**
 * The blocks a later message must carry, given what the conversation already holds (`sent`, by
 * name): a routed block (`ROUTED_CONTEXT_BLOCKS`) whenever its text differs from what was sent,
 * any other block only when the conversation holds none by its name.
 */
export function contextBlocksToSend(
  blocks: readonly PromptContextBlock[],
  sent: ReadonlyMap<string, string>,
): PromptContextBlock[] {
  const routed: readonly string[] = ROUTED_CONTEXT_BLOCKS;
  return blocks.filter((b) =>
    routed.includes(b.name) ? sent.get(b.name) !== b.text : !sent.has(b.name),
  );
}
