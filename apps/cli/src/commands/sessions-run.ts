import type { Session } from "@elowen/wire";
import { usageError } from "../cli/cli-error.js";
import type { CliContext } from "../cli/context.js";
import { formatJson, formatTable, formatTimestamp } from "../cli/table.js";
import { SESSIONS_LIST_MAX } from "./sessions-limits.js";
import { withClient } from "./with-client.js";

/** Runs `elowen sessions`: the account's sessions, most recently updated first. */
export async function runSessions(context: CliContext): Promise<number> {
  const limit = parseLimit(context.options.limit);
  const sessions = await withClient(context, async (client) => {
    const found: Session[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.sessions.list({
        limit: Math.min(200, limit - found.length),
        ...(cursor ? { cursor } : {}),
      });
      found.push(...page.sessions);
      cursor = page.nextCursor ?? undefined;
    } while (cursor && found.length < limit);
    return found.slice(0, limit);
  });
  if (context.options.json) {
    context.io.stdout(formatJson({ sessions }));
    return 0;
  }
  if (sessions.length === 0) {
    context.io.stdout("No sessions yet. Run `elowen` to start one.\n");
    return 0;
  }
  context.io.stdout(
    formatTable(
      ["ID", "UPDATED", "KIND", "TITLE"],
      sessions.map((s) => [s.id, formatTimestamp(s.updatedAt), s.kind, s.title ?? "(untitled)"]),
    ),
  );
  return 0;
}

function parseLimit(raw: CliContext["options"][string]): number {
  if (raw === undefined) return 50;
  const value = Number(raw);
  if (typeof raw !== "string" || !Number.isInteger(value) || value < 1 || value > SESSIONS_LIST_MAX)
    throw usageError(
      `--limit must be a whole number from 1 to ${SESSIONS_LIST_MAX}, not "${String(raw)}"`,
    );
  return value;
}
