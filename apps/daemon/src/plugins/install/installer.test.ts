import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { LocalRegistry, packTarball } from "../../../test/helpers/npm-registry.js";
import { tempHomes } from "../../../test/helpers/temp-homes.js";
import { PLUGIN_INSTALL_ERRORS } from "./install-error.js";
import { PluginInstaller } from "./installer.js";
import { lockfilePath } from "./lockfile.js";

const home = tempHomes();
const registry = new LocalRegistry();
beforeAll(() => registry.start());
afterAll(() => registry.close());

function notes(version: string, mutates: string[], extra: Record<string, unknown> = {}) {
  return {
    packageJson: {
      name: "acme-notes",
      version,
      type: "module",
      main: "index.js",
      elowen: { core: "^0.30.0", sharedApi: 14, capabilities: { mutates }, ...extra },
    },
    files: { "index.js": `export default { register() {} }; // ${version}\n` },
  };
}

function installer(dir: string) {
  const cache = mkdtempSync(join(tmpdir(), "elowen-npm-cache-"));
  return new PluginInstaller({
    home: dir,
    npm: { env: registry.npmEnv(cache) },
    now: () => new Date(0),
  });
}

/** Every file under `<home>/plugins` with a hash of its bytes: the state an install must keep. */
function snapshot(dir: string): Record<string, string> {
  const root = join(dir, "plugins");
  const out: Record<string, string> = {};
  const walk = (at: string) => {
    if (!existsSync(at)) return;
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile())
        out[relative(root, path)] = createHash("sha1").update(readFileSync(path)).digest("hex");
      else out[relative(root, path)] = "link";
    }
  };
  walk(root);
  return out;
}

const lock = (dir: string) => JSON.parse(readFileSync(lockfilePath(dir), "utf8"));

describe("PluginInstaller", () => {
  test("a tarball install shows the capabilities asked, installs nothing without consent, then pins version and integrity", async () => {
    const dir = home();
    const tarball = await packTarball(
      mkdtempSync(join(tmpdir(), "elowen-t-")),
      notes("1.0.0", ["turnContext"]),
    );
    const plugins = installer(dir);
    const asked = await plugins.add(tarball);
    expect(asked).toMatchObject({
      status: "needs-consent",
      name: "acme-notes",
      version: "1.0.0",
      mutates: ["turnContext"],
      added: ["turnContext"],
    });
    expect(snapshot(dir)).toEqual({});
    const done = await plugins.add(tarball, { mutates: ["turnContext"] });
    expect(done).toMatchObject({ status: "installed", activation: { load: "restart-needed" } });
    expect(lock(dir).plugins["acme-notes"]).toMatchObject({
      name: "acme-notes",
      version: "1.0.0",
      format: "elowen",
      spec: tarball,
      integrity: expect.stringMatching(/^sha512-/),
      dir: join("node_modules", "acme-notes"),
      mutates: ["turnContext"],
      consent: ["turnContext"],
    });
    expect(
      readFileSync(join(dir, "plugins", "node_modules", "acme-notes", "index.js"), "utf8"),
    ).toContain("1.0.0");
    expect(
      statSync(join(dir, "plugins", "node_modules", "@elowen", "plugin-api")).isDirectory(),
    ).toBe(true);
  });

  test("from a registry: --yes consents, update asks again when the capabilities grew and keeps the old version until consent", async () => {
    const dir = home();
    await registry.publish(notes("1.0.0", ["turnContext"]));
    const plugins = installer(dir);
    expect(await plugins.add("acme-notes@^1", { yes: true })).toMatchObject({
      status: "installed",
      plugin: { version: "1.0.0", resolved: "acme-notes@1.0.0" },
    });
    await registry.publish(notes("1.1.0", ["turnContext", "tools"]));
    const before = snapshot(dir);
    const asked = await plugins.update("acme-notes");
    expect(asked).toMatchObject({
      status: "needs-consent",
      version: "1.1.0",
      mutates: ["turnContext", "tools"],
      added: ["tools"],
    });
    expect(snapshot(dir)).toEqual(before);
    const updated = await plugins.update("acme-notes", { mutates: ["tools"] });
    expect(updated).toMatchObject({
      status: "updated",
      previousVersion: "1.0.0",
      added: ["tools"],
      plugin: { version: "1.1.0", consent: ["turnContext", "tools"] },
    });
    expect(
      readFileSync(join(dir, "plugins", "node_modules", "acme-notes", "index.js"), "utf8"),
    ).toContain("1.1.0");
  });

  test("remove takes the folder and the lock entry away", async () => {
    const dir = home();
    const tarball = await packTarball(mkdtempSync(join(tmpdir(), "elowen-t-")), notes("1.0.0", []));
    const plugins = installer(dir);
    await plugins.add(tarball);
    expect((await plugins.remove("acme-notes")).removed.version).toBe("1.0.0");
    expect(existsSync(join(dir, "plugins", "node_modules", "acme-notes"))).toBe(false);
    expect(lock(dir).plugins).toEqual({});
    await expect(plugins.remove("acme-notes")).rejects.toThrow("acme-notes is not installed");
  });

  describe("a failed install leaves the previous state exactly as it was", () => {
    const failures: [string, (dir: string, t: string) => Promise<unknown>, RegExp][] = [
      [
        "network",
        async (dir) =>
          new PluginInstaller({
            home: dir,
            npm: {
              env: {
                npm_config_registry: "http://127.0.0.1:9/",
                npm_config_fetch_retries: "0",
                npm_config_cache: mkdtempSync(join(tmpdir(), "c-")),
              },
            },
          }).add("acme-other@1.0.0", { yes: true }),
        /npm could not fetch acme-other@1\.0\.0/,
      ],
      [
        "integrity",
        async (dir, t) => {
          const changed = await packTarball(mkdtempSync(join(tmpdir(), "elowen-t-")), {
            ...notes("1.0.0", []),
            files: { "index.js": "export default { register() {} }; // tampered\n" },
          });
          writeFileSync(t, readFileSync(changed));
          return installer(dir).add(t, { yes: true });
        },
        /acme-notes@1\.0\.0: integrity sha512-.* differs from the pinned sha512-/,
      ],
      [
        "manifest refused",
        async (dir) =>
          installer(dir).add(
            await packTarball(
              mkdtempSync(join(tmpdir(), "elowen-t-")),
              notes("2.0.0", [], { core: "not a range" }),
            ),
            { yes: true },
          ),
        /invalid Elowen manifest in acme-notes: core: a semver range/,
      ],
      [
        "newer API",
        async (dir) =>
          installer(dir).add(
            await packTarball(
              mkdtempSync(join(tmpdir(), "elowen-t-")),
              notes("2.0.0", [], { sharedApi: 99 }),
            ),
            { yes: true },
          ),
        /acme-notes declares shared API 99, but this host loads shared API 14 to 17/,
      ],
      [
        "peer range",
        async (dir) =>
          installer(dir).add(
            await packTarball(mkdtempSync(join(tmpdir(), "elowen-t-")), {
              ...notes("2.0.0", []),
              packageJson: {
                ...notes("2.0.0", []).packageJson,
                peerDependencies: { "@elowen/plugin-api": "^9.0.0" },
              },
            }),
            { yes: true },
          ),
        /acme-notes peer-depends on @elowen\/plugin-api \^9\.0\.0, but this host runs @elowen\/plugin-api \d+\.\d+\.\d+/,
      ],
    ];
    test.each(failures)("%s", async (_, fail, message) => {
      const dir = home();
      const t = await packTarball(
        mkdtempSync(join(tmpdir(), "elowen-t-")),
        notes("1.0.0", ["turnContext"]),
      );
      await installer(dir).add(t, { yes: true });
      const before = snapshot(dir);
      const lockBefore = readFileSync(lockfilePath(dir), "utf8");
      await expect(fail(dir, t)).rejects.toThrow(message);
      expect(snapshot(dir)).toEqual(before);
      expect(readFileSync(lockfilePath(dir), "utf8")).toBe(lockBefore);
    });
  });

  test("a spec that is neither a path, a tarball nor an npm spec is refused naming the rule", async () => {
    await expect(installer(home()).add("not a spec!")).rejects.toThrow(
      /spec: "not a spec!" is neither an existing folder or tarball nor an npm spec/,
    );
    await expect(installer(home()).add("./missing-folder")).rejects.toThrow(/spec: no folder at /);
  });

  test("a marketplace entry installs its folder; an unknown name lists what the marketplace has", async () => {
    const market = mkdtempSync(join(tmpdir(), "elowen-market-"));
    mkdirSync(join(market, ".claude-plugin"));
    mkdirSync(join(market, "plugins", "hello", ".claude-plugin"), { recursive: true });
    writeFileSync(
      join(market, "plugins", "hello", ".claude-plugin", "plugin.json"),
      JSON.stringify({ name: "hello", version: "0.1.0" }),
    );
    writeFileSync(
      join(market, ".claude-plugin", "marketplace.json"),
      JSON.stringify({
        name: "m",
        owner: { name: "me" },
        plugins: [{ name: "hello", source: "./plugins/hello" }],
      }),
    );
    const dir = home();
    const done = await installer(dir).add(`hello@${market}`);
    expect(done).toMatchObject({
      status: "installed",
      plugin: { name: "hello", format: "claude-code", version: "0.1.0", spec: `hello@${market}` },
    });
    await expect(installer(dir).add(`nope@${market}`)).rejects.toMatchObject({
      code: PLUGIN_INSTALL_ERRORS.spec,
      message: expect.stringMatching(/lists no plugin named nope; it lists hello/),
    });
  });
});
