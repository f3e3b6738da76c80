import { HOST_VERSIONS } from "@elowen/plugin-api";
import {
  BRAIN_STATUS_PROVIDER_FIELDS,
  type BrainStatus,
  type BrainStatusModel,
  type BrainStatusProvider,
  type McpStatusRow,
  McpStatusRowSchema,
} from "@elowen/plugin-api/status";
import { errorMessage } from "@elowen/plugin-shared/errors";
import { isThenable } from "../call-scope/thenable.js";

/** How long one status provider may take before status is assembled without it (ours). */
export const STATUS_PROVIDER_BUDGET_MS = 1000;

/** The offline model status the daemon shows until the brain installs a real model. */
export const OFFLINE_MODEL: BrainStatusModel = {
  provider: "offline",
  id: "offline",
  label: "Offline model (no provider configured)",
  offline: true,
};

/** A registered status provider. */
export interface RegisteredStatusProvider {
  readonly plugin: string;
  readonly provider: BrainStatusProvider;
}

/** What status is assembled from besides the providers. */
export interface StatusSources {
  readonly providers: readonly RegisteredStatusProvider[];
  readonly model: () => BrainStatusModel;
  readonly admitsNewWork: () => boolean;
  readonly plugins: () => BrainStatus["plugins"];
  readonly log: (message: string) => void;
}

/** The envelope fields a provider may set, as a set (BRAIN_STATUS_PROVIDER_FIELDS). */
const PROVIDER_FIELDS: ReadonlySet<string> = new Set(BRAIN_STATUS_PROVIDER_FIELDS);

/** What one provider contributed, by plugin. */
interface Contribution {
  readonly plugin: string;
  readonly value: unknown;
}

/**
 * Assembles `GET /brain/status` (`BrainStatusProvider`). Providers run concurrently;
 * only envelope fields are read (BRAIN_STATUS_PROVIDER_FIELDS). Null and omitted stay distinct:
 * rows from any provider make an array, otherwise a provider's null makes null, otherwise the
 * section is absent. MCP rows are projected to name, status and auth.state (unknown fields
 * dropped, invalid rows dropped) and shown to administrators only. A provider that throws or
 * overruns its budget contributes nothing.
 *
 * When every provider answers synchronously the status is returned as it is, with no promise:
 * status stays cheap with many providers. Otherwise the answer is a promise.
 */
export function assembleStatus(
  sources: StatusSources,
  reader: { readonly isAdmin: boolean; readonly userId: number | null },
): BrainStatus | Promise<BrainStatus> {
  const mcp = new McpSection(sources.log);
  let pending: (Contribution | Promise<Contribution>)[] | undefined;
  for (const entry of sources.providers) {
    const answer = callProvider(entry, reader, sources.log);
    // Only a raced answer is a native promise: a provider's own thenable is raced, never returned.
    if (answer instanceof Promise) {
      pending ??= [];
      pending.push(answer);
    } else if (pending) pending.push({ plugin: entry.plugin, value: answer });
    else mcp.add(entry.plugin, answer);
  }
  if (!pending) return envelope(sources, reader, mcp);
  return Promise.all(pending).then((contributions) => {
    for (const { plugin, value } of contributions) mcp.add(plugin, value);
    return envelope(sources, reader, mcp);
  });
}

function envelope(
  sources: StatusSources,
  reader: { readonly isAdmin: boolean },
  mcp: McpSection,
): BrainStatus {
  const status: { -readonly [K in keyof BrainStatus]: BrainStatus[K] } = {
    core: {
      version: HOST_VERSIONS.core,
      sharedApi: HOST_VERSIONS.sharedApi,
      uiApi: HOST_VERSIONS.uiApi,
    },
    model: sources.model(),
    admitsNewWork: sources.admitsNewWork(),
    plugins: sources.plugins(),
  };
  if (!reader.isAdmin) return status;
  if (mcp.rows) status.mcp = mcp.rows;
  else if (mcp.sawNull) status.mcp = null;
  return status;
}

/** The MCP section as providers' answers arrive, in provider order. */
class McpSection {
  rows: McpStatusRow[] | undefined;
  sawNull = false;

  constructor(private readonly log: (message: string) => void) {}

  add(plugin: string, value: unknown): void {
    if (value === undefined || value === null || typeof value !== "object") return;
    for (const field of Object.keys(value)) {
      if (!PROVIDER_FIELDS.has(field)) {
        this.log(`status provider of ${plugin} set ${field}, which is not a status field; dropped`);
      }
    }
    const section = (value as { readonly mcp?: unknown }).mcp;
    if (section === undefined) return;
    if (section === null) {
      this.sawNull = true;
      return;
    }
    if (!Array.isArray(section)) return;
    this.rows ??= [];
    const rows = this.rows;
    for (const row of section) {
      const parsed = McpStatusRowSchema.safeParse(row);
      if (parsed.success) {
        rows.push({
          name: parsed.data.name,
          status: parsed.data.status,
          auth: { state: parsed.data.auth.state },
          ...(parsed.data.tools === undefined ? {} : { tools: parsed.data.tools }),
          ...(parsed.data.reason === undefined ? {} : { reason: parsed.data.reason }),
        });
      } else {
        this.log(`status provider of ${plugin} gave an invalid MCP row; dropped`);
      }
    }
  }
}

/**
 * Asks one provider, with arguments of its own. A synchronous answer (or throw) is returned as it
 * is, with no promise and no budget timer; an asynchronous one (any thenable) is raced against
 * {@link STATUS_PROVIDER_BUDGET_MS}.
 */
function callProvider(
  entry: RegisteredStatusProvider,
  reader: { readonly isAdmin: boolean; readonly userId: number | null },
  log: (message: string) => void,
): unknown | Promise<Contribution> {
  let answer: unknown;
  try {
    answer = entry.provider({ isAdmin: reader.isAdmin, userId: reader.userId });
  } catch (error) {
    log(`status provider of ${entry.plugin} failed: ${errorMessage(error)}`);
    return undefined;
  }
  if (!isThenable(answer)) return answer;
  return raceProvider(entry, answer, log);
}

async function raceProvider(
  entry: RegisteredStatusProvider,
  answer: PromiseLike<unknown>,
  log: (message: string) => void,
): Promise<Contribution> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const value = await Promise.race([
      answer,
      new Promise<undefined>((resolve) => {
        timer = setTimeout(() => {
          log(
            `status provider of ${entry.plugin} took longer than ${STATUS_PROVIDER_BUDGET_MS} ms; skipped`,
          );
          resolve(undefined);
        }, STATUS_PROVIDER_BUDGET_MS);
      }),
    ]);
    return { plugin: entry.plugin, value };
  } catch (error) {
    log(`status provider of ${entry.plugin} failed: ${errorMessage(error)}`);
    return { plugin: entry.plugin, value: undefined };
  } finally {
    if (timer) clearTimeout(timer);
  }
}
