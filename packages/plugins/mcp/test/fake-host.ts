import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PluginContext } from "@elowen/plugin-api";
import type { Access } from "@elowen/plugin-api/access";
import type { AnyChainHook, ChainEventName } from "@elowen/plugin-api/chains";
import type { SourcedTool } from "@elowen/plugin-api/tools";
import { type McpPluginHandle, registerMcp } from "../src/plugin.js";

/** A host just big enough to load the plugin in-process: what it registered, and how to stop it. */
export interface FakeHost {
  readonly home: string;
  readonly dataDir: string;
  readonly handle: McpPluginHandle;
  readonly warnings: string[];
  tools(userId?: number | null): readonly SourcedTool[];
  chain<E extends ChainEventName>(event: E): AnyChainHook<E> | undefined;
  close(): Promise<void>;
}

/** Loads the plugin with `settings` in a fresh `$ELOWEN_HOME` (removed by `close`). */
export function fakeHost(
  settings: Record<string, unknown> = {},
  userId: number | null = null,
): FakeHost {
  const home = mkdtempSync(join(tmpdir(), "elowen-mcp-host-"));
  const dataDir = join(home, "plugins", "mcp");
  let source: (() => readonly SourcedTool[]) | undefined;
  let shutdown: (() => unknown) | undefined;
  let current: number | null = userId;
  const chains = new Map<string, unknown>();
  const warnings: string[] = [];
  const quiet = () => undefined;
  const ctx = {
    pluginName: "@elowen/plugin-mcp",
    manifest: { name: "@elowen/plugin-mcp", version: "0.1.0" },
    log: {
      debug: quiet,
      info: quiet,
      warn: (m: string) => warnings.push(m),
      error: (m: string) => warnings.push(m),
    },
    dataDir,
    homeDir: home,
    settings: { workspace: home, ...settings },
    registerToolSource: (s: () => readonly SourcedTool[]) => {
      source = s;
    },
    registerBrainStatusProvider: quiet,
    registerCommand: quiet,
    registerCommandProvider: quiet,
    registerInputTransform: quiet,
    registerRoute: quiet,
    registerTool: quiet,
    on: (event: string, matcherOrHook: unknown, hook?: unknown) =>
      chains.set(event, hook ?? matcherOrHook),
    currentAccess: (): Access => ({ userId: current, isAdmin: false, isOwner: false }) as Access,
    registerHook: (hook: { run: () => unknown }) => {
      shutdown = hook.run;
    },
  } as unknown as PluginContext;
  const handle = registerMcp(ctx);
  return {
    home,
    dataDir,
    handle,
    warnings,
    tools: (id = null) => {
      current = id;
      return source?.() ?? [];
    },
    chain: <E extends ChainEventName>(event: E) => chains.get(event) as AnyChainHook<E> | undefined,
    close: async () => {
      await shutdown?.();
      rmSync(home, { recursive: true, force: true });
    },
  };
}
