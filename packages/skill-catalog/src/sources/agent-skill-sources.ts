import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { SkillDirectorySource } from "../loader/load-directories.js";
import { SKILL_SCAN_MAX_DEPTH } from "./scan-skill-folders.js";

/**
 * The kinds of Agent Skills folders a host reads in place, as other agents keep them: the
 * workspace's `.agents/skills` and `.claude/skills` (walking up to the repository root), folders
 * the operator names (`dirs`), and the user's `~/.agents/skills` and `~/.claude/skills`.
 */
export const AGENT_SKILL_SOURCE_KINDS = [
  "workspace-agents",
  "workspace-claude",
  "dirs",
  "user-agents",
  "user-claude",
] as const;

/** One of {@link AGENT_SKILL_SOURCE_KINDS}. */
export type AgentSkillSourceKind = (typeof AGENT_SKILL_SOURCE_KINDS)[number];

/** A directory source with the label a person sees and whether it needs the owner's approval. */
export interface LabelledSkillSource extends SkillDirectorySource {
  readonly label: string;
  /** Workspace folders are untrusted until the instance owner approves their contents. */
  readonly needsApproval: boolean;
}

/** Where the standard folders are. */
export interface AgentSkillSourcesOptions {
  /** The user's home directory (`~`). */
  readonly userHome: string;
  /** The workspace to walk up from to its repository root (the nearest folder with `.git`). */
  readonly workspace?: string;
  /** Folders the operator names (`skills.dirs`), absolute. */
  readonly dirs?: readonly string[];
  /** Which kinds are read; a kind left out is on. */
  readonly enabled?: Partial<Record<AgentSkillSourceKind, boolean>>;
}

/**
 * The standard sources in precedence order, the first source holding a name winning it: the
 * workspace's folders from the workspace up to its repository root (nearest first, `.agents`
 * before `.claude` at each level), then `dirs` in the order given, then the user's `.agents` and
 * `.claude` folders. Project over user, as the Agent Skills client guide says. Every source is
 * scanned for nested skill folders within the scan bounds; a missing folder holds no skills.
 */
export function agentSkillSources(options: AgentSkillSourcesOptions): LabelledSkillSource[] {
  const on = (kind: AgentSkillSourceKind) => options.enabled?.[kind] !== false;
  const sources: LabelledSkillSource[] = [];
  const add = (root: string, label: string, needsApproval: boolean) =>
    sources.push({ root, label, needsApproval, nested: true, catalogSource: "instance" });
  if (options.workspace !== undefined) {
    for (const level of workspaceLevels(resolve(options.workspace))) {
      if (on("workspace-agents"))
        add(join(level, ".agents", "skills"), `workspace ${join(level, ".agents/skills")}`, true);
      if (on("workspace-claude"))
        add(join(level, ".claude", "skills"), `workspace ${join(level, ".claude/skills")}`, true);
    }
  }
  if (on("dirs"))
    for (const dir of options.dirs ?? []) add(resolve(dir), `skills.dirs ${dir}`, false);
  if (on("user-agents"))
    add(join(options.userHome, ".agents", "skills"), "user ~/.agents/skills", false);
  if (on("user-claude"))
    add(join(options.userHome, ".claude", "skills"), "user ~/.claude/skills", false);
  return sources;
}

/**
 * The workspace and its parents up to the nearest one holding `.git` (the repository root), at
 * most SKILL_SCAN_MAX_DEPTH levels up; outside a repository, the workspace alone.
 */
export function workspaceLevels(workspace: string): string[] {
  const levels: string[] = [];
  let dir = workspace;
  for (let step = 0; step <= SKILL_SCAN_MAX_DEPTH; step++) {
    levels.push(dir);
    if (existsSync(join(dir, ".git"))) return levels;
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return [workspace];
}
