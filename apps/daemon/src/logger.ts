import type { PluginLogger } from "@elowen/plugin-api";

/** Where the daemon's log lines go (stderr by default). */
export type LogSink = (line: string) => void;

/** A plugin logger whose lines carry the plugin's name and level. */
export function pluginLogger(sink: LogSink, plugin: string): PluginLogger {
  const line = (level: string) => (message: string, fields?: Readonly<Record<string, unknown>>) => {
    sink(`[${level}] ${plugin}: ${message}${fields ? ` ${safeJson(fields)}` : ""}`);
  };
  return { debug: () => {}, info: line("info"), warn: line("warn"), error: line("error") };
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch {
    return "[unserializable fields]";
  }
}
