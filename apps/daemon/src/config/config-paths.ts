import { homedir } from "node:os";
import { join, resolve } from "node:path";

/** Where start-up reads the configuration from (a ConfigSource's paths, resolved). */
export interface ConfigPaths {
  /** The data directory: the source's, else `$ELOWEN_HOME`, else `~/.elowen`. */
  readonly home: string;
  /** The config file: the source's, else `$ELOWEN_CONFIG`, else `<home>/elowen.yaml`. */
  readonly file: string;
  /** Whether the file was named (it must then exist), rather than the default. */
  readonly fileNamed: boolean;
}

/** Resolves the data directory and the config file, as loadConfig reads them. */
export function configPaths(
  source: { readonly home?: string; readonly file?: string },
  env: Readonly<Record<string, string | undefined>>,
): ConfigPaths {
  const home = resolve(source.home ?? env.ELOWEN_HOME ?? join(homedir(), ".elowen"));
  const named = source.file ?? env.ELOWEN_CONFIG;
  return {
    home,
    file: named ? resolve(named) : join(home, "elowen.yaml"),
    fileNamed: named !== undefined,
  };
}
