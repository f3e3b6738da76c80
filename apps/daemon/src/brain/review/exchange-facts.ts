import { ToolTraceRecordSchema } from "@elowen/plugin-api/trace";
import { isRecord } from "@elowen/plugin-shared/record";
import { countSuccessfulCalls, type ToolCallEntry } from "@elowen/tool-trace";
import { parseEntryData } from "@elowen/wire";
import type { JournalStore } from "../../store/store.js";
import type { SettledExchange } from "../turn/brain-context.js";

/** The skill catalog's loader tool: a successful call means the skill's instructions were read. */
export const SKILL_LOAD_TOOL = "SkillLoad";

/** What a settled exchange did, as the post-turn skill reviewer is told it. */
export interface ExchangeFacts {
  /** Finished, successful, permitted calls, direct and nested (`countSuccessfulCalls`). */
  readonly successfulToolCalls: number;
  /** Skills whose instructions a successful SkillLoad read in this exchange, first load first. */
  readonly loadedSkillNames: readonly string[];
}

function nestedLoads(details: Record<string, unknown> | undefined): string[] {
  const trace = details?.toolTrace;
  if (!Array.isArray(trace)) return [];
  return trace.flatMap((raw) => {
    const parsed = ToolTraceRecordSchema.safeParse(raw);
    if (!parsed.success) return [];
    const record = parsed.data;
    const ok = record.kind === "call" && record.name === SKILL_LOAD_TOOL;
    const name = isRecord(record.args) ? record.args.name : undefined;
    return ok && !record.pending && !record.isError && typeof name === "string" ? [name] : [];
  });
}

/**
 * Reads an exchange's tool results from the journal, as they stand now (a nested call that was
 * still running when its result was reported stays pending and does not count), and counts them
 * the way the reviewer does: pending, denied and failed calls, direct or nested, do not count.
 */
export async function exchangeFacts(
  journal: JournalStore,
  exchange: Pick<SettledExchange, "sessionId" | "resultEntries">,
): Promise<ExchangeFacts> {
  const entries: ToolCallEntry[] = [];
  const loaded = new Set<string>();
  for (const [callId, entryId] of exchange.resultEntries) {
    const entry = await journal.get(exchange.sessionId, entryId);
    const parsed = entry ? parseEntryData(entry) : undefined;
    if (parsed?.kind !== "tool_result") continue;
    const { toolName, details, isError } = parsed.data;
    entries.push({
      callId,
      name: toolName,
      // Only the outcome and its details are counted; the content is not read.
      result: { content: [], isError, ...(details === undefined ? {} : { details }) },
    });
    if (toolName === SKILL_LOAD_TOOL && !isError && typeof details?.skill === "string")
      loaded.add(details.skill);
    for (const name of nestedLoads(details)) loaded.add(name);
  }
  return { successfulToolCalls: countSuccessfulCalls(entries), loadedSkillNames: [...loaded] };
}
