import type { PluginLogger } from "@elowen/plugin-api";
import type { PluginCluster } from "@elowen/plugin-api/cluster";
import type { SkillCatalogControl } from "@elowen/plugin-api/skills";
import type { CardEmitter } from "../../live/card-emitter.js";
import type { Store } from "../../store/store.js";
import type { PromptBoxService } from "../prompt-box/prompt-box.js";
import type { PluginRegistry } from "../registries/registry.js";
import type { TurnServicesSlot } from "./turn-services.js";

/** What a plugin context needs from the daemon. */
export interface PluginHost {
  readonly registry: PluginRegistry;
  readonly store: Store;
  readonly cards: CardEmitter;
  readonly turnServices: TurnServicesSlot;
  /** The prompt box of each session's clients: `ctx.prompt.fill`, `read` and `suggest`. */
  readonly promptBox: PromptBoxService;
  readonly admitsNewWork: () => boolean;
  /** The daemon's language for `ctx.strings` (requests carry their own). */
  readonly language: string | undefined;
  readonly logger: (plugin: string) => PluginLogger;
  /** The live skill catalog control for a plugin, once @elowen/skill-catalog is wired. */
  readonly skillCatalog: (plugin: string) => SkillCatalogControl;
  /** A plugin's announcements to its copies on the other instances (`ctx.cluster`). */
  readonly cluster: (plugin: string) => PluginCluster;
}
