import { readFileSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { parseDocument } from "yaml";
import { ConfigError, type ConfigProblem } from "./config-error.js";
import { configPaths } from "./config-paths.js";
import { ConfigSchema, type ElowenConfig, type ElowenConfigInput } from "./schema.js";
import { PORT_MAX, PORT_TEXT_PATTERN } from "./server-defaults.js";

/** What start-up reads the configuration from. */
export interface ConfigSource {
  /** The data directory; default `$ELOWEN_HOME`, else `~/.elowen`. */
  readonly home?: string;
  /** The config file; default `$ELOWEN_CONFIG`, else `<home>/elowen.yaml` (absent is fine). */
  readonly file?: string;
  /** Configuration given in code; merged over the file, under the environment. */
  readonly overrides?: ElowenConfigInput;
  /** The environment to read `ELOWEN_*` from (default `process.env`). */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/** The loaded configuration and where it came from. */
export interface LoadedConfig {
  readonly home: string;
  readonly file: string | undefined;
  readonly config: ElowenConfig;
  /**
   * Top-level sections that are not the host's own (`mcp:` ...), by key, as written: each is the
   * settings of the plugin whose short name it is (see `pluginSettings`).
   */
  readonly sections: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

/**
 * Resolves the data directory, reads `elowen.yaml` when present, applies code overrides and the
 * environment (`ELOWEN_HOST`, `ELOWEN_PORT`, `ELOWEN_DATABASE_URL`: the PostgreSQL store,
 * `ELOWEN_PLUGIN_DATA_DIR`: where plugins keep their files), and
 * validates the whole. Reads only: nothing is
 * written. Throws {@link ConfigError} listing every problem by path. Model overrides:
 * `ELOWEN_MODEL_PROVIDER`, `ELOWEN_MODEL`, `ELOWEN_MODEL_BASE_URL`, `ELOWEN_OFFLINE_SCRIPT` (keys
 * are read when the model is resolved, never into the configuration). Logs: `ELOWEN_LOG_LEVEL`,
 * `ELOWEN_LOG_FORMAT`.
 */
export function loadConfig(source: ConfigSource = {}): LoadedConfig {
  const env = source.env ?? process.env;
  const { home, file, fileNamed } = configPaths(source, env);
  const problems: ConfigProblem[] = [];
  const fromFile = readYaml(file, fileNamed, problems);
  const merged = withDatabaseUrl(
    mergeDeep(mergeDeep(fromFile ?? {}, source.overrides ?? {}), envLayer(env, problems)),
    env.ELOWEN_DATABASE_URL,
  );
  const { core, sections } = splitSections(merged, problems);
  const parsed = ConfigSchema.safeParse(core);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      if (issue.code === "unrecognized_keys") {
        // One problem per unknown key, at its own path, so a misspelt setting is named itself.
        for (const key of issue.keys) {
          problems.push({
            path: [...issue.path.map(String), key].join("."),
            message: "is not a setting of elowen.yaml (misspelt, or in the wrong section?)",
          });
        }
        continue;
      }
      problems.push(
        fromEnvironment(
          { path: issue.path.map(String).join(".") || "(config)", message: issue.message },
          env,
        ),
      );
    }
  }
  const shownFile = fromFile === undefined ? undefined : file;
  // A file that does not exist is not named: the settings came from the environment and defaults.
  if (problems.length > 0 || !parsed.success) throw new ConfigError(shownFile, problems);
  const config = parsed.data;
  // Relative paths are read against the data directory.
  const store =
    config.store.kind !== "sqlite" || isAbsolute(config.store.path)
      ? config.store
      : { ...config.store, path: join(home, config.store.path) };
  const model =
    config.model.script === undefined || isAbsolute(config.model.script)
      ? config.model
      : { ...config.model, script: resolve(home, config.model.script) };
  const plugins = { ...config.plugins, dataDir: resolve(home, config.plugins.dataDir) };
  return { home, file: shownFile, config: { ...config, store, model, plugins }, sections };
}

/**
 * Splits the merged configuration into the host's own sections and the rest, which plugins claim
 * by short name. A plugin's section must be a mapping.
 */
function splitSections(merged: object, problems: ConfigProblem[]) {
  const core: Record<string, unknown> = {};
  const sections: Record<string, Record<string, unknown>> = {};
  for (const [key, value] of Object.entries(merged)) {
    if (key in ConfigSchema.shape) core[key] = value;
    else if (typeof value === "object" && value !== null && !Array.isArray(value))
      sections[key] = value as Record<string, unknown>;
    else
      problems.push({
        path: key,
        message:
          "is not a setting of elowen.yaml; a plugin's section (named by its short name) is a mapping",
      });
  }
  return { core, sections };
}

function readYaml(file: string, required: boolean, problems: ConfigProblem[]): object | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" && !required) return undefined;
    problems.push({ path: "(file)", message: `cannot read ${file}: ${code ?? String(error)}` });
    return undefined;
  }
  const document = parseDocument(text, { prettyErrors: true, uniqueKeys: true });
  if (document.errors.length > 0) {
    for (const error of document.errors) {
      const at = error.linePos?.[0];
      problems.push({
        path: at ? `(yaml line ${at.line}, column ${at.col})` : "(yaml)",
        message: error.message.split("\n")[0] ?? error.message,
      });
    }
    return {};
  }
  const value: unknown = document.toJS();
  if (value === null || value === undefined) return {};
  if (typeof value !== "object" || Array.isArray(value)) {
    problems.push({ path: "(config)", message: "the configuration is a mapping of sections" });
    return {};
  }
  return value;
}

function envLayer(env: Readonly<Record<string, string | undefined>>, problems: ConfigProblem[]) {
  const server: Record<string, unknown> = {};
  if (env.ELOWEN_HOST !== undefined && env.ELOWEN_HOST !== "") server.host = env.ELOWEN_HOST;
  if (env.ELOWEN_PORT !== undefined && env.ELOWEN_PORT !== "") {
    const port = Number(env.ELOWEN_PORT);
    if (!PORT_TEXT_PATTERN.test(env.ELOWEN_PORT) || port > PORT_MAX) {
      problems.push({
        path: "env.ELOWEN_PORT",
        message: `a port is 0 to 65535 (0 picks a free port), got "${env.ELOWEN_PORT}"`,
      });
    } else server.port = port;
  }
  const model: Record<string, unknown> = {};
  const set = (name: string, field: string) => {
    const value = env[name];
    if (value !== undefined && value !== "") model[field] = value;
  };
  set("ELOWEN_MODEL_PROVIDER", "provider");
  set("ELOWEN_MODEL", "id");
  set("ELOWEN_MODEL_BASE_URL", "baseUrl");
  set("ELOWEN_OFFLINE_SCRIPT", "script");
  const log: Record<string, unknown> = {};
  if (env.ELOWEN_LOG_LEVEL !== undefined && env.ELOWEN_LOG_LEVEL !== "")
    log.level = env.ELOWEN_LOG_LEVEL;
  if (env.ELOWEN_LOG_FORMAT !== undefined && env.ELOWEN_LOG_FORMAT !== "")
    log.format = env.ELOWEN_LOG_FORMAT;
  const plugins =
    env.ELOWEN_PLUGIN_DATA_DIR !== undefined && env.ELOWEN_PLUGIN_DATA_DIR !== ""
      ? { plugins: { dataDir: env.ELOWEN_PLUGIN_DATA_DIR } }
      : {};
  return {
    ...plugins,
    ...(Object.keys(server).length > 0 ? { server } : {}),
    ...(Object.keys(model).length > 0 ? { model } : {}),
    ...(Object.keys(log).length > 0 ? { log } : {}),
  };
}

/** The environment variable that sets each setting, by the setting's dotted path (`ELOWEN_PORT` is checked where it is read). */
const ENV_SETTINGS: Readonly<Record<string, string>> = {
  "server.host": "ELOWEN_HOST",
  "store.url": "ELOWEN_DATABASE_URL",
  "plugins.dataDir": "ELOWEN_PLUGIN_DATA_DIR",
  "model.provider": "ELOWEN_MODEL_PROVIDER",
  "model.id": "ELOWEN_MODEL",
  "model.baseUrl": "ELOWEN_MODEL_BASE_URL",
  "model.script": "ELOWEN_OFFLINE_SCRIPT",
  "log.level": "ELOWEN_LOG_LEVEL",
  "log.format": "ELOWEN_LOG_FORMAT",
};

/**
 * A problem with a setting an environment variable gave is reported by the variable's name
 * (`env.ELOWEN_MODEL_PROVIDER`); a missing setting that has a variable says to set it.
 */
function fromEnvironment(
  problem: ConfigProblem,
  env: Readonly<Record<string, string | undefined>>,
): ConfigProblem {
  const variable = ENV_SETTINGS[problem.path];
  if (variable === undefined) return problem;
  const value = env[variable];
  if (value !== undefined && value !== "")
    return {
      path: `env.${variable}`,
      message: problem.message.replace(`${problem.path} `, `${variable} `),
    };
  if (/is required/.test(problem.message))
    return { path: problem.path, message: `${problem.message}: set ${variable}` };
  return problem;
}

/**
 * `ELOWEN_DATABASE_URL` chooses the PostgreSQL store over whatever the file says, keeping the
 * file's PostgreSQL settings (pool size) when it already names that kind.
 */
function withDatabaseUrl(merged: object, url: string | undefined): object {
  if (url === undefined || url === "") return merged;
  const prior = (merged as { store?: unknown }).store;
  const keep = isPlain(prior) && (prior as { kind?: unknown }).kind === "postgres" ? prior : {};
  return { ...merged, store: { ...keep, kind: "postgres", url } };
}

function mergeDeep(base: object, over: object): object {
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(over)) {
    const prior = out[key];
    out[key] = isPlain(prior) && isPlain(value) ? mergeDeep(prior, value) : value;
  }
  return out;
}

function isPlain(value: unknown): value is object {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
