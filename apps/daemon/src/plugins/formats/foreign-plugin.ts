import type { PluginFormat } from "../install/lockfile.js";

/** The Claude Code hook events we map to a lifecycle point of ours. */
export const MAPPED_HOOK_EVENTS = [
  "UserPromptSubmit",
  "PreToolUse",
  "PostToolUse",
  "Stop",
  "SubagentStop",
  "SessionStart",
  "SessionEnd",
] as const;
/** One mapped Claude Code hook event. */
export type MappedHookEvent = (typeof MAPPED_HOOK_EVENTS)[number];

/** A prompt command read from `commands/<name>.md`. */
export interface ForeignCommand {
  readonly name: string;
  readonly description: string;
  readonly argumentHint?: string;
  readonly prompt: string;
}

/** A sub-agent persona read from `agents/<name>.md`. */
export interface ForeignAgent {
  readonly name: string;
  readonly description: string;
  readonly persona: string;
}

/** A skill folder's `SKILL.md`, with the name and description of its frontmatter. */
export interface ForeignSkill {
  readonly name: string;
  readonly description: string;
  readonly filePath: string;
}

/** A command hook: the event it runs on, its tool matcher, the command and its own timeout. */
export interface ForeignHook {
  readonly event: MappedHookEvent;
  /** A regular expression over tool names (PreToolUse/PostToolUse); absent or `*`: every tool. */
  readonly matcher?: string;
  readonly command: string;
  /** The hook's own timeout in seconds (Claude Code's `timeout`); ours may be shorter. */
  readonly timeoutSeconds?: number;
}

/**
 * A Claude Code plugin or an Agent Plugins 1.0 package as read from its folder, before it is
 * adapted to our registries. Everything that cannot be mapped is in `diagnostics`, one sentence
 * each, never dropped silently.
 */
export interface ForeignPlugin {
  readonly format: Exclude<PluginFormat, "elowen">;
  readonly dir: string;
  readonly name: string;
  readonly version: string;
  readonly description?: string;
  readonly commands: readonly ForeignCommand[];
  readonly agents: readonly ForeignAgent[];
  readonly skills: readonly ForeignSkill[];
  /** The `mcpServers` of `.mcp.json` / `mcp.json` (or the manifest), as written. */
  readonly mcpServers: Readonly<Record<string, unknown>>;
  readonly hooks: readonly ForeignHook[];
  readonly diagnostics: readonly string[];
}
