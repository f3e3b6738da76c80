import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";

let t: TestDaemon;
beforeAll(async () => {
  t = await startTestDaemon({
    plugins: [
      "good",
      "bad-manifest",
      "throws",
      "old-core",
      "collide",
      "collide-core",
      "new-shared-api",
      "peer-range",
      "reviewer-v1",
      "no-register",
      "missing-dir",
    ],
    config: { plugins: { consent: { "acme-good": { mutates: ["turnContext"] } } } },
  });
});
afterAll(() => t.close());

const stateOf = async (name: string) =>
  (await t.owner.status()).plugins.find((p) => p.name === name);

describe("plugin loading", () => {
  test("a valid plugin loads and the daemon keeps running beside refused ones", async () => {
    expect(await stateOf("acme-good")).toEqual({
      name: "acme-good",
      version: "1.2.3",
      state: "loaded",
    });
    expect((await t.owner.health()).ok).toBe(true);
  });

  test("an invalid manifest is refused with every problem by path", async () => {
    const state = await stateOf("acme-bad-manifest");
    expect(state?.state).toBe("refused");
    expect(state?.reason).toMatch(/sharedApi: /);
    expect(state?.reason).toMatch(/routes\.0\.path: a plugin route starts with "\/plugins\/"/);
  });

  test("a plugin whose register throws is refused and leaves no command or route behind", async () => {
    expect((await stateOf("acme-throws"))?.reason).toBe("register threw: register exploded");
    const { commands } = await t.owner.commands("web");
    expect(commands.some((c) => c.name === "left-behind")).toBe(false);
    expect((await t.request("/plugins/throws/x")).status).toBe(404);
  });

  test("an unmet core range is refused naming both sides, and register never runs", async () => {
    expect((await stateOf("acme-old-core"))?.reason).toBe(
      "acme-old-core needs core ^0.10.0, but this host is core 0.30.7",
    );
  });

  test("a shared API newer than the host's is refused naming both sides, and register never runs", async () => {
    expect((await stateOf("acme-new-shared-api"))?.reason).toBe(
      "acme-new-shared-api declares shared API 18, but this host loads shared API 14 to 17",
    );
    const data = join(t.home, "plugins-data");
    const files = existsSync(data) ? readdirSync(data, { recursive: true }).map(String) : [];
    expect(files.filter((f) => f.endsWith("registered"))).toEqual([]);
  });

  test("a plugin-api peer range the host does not satisfy is refused naming both versions", async () => {
    const version = JSON.parse(
      readFileSync(join(import.meta.dirname, "../../../packages/plugin-api/package.json"), "utf8"),
    ).version;
    expect((await stateOf("acme-peer-range"))?.reason).toBe(
      `acme-peer-range peer-depends on @elowen/plugin-api ^99.0.0, but this host runs @elowen/plugin-api ${version}`,
    );
  });

  test("a command named like a core command is refused naming core and the plugin", async () => {
    expect((await stateOf("acme-collide-core"))?.reason).toBe(
      "register threw: registerCommand: /help is a core command; acme-collide-core cannot register it",
    );
    const { commands } = await t.owner.commands("web");
    expect(commands.filter((c) => c.name === "help")).toHaveLength(1);
  });

  test("a command collision is refused naming both owners", async () => {
    expect((await stateOf("acme-collide"))?.reason).toBe(
      "register threw: registerCommand: /greet is already registered by acme-good; acme-collide cannot register it too",
    );
  });

  test("a skill reviewer of contract version 1 is refused with the accepted version", async () => {
    expect((await stateOf("acme-reviewer-v1"))?.reason).toMatch(
      /contract version 1 is refused; this host accepts only contract version 2/,
    );
  });

  test("a module without register and a directory without package.json are refused with the reason", async () => {
    expect((await stateOf("acme-no-register"))?.reason).toMatch(
      /has no default export with a register\(ctx\) function/,
    );
    const missing = (await t.owner.status()).plugins.find((p) => p.name.endsWith("missing-dir"));
    expect(missing?.reason).toMatch(/^no package\.json in /);
  });

  test("every refusal is logged with its reason", () => {
    expect(t.lines.filter((l) => l.includes("plugin refused")).length).toBe(10);
  });
});

describe("capability consent", () => {
  test("a consented mutation is registered; one without consent is dropped and audited", async () => {
    const audit = await t.owner.hookAudit();
    expect(audit.entries).toContainEqual(
      expect.objectContaining({
        plugin: "acme-good",
        capability: "prompt",
        action: "registerPrompts",
        outcome: "dropped",
      }),
    );
    expect(t.daemon.host.registry.prompts.inputTransforms().map((r) => r.plugin)).toEqual([
      "acme-good",
    ]);
  });

  test("the audit is for administrators only", async () => {
    const user = await t.account("auditor");
    expect((await t.request("/admin/hooks/audit", { token: user.token })).status).toBe(403);
  });
});
