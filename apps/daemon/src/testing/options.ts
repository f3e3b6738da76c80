import { existsSync, statSync } from "node:fs";
import { isAbsolute } from "node:path";
import type { ElowenConfigInput } from "../config/schema.js";
import { TestingError } from "./testing-error.js";

/** What `startTestDaemon` starts. Every field is optional: no options is a daemon with no plugins. */
export interface TestDaemonOptions {
  /**
   * Plugin directories to load (absolute paths), added to `config.plugins.dirs`. A plugin named
   * here that the loader refuses fails the start with `plugin_refused` and the loader's reason.
   */
  readonly plugins?: readonly string[];
  /** The offline model's YAML script (written into the data directory); omitted, its default. */
  readonly script?: string;
  /**
   * Config overrides over the harness's defaults (a free loopback port, bundled plugins off);
   * `server`, `model` and `plugins` are merged one level deep, and the daemon validates the whole.
   */
  readonly config?: ElowenConfigInput;
  /** The built web client to serve at `/` (`webRoot()` of @elowen/web). */
  readonly webDir?: string;
  /**
   * An existing data directory to start on (one a test prepared: a config file, a database);
   * the caller owns it and `close` leaves it. Omitted, a fresh temporary one that `close` removes.
   */
  readonly home?: string;
}

const KNOWN = ["plugins", "script", "config", "webDir", "home"] as const;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const fail = (message: string): never => {
  throw new TestingError("invalid_option", message);
};

function directory(field: string, value: unknown): string {
  if (typeof value !== "string" || !isAbsolute(value))
    fail(`${field} must be an absolute path to a directory (got ${JSON.stringify(value)})`);
  const path = value as string;
  if (!existsSync(path) || !statSync(path).isDirectory())
    fail(`${field} must name an existing directory; there is none at ${path}`);
  return path;
}

/** Checks `startTestDaemon`'s options, throwing `invalid_option` naming the field and the rule. */
export function checkOptions(options: unknown): TestDaemonOptions {
  if (options === undefined) return {};
  if (!isPlainObject(options))
    return fail(`options must be an object (got ${options === null ? "null" : typeof options})`);
  for (const key of Object.keys(options))
    if (!(KNOWN as readonly string[]).includes(key))
      fail(`options.${key} is not an option of startTestDaemon (known: ${KNOWN.join(", ")})`);
  const { plugins, script, config, webDir, home } = options;
  if (plugins !== undefined) {
    if (!Array.isArray(plugins)) fail("options.plugins must be an array of plugin directories");
    (plugins as unknown[]).forEach((dir, i) => {
      directory(`options.plugins[${i}]`, dir);
    });
  }
  if (script !== undefined && (typeof script !== "string" || script.trim() === ""))
    fail("options.script must be the offline model's YAML script, a non-empty string");
  if (config !== undefined && !isPlainObject(config))
    fail("options.config must be an object of config overrides");
  if (webDir !== undefined) directory("options.webDir", webDir);
  if (home !== undefined) directory("options.home", home);
  return options as TestDaemonOptions;
}

/** Who a new account is: `admin` or `user`, and the surface its client says it is. */
export interface AccountOptions {
  /** Default `user`; the one owner exists already. */
  readonly role?: "admin" | "user";
  /** Sent as `x-elowen-surface` by the account's client (e.g. `web`, `cli`); default none. */
  readonly surface?: string;
}

/** The longest account name the daemon takes. */
export const ACCOUNT_NAME_MAX_CHARS = 100;

/** Checks `createAccount`'s arguments, throwing `invalid_option` naming the field and the rule. */
export function checkAccount(name: unknown, options: unknown): AccountOptions {
  if (typeof name !== "string" || name.trim() === "" || name.trim().length > ACCOUNT_NAME_MAX_CHARS)
    fail(`name must be a non-empty string of at most ${ACCOUNT_NAME_MAX_CHARS} characters`);
  if (options === undefined) return {};
  if (!isPlainObject(options)) return fail("options must be an object");
  const { role, surface } = options;
  if (role !== undefined && role !== "admin" && role !== "user")
    fail(`options.role must be "admin" or "user" (got ${JSON.stringify(role)})`);
  if (surface !== undefined && (typeof surface !== "string" || surface === ""))
    fail("options.surface must be a non-empty string");
  return options as AccountOptions;
}
