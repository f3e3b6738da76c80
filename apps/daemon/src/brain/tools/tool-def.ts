import type { ToolCallContext, ToolResult } from "@elowen/plugin-api/tools";

/** What a host tool is told beside the plugin contract's context: whether a producer called it. */
export interface HostToolContext extends ToolCallContext {
  /** True for a call a producer (code mode) made; its `toolCallId` is then the trace row id. */
  readonly nested: boolean;
}

/** A checked argument value, or what is wrong with it (the field and the rule). */
export type ArgumentCheck =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly message: string };

/**
 * A tool as the brain offers it, whatever its source (a plugin, the workspace tools of the pi
 * toolkit, the host's share tools): one shape for the model's direct calls and for code mode's
 * nested calls, which both go through the same gated path.
 */
export interface ToolDef {
  readonly name: string;
  readonly label: string;
  readonly description: string;
  /** JSON Schema of the arguments, as the model reads it. */
  readonly parameters: Record<string, unknown>;
  /** The plugin that registered it, or `core`. */
  readonly owner: string;
  /**
   * `ask`: the permission gate asks the person before it runs; `deny`: the operator refused it
   * (it never runs, whatever a hook says); `never`: it runs without asking.
   */
  readonly permission: "ask" | "never" | "deny";
  /** The argument that states what the call does, shown while the model writes it. */
  readonly reasonField?: string;
  readonly executionMode?: "sequential" | "parallel";
  /** Only the model may call it: never offered to code-mode scripts. */
  readonly modelOnly?: boolean;
  /** Stays on the model's direct surface when code mode withdraws the tools it wraps. */
  readonly direct?: boolean;
  /** The owner's reader of the call's note from its partial arguments (code mode's wrapper). */
  authoringReason?(toolName: string, partialArguments: string): string | undefined;
  check(args: unknown): ArgumentCheck;
  /** One line summarizing the arguments for an approval prompt. */
  summarize(args: unknown): string;
  /** Runs the call; throwing means failure (the gate turns it into an error result). */
  run(args: unknown, context: HostToolContext): Promise<ToolResult>;
}

/** The default one-line summary: the arguments as JSON, cut at 200 characters. */
export function summarizeArguments(args: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(args) ?? "";
  } catch {
    text = String(args);
  }
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}
