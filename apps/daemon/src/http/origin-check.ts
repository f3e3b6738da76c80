/** Methods that read: a cross-site `Origin` on these changes nothing, so it is not judged. */
const SAFE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Builds the `Origin` check of state-changing requests (POST, PUT, PATCH, DELETE, ...): a browser
 * page of another site that holds a token (a leaked one, or one a user pasted) may not change
 * anything. A request without `Origin` (the CLI, curl, a server) passes; one whose origin is the
 * daemon's own (its scheme-less host and port equal the request's `Host`) or one of the configured
 * `server.allowedOrigins` passes; any other, `null` included, is refused. Origins compare
 * case-insensitively, with default ports left out as browsers send them.
 */
export function originChecker(
  allowedOrigins: readonly string[],
): (method: string, origin: string | undefined, host: string | undefined) => boolean {
  const allowed = new Set(allowedOrigins.map((origin) => normalOrigin(origin) ?? origin));
  return (method, origin, host) => {
    if (origin === undefined || SAFE_METHODS.has(method)) return true;
    const normal = normalOrigin(origin);
    if (normal === undefined) return false;
    if (allowed.has(normal)) return true;
    return host !== undefined && normal.slice(normal.indexOf("//") + 2) === host.toLowerCase();
  };
}

/** `scheme://host[:port]` in lower case, or undefined for `null` and anything not an origin. */
export function normalOrigin(origin: string): string | undefined {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  if (url.origin !== origin.toLowerCase().replace(/\/$/, "")) return undefined;
  return url.origin;
}
