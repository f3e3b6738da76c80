import type { TurnStepStream } from "@elowen/plugin-api/chains";
import type { TurnStepChunk, TurnStepResult } from "@elowen/plugin-api/events";
import { StepAssembler, type StepToolCall } from "./step-assembly.js";

/** A `turn.step` stream read to its end. */
export interface CollectedTurnStep {
  /** Every chunk that left the chain, in order. */
  readonly chunks: readonly TurnStepChunk[];
  /** The chain's result, as the top hook (or the engine) returned it. */
  readonly result: TurnStepResult;
  /**
   * The tool calls assembled from the chunks that left the chain: the ones the engine records
   * and runs. A block whose tool chunk a hook kept back is no tool call, whatever `result` says.
   */
  readonly toolCalls: readonly StepToolCall[];
}

/**
 * Reads a `turn.step` stream (what `stream()` returns) to its end and assembles its tool calls
 * from the chunks that came out. Rejects only with the stream's own error.
 */
export async function collectTurnStep(stream: TurnStepStream): Promise<CollectedTurnStep> {
  const chunks: TurnStepChunk[] = [];
  const assembler = new StepAssembler();
  for (;;) {
    const step = await stream.next();
    if (step.done) return { chunks, result: step.value, toolCalls: assembler.toolCalls() };
    chunks.push(step.value);
    assembler.add(step.value);
  }
}
