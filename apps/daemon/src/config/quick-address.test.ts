import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { loadConfig } from "./load-config.js";
import { quickListenAddress } from "./quick-address.js";

const dirs: string[] = [];
function home(): string {
  const d = mkdtempSync(join(tmpdir(), "elowen-quick-address-"));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("quickListenAddress", () => {
  test.each([
    [{}],
    [{ ELOWEN_PORT: "0" }],
    [{ ELOWEN_PORT: "65535" }],
    [{ ELOWEN_PORT: "", ELOWEN_HOST: "" }],
    [{ ELOWEN_HOST: "::1", ELOWEN_PORT: "7000" }],
    [{ ELOWEN_HOST: "a".repeat(253) }],
    [{ ELOWEN_HOST: "0.0.0.0", ELOWEN_MODEL_PROVIDER: "offline" }],
  ])("with env %j it is loadConfig's server address", (env) => {
    const dir = home();
    const quick = quickListenAddress({ home: dir, env });
    const { server } = loadConfig({ home: dir, env }).config;
    expect(quick).toEqual({
      host: server.host,
      port: server.port,
      allowedHosts: server.allowedHosts,
    });
  });

  test.each([
    ["a port past 65535", { ELOWEN_PORT: "65536" }],
    ["a port that is not a number", { ELOWEN_PORT: "80a" }],
    ["a host one past 253 characters", { ELOWEN_HOST: "a".repeat(254) }],
    ["a host with a space", { ELOWEN_HOST: "my host" }],
  ])("leaves %s to the full configuration, which names the variable", (_, env) => {
    const dir = home();
    expect(quickListenAddress({ home: dir, env })).toBeUndefined();
    expect(() => loadConfig({ home: dir, env })).toThrow(/ELOWEN_(PORT|HOST)/);
  });

  test("answers nothing when a config file or settings in code can set the address", () => {
    const dir = home();
    expect(quickListenAddress({ home: dir, env: {}, overrides: {} })).toBeUndefined();
    expect(
      quickListenAddress({ home: dir, env: { ELOWEN_CONFIG: join(dir, "x.yaml") } }),
    ).toBeUndefined();
    expect(quickListenAddress({ home: dir, env: {}, file: join(dir, "x.yaml") })).toBeUndefined();
    writeFileSync(join(dir, "elowen.yaml"), "server:\n  port: 7000\n");
    expect(quickListenAddress({ home: dir, env: {} })).toBeUndefined();
    expect(quickListenAddress({ env: { ELOWEN_HOME: dir } })).toBeUndefined();
  });
});
