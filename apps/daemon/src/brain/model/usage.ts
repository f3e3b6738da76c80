import type { Effort, TurnStopReason, TurnUsage } from "@elowen/plugin-api/events";
import type { AssistantMessage, ThinkingLevel, Usage } from "@mariozechner/pi-ai";

/** A request's usage in the four counts of `TurnUsage`, with the model that answered. */
export function turnUsageOf(usage: Usage, model: string): TurnUsage {
  return {
    inputTokens: usage.input,
    outputTokens: usage.output,
    cacheReadInputTokens: usage.cacheRead,
    cacheCreationInputTokens: usage.cacheWrite,
    model,
  };
}

/** Sums usages (a turn's real requests); the model is the last one's. Undefined for none. */
export function sumUsage(usages: readonly TurnUsage[]): TurnUsage | undefined {
  const last = usages.at(-1);
  if (!last) return undefined;
  let input = 0;
  let output = 0;
  let read = 0;
  let write = 0;
  for (const u of usages) {
    input += u.inputTokens;
    output += u.outputTokens;
    read += u.cacheReadInputTokens;
    write += u.cacheCreationInputTokens;
  }
  return {
    inputTokens: input,
    outputTokens: output,
    cacheReadInputTokens: read,
    cacheCreationInputTokens: write,
    model: last.model,
  };
}

/** Why the model stopped, in `turn.step`'s words: null when no whole response arrived. */
export function stopReasonOf(message: AssistantMessage): TurnStopReason {
  switch (message.stopReason) {
    case "stop":
      return "end_turn";
    case "length":
      return "max_tokens";
    case "toolUse":
      return "tool_use";
    default:
      return null;
  }
}

/** The visible text of a response. */
export function answerOf(message: AssistantMessage): string {
  return message.content.flatMap((b) => (b.type === "text" ? [b.text] : [])).join("");
}

/** The session's thinking level as `turn.step`'s effort (absent for a model without reasoning). */
export function effortOf(level: ThinkingLevel | undefined): Effort | undefined {
  if (level === undefined) return undefined;
  return level === "minimal" ? "low" : level;
}

/** An effort a `turn.step` hook asked for, as pi-ai's thinking level. */
export function reasoningOf(effort: Effort | undefined): ThinkingLevel | undefined {
  if (effort === undefined) return undefined;
  if (typeof effort === "number")
    return effort <= 2048 ? "low" : effort <= 8192 ? "medium" : "high";
  return effort === "max" ? "xhigh" : effort;
}
