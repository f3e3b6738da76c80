import { realpathSync } from "node:fs";
import { realpath, stat } from "node:fs/promises";
import { isAbsolute, relative } from "node:path";
import type { Access } from "@elowen/plugin-api/access";
import type { LabelledSkillSource, SkillSourceSet } from "@elowen/skill-catalog";
import { AGENT_SKILLS_CONTRIBUTOR } from "./agent-skills.js";

/** A workspace checked where it entered: its real path, or why it was refused. */
export type WorkspaceCheck =
  | { readonly ok: true; readonly workspace: string }
  | { readonly ok: false; readonly message: string };

/** What the sessions' workspaces are checked against and read with. */
export interface SessionWorkspacesOptions {
  /** The daemon's workspace (`skills.workspace` or its start directory), absolute. */
  readonly daemonWorkspace: string;
  /** `brain.allowedWorkspaces`: the roots a session may be created in; default the daemon's. */
  readonly allowed: readonly string[] | undefined;
  /** The Agent Skills folders as read for one workspace (see `agentSkillSourcesFor`). */
  readonly sourcesFor: (workspace: string) => LabelledSkillSource[];
  /** The live folder set, once the daemon started it. */
  readonly skillSources: () => SkillSourceSet | undefined;
}

/**
 * One workspace per session: checks a directory where it enters (`check`), and gives each session
 * the Agent Skills folders of its own workspace. The daemon's workspace loads under the contributor
 * `agent-skills` (seen by every reader without a workspace of its own); another workspace loads,
 * on first use, under `agent-skills@<workspace>` with the same user and `skills.dirs` folders
 * after its own (project over user), and only a session in that workspace sees it. Workspace
 * folders stay untrusted until the owner approves them, as for the daemon's workspace.
 */
export class SessionWorkspaces {
  readonly #options: SessionWorkspacesOptions;
  readonly #bySession = new Map<string, string>();
  readonly #loaded = new Map<string, Promise<unknown>>();

  constructor(options: SessionWorkspacesOptions) {
    this.#options = options;
  }

  /**
   * Checks a workspace a session is to be created in: an absolute path of an existing directory
   * whose real path (links followed) lies within the real path of an allowed root.
   */
  async check(path: string): Promise<WorkspaceCheck> {
    if (!isAbsolute(path))
      return { ok: false, message: `workspace must be an absolute path; received ${show(path)}` };
    let real: string;
    try {
      real = await realpath(path);
      if (!(await stat(real)).isDirectory())
        return { ok: false, message: `workspace ${show(path)} is not a directory` };
    } catch {
      return { ok: false, message: `workspace ${show(path)} does not exist` };
    }
    const roots = this.#options.allowed ?? [this.#options.daemonWorkspace];
    for (const root of roots) {
      const realRoot = await realpath(root).catch(() => undefined);
      if (realRoot !== undefined && within(realRoot, real)) return { ok: true, workspace: real };
    }
    return {
      ok: false,
      message: `workspace ${show(path)} is outside the directories sessions may use (brain.allowedWorkspaces: ${roots.map(show).join(", ")})`,
    };
  }

  /**
   * Records the session's workspace (null: it has none of its own) and, for a workspace other than
   * the daemon's, loads its skill folders on first use; resolves once they are in the catalog.
   */
  async enter(sessionId: string, workspace: string | null): Promise<void> {
    if (workspace === null || workspace === this.#options.daemonWorkspace) {
      this.#bySession.delete(sessionId);
      return;
    }
    this.#bySession.set(sessionId, workspace);
    const set = this.#options.skillSources();
    if (set === undefined) return;
    let loading = this.#loaded.get(workspace);
    if (loading === undefined) {
      loading = set.set(this.contributorOf(workspace), this.#options.sourcesFor(workspace));
      this.#loaded.set(workspace, loading);
    }
    await loading;
  }

  /** Forgets a removed session (its workspace's folders stay loaded for other sessions). */
  forget(sessionId: string): void {
    this.#bySession.delete(sessionId);
  }

  /** The catalog contributor a workspace's folders load under. */
  contributorOf(workspace: string): string {
    return workspace === this.#options.daemonWorkspace
      ? AGENT_SKILLS_CONTRIBUTOR
      : `${AGENT_SKILLS_CONTRIBUTOR}@${workspace}`;
  }

  /**
   * Whether the reader sees a contributor's skills: the Agent Skills folders of exactly one
   * workspace (its session's, else the daemon's); every other contributor is not this rule's.
   */
  sees(access: Access, contributor: string): boolean {
    if (
      contributor !== AGENT_SKILLS_CONTRIBUTOR &&
      !contributor.startsWith(`${AGENT_SKILLS_CONTRIBUTOR}@`)
    )
      return true;
    const own = access.sessionId === undefined ? undefined : this.#bySession.get(access.sessionId);
    return contributor === this.contributorOf(own ?? this.#options.daemonWorkspace);
  }
}

function within(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}

function show(path: string): string {
  return JSON.stringify(path.length > 200 ? `${path.slice(0, 200)}…` : path);
}

/** The real path of a directory (links followed), or the path as given when it cannot be read. */
export function realDirectory(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return path;
  }
}
