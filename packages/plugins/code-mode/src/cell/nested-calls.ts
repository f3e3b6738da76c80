import type { ImageContent, ToolResult } from "@elowen/plugin-api/tools";
import type { CodeModeTraceSink, NestedTool } from "@elowen/plugin-api/trace";
import { errorMessage } from "@elowen/plugin-shared/errors";
import { CodeModeError } from "../code-mode-error.js";
import { MAX_NESTED_RESULT_CHARS } from "../limits.js";
import type { NestedOutcome, NestedRequest } from "../sandbox/protocol.js";

/** A nested call that finished, as a report lists it. */
export interface FinishedCall {
  readonly name: string;
  readonly ok: boolean;
  readonly images: readonly ImageContent[];
}

/** What the scheduler needs from its cell. */
export interface NestedCallsDeps {
  readonly tools: ReadonlyMap<string, NestedTool>;
  readonly sink: CodeModeTraceSink;
  /** Aborted when the cell is killed; every nested call receives it. */
  readonly signal: AbortSignal;
  readonly maxCalls: number;
  readonly maxConcurrent: number;
  /** Hands the outcome back to the script. */
  settle(id: number, outcome: NestedOutcome): void;
  /** Told of each call as it finishes, in completion order. */
  finished(call: FinishedCall): void;
}

const MAX_ERROR_MESSAGE_CHARS = 2000;

/**
 * Runs a cell's nested calls through the host's trace sink, so each is an ordinary row whose id
 * is the call id the tool sees. At most `maxConcurrent` run at once (the rest wait in call order)
 * and at most `maxCalls` are made; a call past that fails in the script without reaching a tool.
 */
export class NestedCalls {
  private readonly queue: NestedRequest[] = [];
  private readonly active = new Map<number, string>();
  private made = 0;

  constructor(private readonly deps: NestedCallsDeps) {}

  /** Calls made so far, queued ones included. */
  get total(): number {
    return this.made;
  }

  /** Names of the calls running now, in start order. */
  running(): string[] {
    return [...this.active.values()];
  }

  /** Calls waiting for a free slot. */
  get queued(): number {
    return this.queue.length;
  }

  /** Accepts calls from the script, in call order. */
  submit(requests: readonly NestedRequest[]): void {
    for (const request of requests) {
      const refusal = this.refusal(request);
      if (refusal) this.deps.settle(request.id, { ok: false, message: refusal, text: "" });
      else {
        this.made++;
        this.queue.push(request);
      }
    }
    this.pump();
  }

  /** Forgets calls that never started (the cell ended): they have no row and run nothing. */
  dropQueued(): void {
    this.queue.length = 0;
  }

  private refusal(request: NestedRequest): string | undefined {
    if (!this.deps.tools.has(request.name))
      return `tools.${request.name} is not a tool this script can call`;
    if (this.made >= this.deps.maxCalls)
      return `tools.${request.name} was not called: this cell already made ${this.deps.maxCalls} nested calls, the most one cell may make (maxCallsPerCell)`;
    return undefined;
  }

  private pump(): void {
    while (this.active.size < this.deps.maxConcurrent && !this.deps.signal.aborted) {
      const request = this.queue.shift();
      if (!request) return;
      this.active.set(request.id, request.name);
      void this.execute(request);
    }
  }

  private async execute(request: NestedRequest): Promise<void> {
    const { name } = request;
    const tool = this.deps.tools.get(name);
    let outcome: NestedOutcome;
    let images: ImageContent[] = [];
    try {
      if (!tool) throw new CodeModeError("code_mode.tool_gone", "the tool is gone");
      const args: unknown = JSON.parse(request.args);
      const signal = this.deps.signal;
      const result = await this.deps.sink.call(name, args, (rowId) =>
        tool.execute(rowId, args, signal),
      );
      images = imagesOf(result);
      outcome = outcomeOf(name, result);
    } catch (error) {
      const message = errorMessage(error);
      outcome = { ok: false, message: clip(`tools.${name} failed: ${message}`), text: "" };
    }
    this.active.delete(request.id);
    this.deps.finished({ name, ok: outcome.ok, images });
    this.deps.settle(request.id, outcome);
    this.pump();
  }
}

function imagesOf(result: ToolResult): ImageContent[] {
  return result.content.filter((block): block is ImageContent => block.type === "image");
}

/** What a script receives for a tool's result: its text, or a `ToolError` for an error result. */
export function outcomeOf(name: string, result: ToolResult): NestedOutcome {
  let text = result.content
    .filter((block) => block.type === "text")
    .map((block) => block.text)
    .join("\n");
  if (text.length > MAX_NESTED_RESULT_CHARS) {
    const omitted = text.length - MAX_NESTED_RESULT_CHARS;
    text = `${text.slice(0, MAX_NESTED_RESULT_CHARS)}\n[… ${omitted} more characters omitted: a script receives at most ${MAX_NESTED_RESULT_CHARS}]`;
  }
  if (!result.isError) return { ok: true, text };
  return { ok: false, message: clip(`tools.${name} failed: ${text || "(no message)"}`), text };
}

function clip(message: string): string {
  return message.length > MAX_ERROR_MESSAGE_CHARS
    ? `${message.slice(0, MAX_ERROR_MESSAGE_CHARS)}…`
    : message;
}
