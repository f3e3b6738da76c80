import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { packTarball } from "./helpers/npm-registry.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";

let t: TestDaemon;
beforeAll(async () => {
  t = await startTestDaemon({ config: { plugins: { bundled: false } } });
});
afterAll(() => t.close());

const post = async (path: string, body: unknown, token?: string) => {
  const response = await t.request(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    ...(token === undefined ? {} : { token }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

const tarball = (mutates: string[]) =>
  packTarball(mkdtempSync(join(tmpdir(), "elowen-t-")), {
    packageJson: {
      name: "acme-live",
      version: "1.0.0",
      type: "module",
      main: "index.js",
      elowen: { core: "^0.30.0", sharedApi: 14, capabilities: { mutates } },
    },
    files: {
      "index.js":
        'export default { register(ctx) { ctx.registerCommand({ kind: "prompt", name: "live-hello", description: "Hello", prompt: "Say hello to $1" }); } };\n',
    },
  });

describe("plugin installs over HTTP", () => {
  test("only the instance owner may list or install", async () => {
    const user = await t.account("plain");
    expect((await t.request("/admin/plugins", { token: user.token })).status).toBe(403);
    expect((await post("/admin/plugins", { spec: "x" }, user.token)).status).toBe(403);
  });

  test("an install asks for consent, then loads at once: its command is offered without a restart", async () => {
    const spec = await tarball(["turnContext"]);
    const asked = await post("/admin/plugins", { spec });
    expect(asked.body).toMatchObject({
      status: "needs-consent",
      name: "acme-live",
      mutates: ["turnContext"],
    });
    expect((await t.owner.commands("web")).commands.some((c) => c.name === "live-hello")).toBe(
      false,
    );
    const done = await post("/admin/plugins", { spec, consent: ["turnContext"] });
    expect(done.body).toMatchObject({
      status: "installed",
      activation: { load: "loaded" },
      plugin: { state: "loaded", consent: ["turnContext"] },
    });
    expect((await t.owner.commands("web")).commands.some((c) => c.name === "live-hello")).toBe(
      true,
    );
    const list = (await (await t.request("/admin/plugins")).json()) as {
      plugins: { name: string; state: string }[];
    };
    expect(list.plugins.map((p: { name: string; state: string }) => [p.name, p.state])).toEqual([
      ["acme-live", "loaded"],
    ]);
  });

  test("an update of a loaded plugin says a restart is needed; a removal too", async () => {
    const updated = await post("/admin/plugins/update", { name: "acme-live", yes: true });
    expect(updated.body).toMatchObject({
      status: "updated",
      activation: { load: "restart-needed" },
    });
    const removed = await post("/admin/plugins/remove", { name: "acme-live" });
    expect(removed.body).toMatchObject({
      removed: { name: "acme-live" },
      activation: { load: "restart-needed" },
    });
    expect((await post("/admin/plugins/remove", { name: "acme-live" })).status).toBe(404);
  });

  test("a refused install answers 422 with the reason and a bad spec 400 naming the field", async () => {
    expect(await post("/admin/plugins", { spec: "./nowhere" })).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/^spec: no folder at /) },
    });
    const folder = mkdtempSync(join(tmpdir(), "elowen-empty-"));
    expect(await post("/admin/plugins", { spec: folder })).toMatchObject({
      status: 422,
      body: { error: expect.stringContaining("is not a plugin") },
    });
  });

  test("a Claude Code plugin folder loads as it is: its command, skill and agent, with what is not mapped listed", async () => {
    const folder = join(mkdtempSync(join(tmpdir(), "elowen-cc-")), "acme-claude");
    cpSync(join(import.meta.dirname, "fixtures", "claude-plugins", "acme-claude"), folder, {
      recursive: true,
    });
    const done = await post("/admin/plugins", { spec: folder, yes: true });
    expect(done.body).toMatchObject({
      status: "installed",
      activation: { load: "loaded" },
      plugin: { format: "claude-code", version: "1.0.0", mutates: ["tools", "turnContext"] },
    });
    const greet = (await t.owner.commands("web")).commands.find((c) => c.name === "greet");
    expect(greet).toMatchObject({
      description: "Greet someone by name",
      argumentHint: "<name> [mood]",
    });
    const diagnostics = (done.body.plugin as { diagnostics: string[] }).diagnostics;
    expect(diagnostics).toEqual(
      expect.arrayContaining([
        "outputStyles in plugin.json is not mapped",
        "hooks: Notification has no lifecycle point here; not registered",
        "agents/reviewer.md: tools is not mapped",
      ]),
    );
    const status = await t.owner.status();
    expect(status.plugins.find((p) => p.name === "acme-claude")?.diagnostics).toEqual(diagnostics);
  });
});
