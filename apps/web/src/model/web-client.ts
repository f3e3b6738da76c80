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
  const surfaced: typeof fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set("x-elowen-surface", "web");
    return fetchImpl(input, { ...init, headers });
  };
  return new ElowenClient({ baseUrl, token, fetch: surfaced });
}
