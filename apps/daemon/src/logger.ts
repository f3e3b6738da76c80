import type { PluginLogger } from "@elowen/plugin-api";
import { type Logger, pino } from "pino";

/** Where the daemon's log lines go (stderr by default): one formatted line, no newline. */
export type LogSink = (line: string) => void;

/** The levels `log.level` and `ELOWEN_LOG_LEVEL` accept, most severe first (pino's). */
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** `text`: `[area] message` lines for a person; `json`: one pino JSON object per line. */
export const LOG_FORMATS = ["text", "json"] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** The daemon's logger: pino, one child per area (`daemon`, `store`, `http`, a plugin's name). */
export interface DaemonLog {
  readonly pino: Logger;
  /** An area's `info` lines as a plain function (what the daemon's parts take). */
  area(name: string): (message: string) => void;
  /** A plugin's logger: its lines carry the plugin's name; `debug` logs at the debug level. */
  plugin(name: string): PluginLogger;
}

/**
 * Builds the daemon's pino logger at `level`, writing `format` lines to `sink`. In text format a
 * line reads `[area] message` (a warning or error `[warn] area: message`), as the daemon always
 * printed; in JSON format each line is pino's object with `area` (and `plugin`) fields.
 */
export function createDaemonLog(options: {
  readonly level: LogLevel;
  readonly format: LogFormat;
  readonly sink: LogSink;
}): DaemonLog {
  const { sink } = options;
  const destination = {
    write(chunk: string) {
      for (const line of chunk.split("\n")) {
        if (line === "") continue;
        sink(options.format === "json" ? line : textLine(line));
      }
    },
  };
  const root = pino(
    {
      level: options.level,
      base: null,
      // Secrets that might ride along in fields are never written.
      redact: {
        paths: [
          "fields.authorization",
          "fields.token",
          "fields.apiKey",
          "fields.password",
          "fields.headers.authorization",
          "fields.headers.cookie",
        ],
        censor: "[redacted]",
      },
    },
    destination,
  );
  return {
    pino: root,
    area(name) {
      const child = root.child({ area: name });
      return (message) => child.info(message);
    },
    plugin(name) {
      const child = root.child({ plugin: name });
      const at =
        (level: "debug" | "info" | "warn" | "error") =>
        (message: string, fields?: Readonly<Record<string, unknown>>) => {
          if (fields === undefined) child[level](message);
          else child[level]({ fields: safeFields(fields) }, message);
        };
      return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
    },
  };
}

/** A plugin logger on a bare sink (tests and parts that own no DaemonLog). */
export function pluginLogger(sink: LogSink, plugin: string): PluginLogger {
  return createDaemonLog({ level: "info", format: "text", sink }).plugin(plugin);
}

const LEVEL_NAMES: Readonly<Record<number, string>> = {
  10: "trace",
  20: "debug",
  30: "info",
  40: "warn",
  50: "error",
  60: "fatal",
};

/** One pino JSON line as the daemon's text line. */
function textLine(json: string): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const level = LEVEL_NAMES[Number(record.level)] ?? "info";
  const message = typeof record.msg === "string" ? record.msg : "";
  const fields = record.fields === undefined ? "" : ` ${JSON.stringify(record.fields)}`;
  if (typeof record.plugin === "string") return `[${level}] ${record.plugin}: ${message}${fields}`;
  const area = typeof record.area === "string" ? record.area : "daemon";
  return level === "info" ? `[${area}] ${message}` : `[${level}] ${area}: ${message}`;
}

/** Fields a plugin passed, as JSON can carry them (a cycle or a throwing getter is not fatal). */
function safeFields(fields: Readonly<Record<string, unknown>>): unknown {
  try {
    return JSON.parse(JSON.stringify(fields)) as unknown;
  } catch {
    return "[unserializable fields]";
  }
}
