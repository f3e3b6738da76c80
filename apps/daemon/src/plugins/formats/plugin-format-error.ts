import { ElowenError } from "@elowen/plugin-shared/errors";

/** Why a foreign plugin's file (a JSON manifest, a skill's frontmatter) could not be read. */
export const PLUGIN_FORMAT_ERRORS = {
  unreadable: "plugins.format.unreadable",
  notAnObject: "plugins.format.not_an_object",
  frontmatter: "plugins.format.frontmatter_invalid",
  name: "plugins.format.name_invalid",
} as const;
/** One format error code. */
export type PluginFormatErrorCode =
  (typeof PLUGIN_FORMAT_ERRORS)[keyof typeof PLUGIN_FORMAT_ERRORS];

/**
 * A file of a Claude Code or Agent Plugins package that the adapter cannot read: the message
 * names the file (and field) and what it should hold; `cause` keeps the parser's own error.
 */
export class PluginFormatError extends ElowenError<PluginFormatErrorCode> {
  override readonly name = "PluginFormatError";
}
