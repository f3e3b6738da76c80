import { join } from "node:path";
import { PLUGIN_MUTATIONS } from "@elowen/plugin-api";
import { readJsonStrict, writeJsonAtomic } from "@elowen/plugin-shared/atomicJson";
import { z } from "zod";
import { PLUGIN_INSTALL_ERRORS, PluginInstallError } from "./install-error.js";

/** The lockfile's name inside `$ELOWEN_HOME/plugins`. */
export const PLUGIN_LOCKFILE = "plugins.lock.json";
/** The lockfile format this daemon writes and reads. */
export const PLUGIN_LOCKFILE_VERSION = 1;

/** The formats a plugin package may be in. */
export const PLUGIN_FORMATS = ["elowen", "claude-code", "agent-plugin"] as const;
/** One plugin package format. */
export type PluginFormat = (typeof PLUGIN_FORMATS)[number];

/** One installed plugin, pinned: what was asked for, what was installed, and what was consented. */
export const LockedPluginSchema = z.strictObject({
  name: z.string().min(1),
  version: z.string().min(1),
  format: z.enum(PLUGIN_FORMATS),
  /** The spec it was installed from, as the operator typed it (update resolves it again). */
  spec: z.string().min(1),
  /** The tarball npm fetched (`name@version`), the tarball file or the folder. */
  resolved: z.string().min(1),
  integrity: z.string().regex(/^sha512-[A-Za-z0-9+/]+=*$/, "sha512-<base64>"),
  /** The folder under `$ELOWEN_HOME/plugins` it lives in. */
  dir: z.string().min(1),
  /** The capabilities it asks for, and those the operator consented to. */
  mutates: z.array(z.enum(PLUGIN_MUTATIONS)),
  consent: z.array(z.enum(PLUGIN_MUTATIONS)),
  installedAt: z.string(),
});
/** One installed plugin as the lockfile pins it. */
export type LockedPlugin = z.infer<typeof LockedPluginSchema>;

const LockfileSchema = z.strictObject({
  lockfileVersion: z.literal(PLUGIN_LOCKFILE_VERSION),
  plugins: z.record(z.string(), LockedPluginSchema),
});
/** The lockfile: every installed plugin by name. */
export type Lockfile = z.infer<typeof LockfileSchema>;

/** The lockfile's path for a data directory. */
export function lockfilePath(home: string): string {
  return join(home, "plugins", PLUGIN_LOCKFILE);
}

/** Reads the lockfile (empty when missing); throws naming the file and the field when invalid. */
export async function readLockfile(home: string): Promise<Lockfile> {
  const file = lockfilePath(home);
  const read = await readJsonStrict(file);
  if (read.status === "missing") return { lockfileVersion: PLUGIN_LOCKFILE_VERSION, plugins: {} };
  const parsed = LockfileSchema.safeParse(read.value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new PluginInstallError(
    PLUGIN_INSTALL_ERRORS.lockfile,
    `${file} is not a plugin lockfile: ${issue?.path.join(".") || "(root)"}: ${issue?.message}`,
  );
}

/** Replaces the lockfile atomically (a reader sees the old one or the new one). */
export function writeLockfile(home: string, lockfile: Lockfile): Promise<void> {
  return writeJsonAtomic(lockfilePath(home), lockfile, { pretty: true });
}
