import { lookup as dnsLookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/**
 * The address rules an account's own `url` server is held to, by name (the name a refusal and
 * `mcp.allowPrivateUrls` use): `loopback` (127.0.0.0/8, ::1, 0.0.0.0, ::), `link-local`
 * (169.254.0.0/16, fe80::/10), `private` (RFC 1918 and IPv6 ULA fc00::/7) and `metadata` (the
 * cloud instance-metadata addresses 169.254.169.254, 100.100.100.200 and fd00:ec2::254).
 */
export const URL_ADDRESS_RULES = ["loopback", "link-local", "private", "metadata"] as const;
/** One address rule. */
export type UrlAddressRule = (typeof URL_ADDRESS_RULES)[number];

/**
 * What the operator allows (`mcp.allowPrivateUrls`): `true` lifts every rule; a list names rules
 * to lift (`"loopback"`) or hosts to let through whatever they resolve to (`"mcp.internal"`,
 * `"10.0.0.5"`).
 */
export type AllowPrivateUrls = boolean | readonly string[];

/** Resolves a host name to every address it has (the daemon's resolver by default). */
export type HostLookup = (host: string) => Promise<readonly { readonly address: string }[]>;

/** The default {@link HostLookup}: the system resolver, every address. */
export const systemLookup: HostLookup = (host) => dnsLookup(host, { all: true, verbatim: true });

/** Checked before the other rules: a metadata address is also link-local or private. */
const RULE_ORDER: readonly UrlAddressRule[] = ["metadata", "loopback", "link-local", "private"];

const blocks: Readonly<Record<UrlAddressRule, BlockList>> = {
  loopback: blockList([
    ["127.0.0.0", 8, "ipv4"],
    ["0.0.0.0", 32, "ipv4"],
    ["::1", 128, "ipv6"],
    ["::", 128, "ipv6"],
  ]),
  "link-local": blockList([
    ["169.254.0.0", 16, "ipv4"],
    ["fe80::", 10, "ipv6"],
  ]),
  private: blockList([
    ["10.0.0.0", 8, "ipv4"],
    ["172.16.0.0", 12, "ipv4"],
    ["192.168.0.0", 16, "ipv4"],
    ["fc00::", 7, "ipv6"],
  ]),
  metadata: blockList([
    ["169.254.169.254", 32, "ipv4"],
    ["100.100.100.200", 32, "ipv4"],
    ["fd00:ec2::254", 128, "ipv6"],
  ]),
};

/** The rule an IP address falls under, or undefined when it is a public address. */
export function addressRule(address: string): UrlAddressRule | undefined {
  const family = isIP(address);
  if (family === 0) return undefined;
  const type = family === 4 ? "ipv4" : "ipv6";
  return RULE_ORDER.find((rule) => blocks[rule].check(address, type));
}

/** Whether a URL may be reached, or the rule it breaks with a message naming it. */
export type UrlCheck =
  | { readonly ok: true }
  | { readonly ok: false; readonly rule: UrlAddressRule | "resolve"; readonly message: string };

/**
 * Checks an account's `url` server after resolving its host: every address it resolves to must
 * be outside the rules the operator has not lifted. A host that does not resolve is refused too
 * (rule `resolve`). Never throws.
 */
export async function checkServerUrl(
  url: string,
  allow: AllowPrivateUrls | undefined,
  lookup: HostLookup = systemLookup,
): Promise<UrlCheck> {
  if (allow === true) return { ok: true };
  const allowed = new Set((allow || []).map((entry) => entry.toLowerCase()));
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/^\[|\]$/g, "");
  } catch {
    return { ok: false, rule: "resolve", message: "url: an http(s) URL" };
  }
  if (allowed.has(host)) return { ok: true };
  if (host === "metadata.google.internal" && !allowed.has("metadata"))
    return refusal(host, host, "metadata");
  let addresses: readonly string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host)).map((a) => a.address);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return {
      ok: false,
      rule: "resolve",
      message: `url: ${host} does not resolve${typeof code === "string" ? ` (${code})` : ""}; an account's own server must resolve to a public address`,
    };
  }
  for (const address of addresses) {
    const rule = addressRule(address);
    if (rule !== undefined && !allowed.has(rule) && !allowed.has(address))
      return refusal(host, address, rule);
  }
  return { ok: true };
}

function refusal(host: string, address: string, rule: UrlAddressRule): UrlCheck {
  const via = host === address ? host : `${host} (${address})`;
  return {
    ok: false,
    rule,
    message: `url: ${via} is a ${rule} address, which an account's own server may not reach (rule "${rule}"); the operator allows it with mcp.allowPrivateUrls`,
  };
}

function blockList(subnets: readonly [string, number, "ipv4" | "ipv6"][]): BlockList {
  const list = new BlockList();
  for (const [network, prefix, type] of subnets) list.addSubnet(network, prefix, type);
  return list;
}
