/** `@elowen/plugin-api/tools`. Tools (`ctx.registerTool`): the tool, its call context and results, tool sources. */

export type { SourcedTool, ToolSource } from "../tool-sources.js";
export type {
  ImageContent,
  PluginTool,
  TextContent,
  ToolCallContext,
  ToolResult,
  ToolResultDetails,
} from "../tools.js";
export { errorResult, TOOL_NAME_PATTERN, textResult } from "../tools.js";
