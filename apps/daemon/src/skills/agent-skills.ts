import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import {
  agentSkillSources,
  type LabelledSkillSource,
  type SkillCatalog,
  type SkillReloadReport,
  SkillSourceSet,
} from "@elowen/skill-catalog";
import type { SkillsConfig } from "./skills-config.js";
import { fileSourceApprovals } from "./source-approvals.js";

/**
 * The catalog contributor the standard Agent Skills folders load under: their skills list with
 * `plugin: "agent-skills"` and `catalogSource: "instance"`.
 */
export const AGENT_SKILLS_CONTRIBUTOR = "agent-skills";

/** What the host's Agent Skills folders are read with. */
export interface AgentSkillsOptions {
  readonly config: SkillsConfig;
  /** The data directory: relative `skills.dirs` resolve against it; approvals are kept in it. */
  readonly home: string;
  /** The environment: `HOME` is the user's home (default the OS's). */
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly catalog: SkillCatalog;
  readonly log: (message: string) => void;
}

/**
 * Starts reading the standard Agent Skills folders into the catalog (see `agentSkillSources`):
 * the workspace's (untrusted until the owner approves them), `skills.dirs`, and the user's, each
 * switchable by `skills.sources`, watched for changes unless `skills.watch` is false. The set it
 * answers is the host's seam for more labelled folders: `set.add(contributor, source)` (a
 * plugin's `skills/` folder) reloads that contributor's set from its folders and keeps watching
 * them. Close it on stop.
 */
export async function startAgentSkills(options: AgentSkillsOptions): Promise<SkillSourceSet> {
  const { config, home, log } = options;
  const set = new SkillSourceSet({
    catalog: options.catalog,
    approvals: fileSourceApprovals(home),
    watch: config.watch,
    onReload: (report) => logReport(report, log),
    onError: (error) => log(`reloading skill folders failed: ${String(error)}`),
  });
  const sources = agentSkillSourcesFor(options, daemonWorkspace(config));
  logReport(await set.set(AGENT_SKILLS_CONTRIBUTOR, sources), log);
  return set;
}

/** The daemon's workspace: `skills.workspace`, else the directory the daemon was started in. */
export function daemonWorkspace(config: SkillsConfig): string {
  return resolve(config.workspace ?? process.cwd());
}

/**
 * The standard folders as read for one workspace: that workspace's `.agents/skills` and
 * `.claude/skills` up to its repository root, then `skills.dirs` and the user's folders, as
 * `skills.sources` switches them.
 */
export function agentSkillSourcesFor(
  options: Pick<AgentSkillsOptions, "config" | "home" | "env">,
  workspace: string,
): LabelledSkillSource[] {
  const { config, home } = options;
  return agentSkillSources({
    userHome: config.userHome ?? options.env.HOME ?? homedir(),
    workspace,
    dirs: config.dirs.map((dir) => (isAbsolute(dir) ? dir : join(home, dir))),
    enabled: config.sources,
  });
}

function logReport(report: SkillReloadReport, log: (message: string) => void): void {
  const skipped = report.diagnostics.filter((note) => note.outcome !== "loaded").length;
  log(
    `skill folders of ${report.plugin}: ${report.skills} skills${skipped === 0 ? "" : `, ${skipped} left out (see GET /skills/sources)`}`,
  );
}
