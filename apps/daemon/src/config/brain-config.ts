import { z } from "zod";

/** How long a question waits for an answer before it expires (ours). */
export const DEFAULT_ASK_TIMEOUT_MS = 10 * 60 * 1000;
/** How many model requests one agent run may make before it stops (ours). */
export const DEFAULT_MAX_STEPS = 50;
/** Step context is asked for after every this many tool results of a turn (ours). */
export const DEFAULT_STEP_CONTEXT_INTERVAL = 5;

/**
 * How many sessions keep their in-memory state in this daemon (ours): past it, the least recently
 * used idle one is evicted (never one with a running, parked or queued turn, or a connected client).
 */
export const DEFAULT_SESSIONS_KEPT = 256;

/** The permission a workspace tool asks for by default: reads run, changes ask. */
export const WORKSPACE_TOOL_PERMISSIONS = {
  read: "never",
  write: "ask",
  edit: "ask",
  bash: "ask",
} as const;

/** `ask` the person first, run `never` asking, or `deny`: the tool never runs, whatever a hook says. */
const Permission = z.enum(["ask", "never", "deny"]);

/**
 * The `brain` section of `elowen.yaml`: turns, questions, tools and context management. Every
 * field has a default.
 */
export const BrainConfigSchema = z
  .strictObject({
    /** A question or permission prompt expires after this long with `outcome: 'expired'`. */
    askTimeoutMs: z.number().int().min(100).max(86_400_000).default(DEFAULT_ASK_TIMEOUT_MS),
    /** The step ceiling of one agent run (a granted continuation gets another). */
    maxSteps: z.number().int().min(1).max(1000).default(DEFAULT_MAX_STEPS),
    /** Step context after every this many tool results. */
    stepContextInterval: z.number().int().min(1).max(1000).default(DEFAULT_STEP_CONTEXT_INTERVAL),
    /** Per-session workspaces live here (default `<home>/workspaces`). */
    workspaceRoot: z.string().min(1).optional(),
    /**
     * The directories (absolute; each with everything below it) a session may be created in
     * (`POST /sessions { workspace }`, the CLI's working directory). Default: the daemon's
     * workspace only (`skills.workspace`, else the directory the daemon starts in).
     */
    allowedWorkspaces: z
      .array(
        z
          .string()
          .min(1)
          .max(4096)
          .refine(
            (path) => path.startsWith("/"),
            "each allowed workspace must be an absolute path",
          ),
      )
      .max(64)
      .optional(),
    /** Offer the read, write, edit and bash tools, confined to the session's workspace. */
    workspaceTools: z.boolean().default(true),
    /** Which workspace tools ask the person first (`ask`), which run (`never`), which never run (`deny`). */
    permissions: z
      .strictObject({
        read: Permission.default(WORKSPACE_TOOL_PERMISSIONS.read),
        write: Permission.default(WORKSPACE_TOOL_PERMISSIONS.write),
        edit: Permission.default(WORKSPACE_TOOL_PERMISSIONS.edit),
        bash: Permission.default(WORKSPACE_TOOL_PERMISSIONS.bash),
      })
      .prefault({}),
    /** Compact when the context holds more than this share of the model's window. */
    compactAt: z.number().min(0.1).max(1).default(0.8),
    /** Tokens of the newest conversation kept whole at a compaction. */
    keepRecentTokens: z.number().int().min(256).max(1_000_000).default(20_000),
    /** Turn-context records older than this many turns are retired (cold clearing); 0 never. */
    coldClearAfterTurns: z.number().int().min(0).max(10_000).default(20),
    /**
     * Run an administrator's turns as all-access (administrator sessions): user-grantable plugins
     * serve them without a grant, instance skills may be removed from a turn, and the share tools
     * read any host path. Off by default: an administrator's turns are confined like anyone's.
     */
    adminSessionsAllAccess: z.boolean().default(false),
    /**
     * How many sessions keep their in-memory state (persona, the last turn's replay cache and
     * system prompt, standing `always` permissions, the live event buffer for reconnects). Past
     * it the least recently used idle session without a connected client is evicted; used again,
     * it reads its history from the store as after a restart.
     */
    sessionsKept: z.number().int().min(1).max(100_000).default(DEFAULT_SESSIONS_KEPT),
  })
  .prefault({});
/** The `brain` section, validated. */
export type BrainConfig = z.infer<typeof BrainConfigSchema>;
