import type { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js";
import { McpError } from "../mcp-error.js";

/**
 * A `fetch` for an account's own `url` server that holds every other origin it is sent to (the
 * OAuth discovery, registration and token endpoints a server names) to the same address rules as
 * the server's own URL, which is checked before each connect: a server cannot make the daemon
 * reach a private or metadata address through its sign-in. `check` answers a reason to refuse.
 */
export function guardedFetch(
  serverUrl: string,
  check: (url: string) => Promise<string | undefined>,
  base: FetchLike = fetch,
): FetchLike {
  const own = new URL(serverUrl).origin;
  return async (url, init) => {
    const target = new URL(String(url));
    if (target.origin !== own) {
      const refused = await check(target.toString());
      if (refused !== undefined) {
        throw new McpError("mcp.address_refused", `${target.origin} (named by ${own}): ${refused}`);
      }
    }
    return base(url, init);
  };
}
