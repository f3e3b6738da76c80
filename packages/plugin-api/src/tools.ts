import type { z } from "zod";
import type { Access } from "./access.js";
import type { BrainCard } from "./cards.js";
import type { AskAnswer, AskQuestion, QuestionAnswerRecord } from "./questions.js";
import type { ToolTraceRecord } from "./trace-record.js";

/** Text the model reads. */
export interface TextContent {
  readonly type: "text";
  readonly text: string;
}
/** An image the model sees: base64 data and its MIME type. */
export interface ImageContent {
  readonly type: "image";
  readonly data: string;
  readonly mimeType: string;
}

/** What a tool's result may carry for surfaces; `details` never reaches the model. */
export interface ToolResultDetails {
  readonly questionAnswer?: QuestionAnswerRecord;
  readonly toolTrace?: readonly ToolTraceRecord[];
  /** `false`: the reporting call draws no row of its own. */
  readonly ownRow?: false;
  readonly [key: string]: unknown;
}

/** A tool's result, in the shape the agent loop sends on. */
export interface ToolResult<D extends ToolResultDetails = ToolResultDetails> {
  readonly content: readonly (TextContent | ImageContent)[];
  readonly details?: D;
  readonly isError?: boolean;
}

/** A result with one text block (`textResult(modelText, { questionAnswer })`). */
export function textResult<D extends ToolResultDetails>(text: string, details?: D): ToolResult<D> {
  return details === undefined
    ? { content: [{ type: "text", text }] }
    : { content: [{ type: "text", text }], details };
}

/** An error result with one text block; its reason survives into traces. */
export function errorResult<D extends ToolResultDetails>(text: string, details?: D): ToolResult<D> {
  return { ...textResult(text, details), isError: true };
}

/** What a tool's `execute` receives beside its arguments. */
export interface ToolCallContext {
  /** The call id: the provider's id for a direct call, the host-minted row id for a nested one. */
  readonly toolCallId: string;
  readonly sessionId: string;
  readonly turnId: string;
  readonly agentId?: string;
  readonly access: Access;
  readonly signal: AbortSignal;
  /** Streams a partial result to the running row (e.g. an output tail). */
  onUpdate(partial: ToolResult): void;
  /** Parks the interactive turn and resolves index-aligned answers (expired on timeout). */
  askUser(questions: readonly AskQuestion[]): Promise<readonly AskAnswer[]>;
  /** Pushes a card to the conversation's clients; a no-op outside an interactive turn. */
  emitCard(card: BrainCard): void;
}

/** Tool names: a letter, then letters, digits, `_` or `-`, at most 64 characters. */
export const TOOL_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/** A tool a plugin registers. `parameters` is a zod schema; the host converts it to JSON Schema. */
export interface PluginTool<P extends z.ZodType = z.ZodType> {
  readonly name: string;
  readonly label?: string;
  readonly description: string;
  readonly parameters: P;
  /** The argument that states what the call does (e.g. Bash's `description`), shown while it is written. */
  readonly reasonField?: string;
  /** Whether the permission gate asks before running it (default: never for plugin tools). */
  readonly permission?: "ask" | "never";
  /** One line summarizing the arguments for an approval prompt. */
  summarize?(args: z.infer<P>): string;
  readonly executionMode?: "sequential" | "parallel";
  /**
   * `true`: the tool stays a direct model tool when code mode is on. By default a code-mode
   * plugin that takes the turn's tools into its scripts (the bundled one does) withdraws them from
   * the model's direct surface, so the model reaches them only as `tools.<name>` inside `exec`.
   */
  readonly direct?: boolean;
  /** Runs the call. Throw on failure; the host turns the error into an error result. */
  execute(args: z.infer<P>, context: ToolCallContext): Promise<ToolResult>;
}
