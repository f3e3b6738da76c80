import { type SessionUsage, USAGE_UNITS, type UsageUnit } from "@elowen/plugin-api/events";
import { parseEntryData } from "@elowen/wire";
import { currentTurn } from "../../plugins/call-scope/turn-scope.js";
import { NotInTurnError } from "../../plugins/context/turn-services.js";
import type { BrainContext } from "../turn/brain-context.js";

/**
 * `$.session.usage()` for the current turn's session, from pi-ai's usage as the journal holds it:
 * `context` is the last response's whole prompt and output against the model's window; `cost`
 * sums every response of the active branch; `rateLimits` holds the windows the provider's latest
 * response headers reported (null until one did, and always for the offline model). Units not
 * asked for are null.
 */
export async function sessionUsage(
  brain: BrainContext,
  units: readonly UsageUnit[] = USAGE_UNITS,
): Promise<SessionUsage> {
  const scope = currentTurn();
  if (!scope) throw new NotInTurnError("session.usage");
  const { host } = brain;
  const branch = await host.store.journal.branch(scope.sessionId);
  let last: { input: number; output: number; cacheRead: number; cacheWrite: number } | undefined;
  const total = {
    inputTokens: 0,
    outputTokens: 0,
    cacheReadInputTokens: 0,
    cacheCreationInputTokens: 0,
  };
  let totalUsd = 0;
  for (const entry of branch) {
    const parsed = parseEntryData(entry);
    if (parsed?.kind !== "assistant") continue;
    const u = parsed.data.usage;
    last = u;
    total.inputTokens += u.input;
    total.outputTokens += u.output;
    total.cacheReadInputTokens += u.cacheRead;
    total.cacheCreationInputTokens += u.cacheWrite;
    totalUsd += u.cost.total;
  }
  const windowTokens = host.model.model.contextWindow;
  const usedTokens = last ? last.input + last.cacheRead + last.cacheWrite + last.output : 0;
  return {
    context: units.includes("context")
      ? { usedTokens, windowTokens, fraction: windowTokens > 0 ? usedTokens / windowTokens : 0 }
      : null,
    rateLimits: units.includes("rateLimits") ? (host.model.rateLimits?.() ?? null) : null,
    cost: units.includes("cost") ? { totalUsd, usage: total } : null,
  };
}
