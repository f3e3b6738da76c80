import { readFileSync } from "node:fs";
import { errorMessage } from "@elowen/plugin-shared/errors";
import { PLUGIN_FORMAT_ERRORS, PluginFormatError } from "./plugin-format-error.js";

/** Reads a JSON file that must hold an object; throws naming the file otherwise. */
export function readJsonObject(file: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new PluginFormatError(
      PLUGIN_FORMAT_ERRORS.unreadable,
      `${file}: ${errorMessage(error)}`,
      error,
    );
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new PluginFormatError(
      PLUGIN_FORMAT_ERRORS.notAnObject,
      `${file}: expected a JSON object`,
    );
  return value as Record<string, unknown>;
}
