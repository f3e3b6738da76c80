import { describe, expect, test } from "vitest";
import { addressRule, checkServerUrl, type HostLookup } from "./url-policy.js";

const names: Record<string, string[]> = {
  "public.test": ["93.184.216.34"],
  "inside.test": ["10.1.2.3"],
  "mixed.test": ["93.184.216.34", "fd12:3456::1"],
  localhost: ["127.0.0.1", "::1"],
};
const lookup: HostLookup = async (host) => {
  const found = names[host];
  if (!found) throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
  return found.map((address) => ({ address }));
};

describe("addressRule", () => {
  test.each([
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["0.0.0.0", "loopback"],
    ["::1", "loopback"],
    ["::ffff:127.0.0.1", "loopback"],
    ["169.254.10.1", "link-local"],
    ["fe80::1", "link-local"],
    ["10.0.0.1", "private"],
    ["172.16.5.5", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["fd00::5", "private"],
    ["169.254.169.254", "metadata"],
    ["100.100.100.200", "metadata"],
    ["fd00:ec2::254", "metadata"],
    ["172.32.0.1", undefined],
    ["8.8.8.8", undefined],
    ["2001:db8::1", undefined],
  ])("%s is %s", (address, rule) => {
    expect(addressRule(address)).toBe(rule);
  });
});

describe("checkServerUrl", () => {
  test("a public host passes", async () => {
    expect(await checkServerUrl("https://public.test/mcp", undefined, lookup)).toEqual({
      ok: true,
    });
  });

  test.each([
    ["http://127.0.0.1:8080/mcp", "loopback", "url: 127.0.0.1 is a loopback address"],
    ["http://localhost/mcp", "loopback", "url: localhost (127.0.0.1) is a loopback address"],
    ["http://[::1]/mcp", "loopback", "url: ::1 is a loopback address"],
    ["http://inside.test/mcp", "private", "url: inside.test (10.1.2.3) is a private address"],
    ["http://mixed.test/mcp", "private", "url: mixed.test (fd12:3456::1) is a private address"],
    ["http://169.254.169.254/latest", "metadata", "url: 169.254.169.254 is a metadata address"],
    [
      "http://metadata.google.internal/",
      "metadata",
      "url: metadata.google.internal is a metadata address",
    ],
    ["http://[fe80::1]/mcp", "link-local", "url: fe80::1 is a link-local address"],
  ])("refuses %s after resolving it, naming the rule %s", async (url, rule, start) => {
    const check = await checkServerUrl(url, undefined, lookup);
    expect(check).toEqual({
      ok: false,
      rule,
      message: `${start}, which an account's own server may not reach (rule "${rule}"); the operator allows it with mcp.allowPrivateUrls`,
    });
  });

  test("a host that does not resolve is refused", async () => {
    expect(await checkServerUrl("https://nowhere.test/", undefined, lookup)).toEqual({
      ok: false,
      rule: "resolve",
      message:
        "url: nowhere.test does not resolve (ENOTFOUND); an account's own server must resolve to a public address",
    });
  });

  test.each([
    [true, "http://127.0.0.1/mcp"],
    [["loopback"], "http://localhost/mcp"],
    [["inside.test"], "http://inside.test/mcp"],
    [["10.1.2.3"], "http://inside.test/mcp"],
    [["private"], "http://mixed.test/mcp"],
  ])("the operator's allowPrivateUrls %j lets %s through", async (allow, url) => {
    expect(await checkServerUrl(url, allow, lookup)).toEqual({ ok: true });
  });

  test("allowing one rule does not lift another", async () => {
    const check = await checkServerUrl("http://169.254.169.254/", ["link-local"], lookup);
    expect(check.ok ? undefined : check.rule).toBe("metadata");
  });
});
