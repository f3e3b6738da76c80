import {
  BRAIN_STATUS_PROVIDER_FIELDS,
  type BrainStatus,
  type BrainStatusModel,
  type BrainStatusProvider,
  HOST_VERSIONS,
  type McpStatusRow,
  McpStatusRowSchema,
} from "@elowen/plugin-api";

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

/**
 * Assembles `GET /brain/status` (seed 000, Status and image seams). Providers run concurrently;
 * only envelope fields are read (BRAIN_STATUS_PROVIDER_FIELDS). Null and omitted stay distinct:
 * rows from any provider make an array, otherwise a provider's null makes null, otherwise the
 * section is absent. MCP rows are projected to name, status and auth.state (unknown fields
 * dropped, invalid rows dropped) and shown to administrators only. A provider that throws or
 * overruns its budget contributes nothing.
 */
export async function assembleStatus(
  sources: StatusSources,
  reader: { readonly isAdmin: boolean; readonly userId: number | null },
): Promise<BrainStatus> {
  const status: BrainStatus = {
    core: {
      version: HOST_VERSIONS.core,
      sharedApi: HOST_VERSIONS.sharedApi,
      uiApi: HOST_VERSIONS.uiApi,
    },
    model: sources.model(),
    admitsNewWork: sources.admitsNewWork(),
    plugins: sources.plugins(),
  };
  if (sources.providers.length === 0) return status;
  // Providers that answer synchronously cost no promise: only the asynchronous ones are awaited.
  const answers = sources.providers.map((entry) => callProvider(entry, reader, sources.log));
  const contributions = answers.some((answer) => answer instanceof Promise)
    ? await Promise.all(answers)
    : (answers as Contribution[]);
  let rows: McpStatusRow[] | undefined;
  let sawNull = false;
  for (const { plugin, value } of contributions) {
    if (value === undefined || value === null || typeof value !== "object") continue;
    for (const field of Object.keys(value)) {
      if (!(BRAIN_STATUS_PROVIDER_FIELDS as readonly string[]).includes(field)) {
        sources.log(
          `status provider of ${plugin} set ${field}, which is not a status field; dropped`,
        );
      }
    }
    if (!("mcp" in value) || value.mcp === undefined) continue;
    if (value.mcp === null) {
      sawNull = true;
      continue;
    }
    if (!Array.isArray(value.mcp)) continue;
    rows ??= [];
    for (const row of value.mcp) {
      const parsed = McpStatusRowSchema.safeParse(row);
      if (parsed.success) {
        rows.push({
          name: parsed.data.name,
          status: parsed.data.status,
          auth: { state: parsed.data.auth.state },
        });
      } else {
        sources.log(`status provider of ${plugin} gave an invalid MCP row; dropped`);
      }
    }
  }
  if (!reader.isAdmin) return status;
  if (rows) return { ...status, mcp: rows };
  if (sawNull) return { ...status, mcp: null };
  return status;
}

/** What one provider contributed, by plugin. */
interface Contribution {
  readonly plugin: string;
  readonly value: { readonly mcp?: unknown } | null | undefined;
}

/**
 * Asks one provider. A synchronous answer (or throw) is returned as it is, with no promise and no
 * budget timer, so status stays cheap with many providers; an asynchronous one is raced against
 * {@link STATUS_PROVIDER_BUDGET_MS}.
 */
function callProvider(
  entry: RegisteredStatusProvider,
  reader: { readonly isAdmin: boolean; readonly userId: number | null },
  log: (message: string) => void,
): Contribution | Promise<Contribution> {
  let answer: ReturnType<BrainStatusProvider>;
  try {
    answer = entry.provider({ isAdmin: reader.isAdmin, userId: reader.userId });
  } catch (error) {
    log(`status provider of ${entry.plugin} failed: ${(error as Error).message}`);
    return { plugin: entry.plugin, value: undefined };
  }
  if (!(answer instanceof Promise))
    return { plugin: entry.plugin, value: answer as Contribution["value"] };
  return raceProvider(entry, answer, log);
}

async function raceProvider(
  entry: RegisteredStatusProvider,
  answer: Promise<unknown>,
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
    return { plugin: entry.plugin, value: value as Contribution["value"] };
  } catch (error) {
    log(`status provider of ${entry.plugin} failed: ${(error as Error).message}`);
    return { plugin: entry.plugin, value: undefined };
  } finally {
    if (timer) clearTimeout(timer);
  }
}
