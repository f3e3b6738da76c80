import { ElowenError } from "@elowen/plugin-shared/errors";

/** The codes a {@link McpError} carries; the README's Errors section says when each is thrown. */
export type McpErrorCode =
  | "mcp.not_connected"
  | "mcp.sign_in_required"
  | "mcp.address_refused"
  | "mcp.invalid_servers_file"
  | "mcp.no_resources";

/** An error of the MCP plugin: a stable code and the reason in words. */
export class McpError extends ElowenError<McpErrorCode> {
  override readonly name: string = "McpError";

  constructor(code: McpErrorCode, message: string) {
    super({ code, summary: message });
  }
}
