import { z } from "zod";

const SourceSwitch = z.boolean().default(true);

/**
 * `skills:` of `elowen.yaml`: the Agent Skills folders read in place. `dirs` names more folders
 * (absolute, or relative to the data directory); `sources` switches each kind of folder on or off
 * (all on by default); `workspace` is where the workspace's folders are looked for (default the
 * directory the daemon was started in), walking up to the repository root.
 */
export const SkillsConfigSchema = z
  .strictObject({
    dirs: z.array(z.string().min(1).max(4096)).max(64).default([]),
    sources: z
      .strictObject({
        "workspace-agents": SourceSwitch,
        "workspace-claude": SourceSwitch,
        dirs: SourceSwitch,
        "user-agents": SourceSwitch,
        "user-claude": SourceSwitch,
      })
      .prefault({}),
    workspace: z.string().min(1).max(4096).optional(),
    /** The home whose `.agents/skills` and `.claude/skills` are read (default `$HOME`). */
    userHome: z.string().min(1).max(4096).optional(),
    /** Watch the folders and reload on change (default true). */
    watch: z.boolean().default(true),
  })
  .prefault({});

/** The validated `skills:` section. */
export type SkillsConfig = z.infer<typeof SkillsConfigSchema>;
