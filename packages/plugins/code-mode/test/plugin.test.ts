import { readFileSync } from "node:fs";
import { type PluginContext, parsePluginManifest } from "@elowen/plugin-api";
import type { CodeModeControl } from "@elowen/plugin-api/trace";
import { checkPluginCompatibility } from "@elowen/plugin-api/versions";
import { describe, expect, test } from "vitest";
import plugin from "../src/index.js";

const packageJson = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));

describe("the plugin", () => {
  test("declares a manifest this host loads: core ^0.30.7, shared API 14, entry dist/index.js", () => {
    const parsed = parsePluginManifest(packageJson);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.manifest).toMatchObject({
      core: "^0.30.7",
      sharedApi: 14,
      entry: "dist/index.js",
    });
    expect(checkPluginCompatibility(parsed.manifest)).toEqual({ ok: true });
    expect(packageJson.exports["."].default).toBe(`./${parsed.manifest.entry}`);
  });

  test("depends at run time only on the plugin contract, the shared helpers and npm libraries", () => {
    const internal = Object.keys(packageJson.dependencies).filter((name) =>
      name.startsWith("@elowen/"),
    );
    expect(internal.sort()).toEqual(["@elowen/plugin-api", "@elowen/plugin-shared"]);
  });

  test("registers exactly one code-mode control, with authoring notes", async () => {
    const registered: CodeModeControl[] = [];
    const ctx = {
      registerCodeMode: (control: CodeModeControl) => registered.push(control),
      registerHook: () => {},
    };
    await plugin.register(ctx as unknown as PluginContext);
    expect(registered).toHaveLength(1);
    expect(
      registered[0]?.authoringReason?.("exec", '{"script":"tools.A({ reason: \\"r\\" })'),
    ).toBe("r");
  });

  test("takes its options from the operator's settings and refuses a bad one, naming the field", async () => {
    const ctx = (settings: Record<string, unknown>) =>
      ({
        settings,
        registerCodeMode: () => {},
        registerHook: () => {},
      }) as unknown as PluginContext;
    expect(() => plugin.register(ctx({ yieldAfterMs: 250 }))).not.toThrow();
    expect(() => plugin.register(ctx({ yieldAfterMs: 0 }))).toThrow(/yieldAfterMs/);
    expect(() => plugin.register(ctx({ yieldAfterMS: 250 }))).toThrow(
      /unknown option "yieldAfterMS"/,
    );
  });

  test("closes its sandbox workers at plugin.shutdown", async () => {
    const hooks: { name: string; run: () => unknown }[] = [];
    const controls: { stats(): unknown }[] = [];
    await plugin.register({
      settings: {},
      registerCodeMode: (control: { stats(): unknown }) => controls.push(control),
      registerHook: (hook: { name: string; run: () => unknown }) => hooks.push(hook),
    } as unknown as PluginContext);
    expect(hooks.map((h) => h.name)).toEqual(["plugin.shutdown"]);
    hooks[0]?.run();
    expect(controls[0]?.stats()).toEqual({
      idle: 0,
      busy: 0,
      started: 0,
      exited: 0,
      aborts: 0,
      heapBytes: 0,
    });
  });
});
