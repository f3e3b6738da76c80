import type {
  TurnStepChunk,
  TurnStepInput,
  TurnStepResult,
  TurnStopReason,
  TurnUsage,
} from "@elowen/plugin-api/events";
import { errorMessage } from "@elowen/plugin-shared/errors";

/** A tool call assembled from the chunks that left the chain: a tool chunk and its input pieces. */
export interface StepToolCall {
  /** The content block it came in. */
  readonly index: number;
  readonly id: string;
  readonly name: string;
  /** The input pieces joined. */
  readonly json: string;
  /** The parsed arguments; absent when the JSON is broken (`inputError` says why). */
  readonly input?: unknown;
  readonly inputError?: string;
}

/**
 * Assembles a `turn.step` response from its chunks: visible text joined in order, tool calls
 * (only blocks whose tool chunk arrived; input pieces of any other block are no call), and the
 * stop chunk's reason and usage. Arguments streamed as nothing read as `{}`.
 */
export class StepAssembler {
  #answer = "";
  readonly #tools = new Map<number, { id: string; name: string; json: string }>();
  #stopReason: TurnStopReason = null;
  #usage: TurnUsage | null = null;

  /** Adds one chunk that left the chain. */
  add(chunk: TurnStepChunk): void {
    switch (chunk.kind) {
      case "text":
        this.#answer += chunk.text;
        break;
      case "tool":
        if (!this.#tools.has(chunk.index))
          this.#tools.set(chunk.index, { id: chunk.id, name: chunk.name, json: "" });
        break;
      case "input": {
        const tool = this.#tools.get(chunk.index);
        if (tool) tool.json += chunk.json;
        break;
      }
      case "stop":
        this.#stopReason = chunk.stopReason;
        this.#usage = chunk.usage;
        break;
      default:
        break;
    }
  }

  /** The tool calls, in the order their tool chunks came out. */
  toolCalls(): StepToolCall[] {
    return [...this.#tools].map(([index, tool]) => {
      const base = { index, id: tool.id, name: tool.name, json: tool.json };
      if (tool.json.trim() === "") return { ...base, input: {} };
      try {
        return { ...base, input: JSON.parse(tool.json) as unknown };
      } catch (error) {
        return { ...base, inputError: errorMessage(error) };
      }
    });
  }

  /** The whole response as a `turn.step` result for `input`. */
  result(input: TurnStepInput): TurnStepResult {
    return {
      turnId: input.turnId,
      index: input.index,
      answer: this.#answer,
      toolUses: this.toolCalls().map((call) => ({ name: call.name, input: call.input })),
      stopReason: this.#stopReason,
      usage: this.#usage,
    };
  }
}
