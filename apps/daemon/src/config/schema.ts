import { PLUGIN_MUTATIONS } from "@elowen/plugin-api";
import { z } from "zod";
import { normalOrigin } from "../http/origin-check.js";
import { LOG_FORMATS, LOG_LEVELS } from "../logger.js";
import { PROMPT_BOX_REPLY_TIMEOUT_MS } from "../plugins/prompt-box/prompt-box-relay.js";
import { SkillsConfigSchema } from "../skills/skills-config.js";
import {
  DEFAULT_FAILED_JOB_RETENTION_DAYS,
  MAX_FAILED_JOB_RETENTION_DAYS,
} from "../store/jobs/failed-job-prune.js";
import { BrainConfigSchema } from "./brain-config.js";
import { LearningConfigSchema } from "./learning-config.js";
import { ModelConfigSchema } from "./model-config.js";

import {
  DEFAULT_HOST,
  DEFAULT_PORT,
  HOST_NAME_MAX,
  HOST_NAME_PATTERN,
  PORT_MAX,
} from "./server-defaults.js";

export { DEFAULT_PORT };
/** The JSON body limit when the config names none (1 MiB). */
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;
/** How long the shutdown pause waits for `plugin.shutdown` hooks in total (ours). */
export const DEFAULT_PAUSE_DEADLINE_MS = 5000;

const HostName = z
  .string()
  .min(1)
  .max(HOST_NAME_MAX)
  .regex(HOST_NAME_PATTERN, "a host name or IP address");

/** The embedded default: one SQLite file in the data directory, one daemon. */
const SqliteStoreConfigSchema = z.strictObject({
  kind: z.literal("sqlite").default("sqlite"),
  /** The database file, relative to the data directory unless absolute. */
  path: z.string().min(1).default("elowen.db"),
});

/** How long an instance's lease lasts without a heartbeat (ours; `store.leaseMs`). */
export const DEFAULT_INSTANCE_LEASE_MS = 10_000;

/** Several daemon instances on one PostgreSQL database (`ELOWEN_DATABASE_URL` sets `url`). */
const PostgresStoreConfigSchema = z.strictObject({
  kind: z.literal("postgres"),
  /** The connection URL, `postgres://user:password@host:port/database`. */
  url: z
    .string()
    .max(2048)
    .regex(/^postgres(ql)?:\/\/\S+$/, "a postgres:// or postgresql:// connection URL"),
  /** Connections in this instance's pool. */
  poolSize: z.number().int().min(2).max(100).default(10),
  /**
   * How long an instance counts as alive after its last heartbeat (it beats every quarter of
   * this): once it has passed, another instance marks the dead one's running turns interrupted
   * and runs the turns queued behind them.
   */
  leaseMs: z.number().int().min(1000).max(600_000).default(DEFAULT_INSTANCE_LEASE_MS),
});

/** `store:`: SQLite when no kind is named, else the kind's own fields. */
export const StoreConfigSchema = z
  .discriminatedUnion("kind", [SqliteStoreConfigSchema, PostgresStoreConfigSchema])
  .prefault({});

/**
 * The one schema of `elowen.yaml`. Every field has a default, so an absent file (or an empty one)
 * runs the daemon on loopback with the SQLite store, the bundled plugins and the offline model.
 */
export const ConfigSchema = z.strictObject({
  server: z
    .strictObject({
      host: HostName.default(DEFAULT_HOST),
      port: z.number().int().min(0).max(PORT_MAX).default(DEFAULT_PORT),
      /** Extra Host-header names accepted besides loopback names and the listen host. */
      allowedHosts: z.array(HostName).max(64).default([]),
      /**
       * Browser origins (`https://app.example`) besides the daemon's own whose pages may make
       * state-changing requests; any other cross-site `Origin` is refused with 403.
       */
      allowedOrigins: z
        .array(
          z
            .string()
            .max(2048)
            .refine((origin) => normalOrigin(origin) !== undefined, {
              message: "an origin: scheme://host[:port], http or https, no path",
            }),
        )
        .max(64)
        .default([]),
      bodyLimitBytes: z
        .number()
        .int()
        .min(1024)
        .max(64 * 1024 * 1024)
        .default(DEFAULT_BODY_LIMIT_BYTES),
    })
    .prefault({}),
  store: StoreConfigSchema,
  plugins: z
    .strictObject({
      /** Load the bundled plugins (packages/plugins/*). */
      bundled: z.boolean().default(true),
      /** Plugin directories (each holds a package.json with an `elowen` block). */
      dirs: z.array(z.string().min(1)).max(256).default([]),
      /** Names of plugins not to load. */
      disabled: z.array(z.string().min(1)).default([]),
      /**
       * Where each plugin's data directory is (`<dataDir>/<short name>`), relative to the data
       * directory unless absolute (`ELOWEN_PLUGIN_DATA_DIR`). Several instances on one database
       * point it at one shared directory, so a plugin's files are the same on each.
       */
      dataDir: z.string().min(1).max(4096).default("plugins-data"),
      /**
       * The operator's consent to each plugin's capabilities (`mutates`), by plugin name. A
       * capability a plugin asks for without consent here is not granted: its mutations are
       * dropped and audited.
       */
      /**
       * The operator's settings for each plugin, by plugin name, handed to it as `ctx.settings`
       * (the plugin validates them).
       */
      settings: z.record(z.string().min(1), z.record(z.string(), z.unknown())).default({}),
      /**
       * How long a plugin's `ctx.prompt.fill`, `suggest` or `read` waits for a client's prompt
       * box before it answers as a session with no box does.
       */
      promptBoxTimeoutMs: z.number().int().min(50).max(60_000).default(PROMPT_BOX_REPLY_TIMEOUT_MS),
      consent: z
        .record(
          z.string().min(1),
          z.strictObject({ mutates: z.array(z.enum(PLUGIN_MUTATIONS)).default([]) }),
        )
        .default({}),
    })
    .prefault({}),
  model: ModelConfigSchema.prefault({}),
  brain: BrainConfigSchema,
  learning: LearningConfigSchema,
  skills: SkillsConfigSchema,
  log: z
    .strictObject({
      /** The least severe level written (`ELOWEN_LOG_LEVEL`). */
      level: z.enum(LOG_LEVELS).default("info"),
      /** `text` lines for a person, or pino's JSON lines (`ELOWEN_LOG_FORMAT`). */
      format: z.enum(LOG_FORMATS).default("text"),
    })
    .prefault({}),
  shutdown: z
    .strictObject({
      pauseDeadlineMs: z.number().int().min(100).max(120_000).default(DEFAULT_PAUSE_DEADLINE_MS),
    })
    .prefault({}),
  blobs: z
    .strictObject({
      /** Hours between sweeps of unowned blobs (daily by default). */
      sweepIntervalHours: z
        .number()
        .positive()
        .max(24 * 30)
        .default(24),
      /** A blob younger than this is never swept: its owner may be committing it right now. */
      graceMinutes: z
        .number()
        .nonnegative()
        .max(24 * 60)
        .default(60),
    })
    .prefault({}),
  jobs: z
    .strictObject({
      /** Days a job kept as failed stays in the store (its `last_error` can be read) before it is deleted. */
      failedRetentionDays: z
        .number()
        .int()
        .min(1)
        .max(MAX_FAILED_JOB_RETENTION_DAYS)
        .default(DEFAULT_FAILED_JOB_RETENTION_DAYS),
    })
    .prefault({}),
});

/** The validated configuration. */
export type ElowenConfig = z.infer<typeof ConfigSchema>;
/** A configuration as written (every field optional). */
export type ElowenConfigInput = z.input<typeof ConfigSchema>;
