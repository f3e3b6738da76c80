import type { TestDaemon } from "@elowen/daemon/testing";

/** A signed-in client of a test daemon. */
export type ElowenClient = TestDaemon["owner"];

/** This plugin's folder, as a test daemon loads it. */
export const PLUGIN_DIR = new URL("..", import.meta.url).pathname;

/** The plugin's server list route. */
export const SERVERS = "/plugins/mcp/servers";

/** What the daemon answered a request that failed: its status and error text. */
export async function refusal(
  request: Promise<unknown>,
): Promise<{ status: number; error: string }> {
  try {
    await request;
  } catch (error) {
    const failure = error as { status: number; body: { error: string } };
    return { status: failure.status, error: failure.body.error };
  }
  throw new Error("the request succeeded");
}
