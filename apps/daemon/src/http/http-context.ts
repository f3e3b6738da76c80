import type { Access } from "@elowen/plugin-api/access";
import type { SkillSourceSet } from "@elowen/skill-catalog";
import type { Brain } from "../brain/brain.js";
import type { SessionModels } from "../brain/model/session-models.js";
import type { ReviewerStatus } from "../brain/review/reviewer-status.js";
import type { TurnRelay } from "../brain/session/turn-relay.js";
import type { SharedJournal } from "../live/journal-cursor.js";
import type { SessionEvents } from "../live/session-events.js";
import type { InstalledPlugins } from "../plugins/install/installed-plugins.js";
import type { PromptBoxService } from "../plugins/prompt-box/prompt-box.js";
import type { PluginRegistry } from "../plugins/registries/registry.js";
import type { StatusSources } from "../plugins/status/status-assembly.js";
import type { SessionWorkspaces } from "../skills/session-workspaces.js";
import type { Store } from "../store/store.js";
import type { AccountGrants } from "../store/types.js";

/** What the HTTP layer serves from. */
export interface HttpContext {
  readonly store: Store;
  readonly registry: PluginRegistry;
  readonly events: SessionEvents;
  /** Sessions and turns: submit, abort, state, answers. */
  readonly brain: Brain;
  /** The sessions' prompt boxes: chains raised by clients, answers to plugins' requests. */
  readonly promptBox: PromptBoxService;
  readonly status: StatusSources;
  /** Skill learning as an account sees it, its reviewer's own status read in that account's scope. */
  readonly learningStatus: (access: Access) => Promise<ReviewerStatus>;
  /** The Agent Skills folders read into the catalog: their status, diagnostics and approval. */
  readonly skillSources: SkillSourceSet;
  /** Checks the workspace a session is created in, and gives the session its skill folders. */
  readonly sessionWorkspaces?: SessionWorkspaces;
  /** The hook bus's audit ring buffer and the capability drops, oldest first. */
  readonly hookAudit: () => readonly Record<string, unknown>[];
  /** Lets a plugin the hook bus quarantined be called again; true when it was in quarantine. */
  readonly releasePlugin?: (pluginName: string) => boolean;
  /** Tells the host an account's grants changed (the plugin-skill switch is read synchronously). */
  readonly grantsChanged: (accountId: number, grants: AccountGrants) => void;
  /** Runs every plugin's registerUserRemoved handler for a removed account. */
  readonly userRemoved: (userId: number) => Promise<void>;
  /** The daemon's default language for view strings when a request names none. */
  readonly language: string | undefined;
  readonly log: (message: string) => void;
  /** Each session's model: what `/model` lists and switches. */
  readonly models: SessionModels;
  /** `elowen plugins`: installs into `$ELOWEN_HOME/plugins` with the lockfile (owner routes). */
  readonly installedPlugins: InstalledPlugins;
  /**
   * The journal on a database several instances share: event ids then carry the journal position,
   * so a stream resumes on any instance. Absent (SQLite), ids are this instance's alone.
   */
  readonly sharedJournal?: SharedJournal;
  /**
   * On a database several instances share: carries answers, permission decisions and aborts to
   * the instance running a session's turn when it is not this one.
   */
  readonly relay?: TurnRelay;
}
