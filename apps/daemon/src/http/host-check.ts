/** Host names every daemon accepts: loopback names (the DNS-rebinding check keeps out the rest). */
export const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "::1"] as const;

/**
 * Builds the Host-header check against DNS rebinding: a browser tricked into sending a request
 * from an attacker's page carries the attacker's host name, which is not on this list. Accepted:
 * loopback names, `*.localhost`, the listen host (unless it is a wildcard address) and the
 * configured `server.allowedHosts`. Ports are ignored; names compare case-insensitively.
 */
export function hostChecker(
  listenHost: string,
  allowedHosts: readonly string[],
): (hostHeader: string | undefined) => boolean {
  const allowed = new Set<string>(LOOPBACK_HOSTS);
  const listen = bare(listenHost);
  if (listen !== "0.0.0.0" && listen !== "::") allowed.add(listen);
  for (const host of allowedHosts) allowed.add(bare(host));
  return (hostHeader) => {
    if (!hostHeader) return false;
    const name = hostName(hostHeader);
    if (name === undefined) return false;
    return allowed.has(name) || name.endsWith(".localhost");
  };
}

function bare(host: string): string {
  return host.toLowerCase().replace(/^\[(.*)\]$/, "$1");
}

/** The name part of a Host header (`[::1]:7457` → `::1`), or undefined when malformed. */
function hostName(header: string): string | undefined {
  const value = header.trim().toLowerCase();
  if (value.startsWith("[")) {
    const end = value.indexOf("]");
    if (end < 0) return undefined;
    const rest = value.slice(end + 1);
    if (rest !== "" && !/^:\d{1,5}$/.test(rest)) return undefined;
    return value.slice(1, end);
  }
  const match = /^([a-z0-9.-]+)(?::\d{1,5})?$/.exec(value);
  return match?.[1];
}
