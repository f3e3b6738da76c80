import { readFileSync } from "node:fs";
import { errorMessage } from "@elowen/plugin-shared/errors";
import { PLUGIN_FORMAT_ERRORS, PluginFormatError } from "./plugin-format-error.js";

/** Reads a JSON file that must hold an object; throws naming the file otherwise. */
export function readJsonObject(file: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new PluginFormatError({
      code: PLUGIN_FORMAT_ERRORS.unreadable,
      summary: `${file}: ${errorMessage(error)}`,
      cause: error,
    });
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new PluginFormatError({
      code: PLUGIN_FORMAT_ERRORS.notAnObject,
      summary: `${file}: expected a JSON object`,
    });
  return value as Record<string, unknown>;
}
