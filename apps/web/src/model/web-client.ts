import { ElowenClient } from "@elowen/client";

/**
 * A client of the daemon this page was served by (same origin), acting as the `web` surface: every
 * request carries `x-elowen-surface: web`, so plugins see which surface is asking.
 */
export function webClient(
  token: string,
  baseUrl: string = location.origin,
  fetchImpl: typeof fetch = (...args) => globalThis.fetch(...args),
): ElowenClient {
  return new ElowenClient({ baseUrl, token, fetch: fetchImpl, surface: "web" });
}
