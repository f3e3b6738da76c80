import type { PluginContext } from "@elowen/plugin-api";
import type { PluginCluster } from "@elowen/plugin-api/cluster";
import { errorMessage } from "@elowen/plugin-shared/errors";

/** The topic this plugin announces after any change of its files: the whole set is re-read. */
export const SKILLS_CHANGED_TOPIC = "skills.changed";

/**
 * Keeps the skill set the same on every instance of a host that runs several: `reload` (scan
 * this instance's files, replace the catalog's set) becomes "reload, then announce
 * {@link SKILLS_CHANGED_TOPIC}", and an announcement from another instance, or a `resync`,
 * reloads here. The files themselves are shared by the host (one `dataDir` for every instance);
 * only the news that they changed travels. A failed announcement is logged, never thrown: the
 * change is made and published here. With no `ctx.cluster` (an older host) nothing changes.
 */
export function syncAcrossInstances(
  cluster: PluginCluster | undefined,
  reload: () => Promise<void>,
  log: PluginContext["log"],
): () => Promise<void> {
  if (!cluster?.shared) return reload;
  cluster.subscribe(async (event) => {
    if (event.kind === "announcement" && event.topic !== SKILLS_CHANGED_TOPIC) return;
    await reload();
  });
  return async () => {
    await reload();
    await cluster
      .announce(SKILLS_CHANGED_TOPIC)
      .catch((error: unknown) =>
        log.warn(`could not tell the other instances that skills changed: ${errorMessage(error)}`),
      );
  };
}
