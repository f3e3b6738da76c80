// The plugin's registration, with the seams (bundled folder, clock, file faults) its tests set.
import { fileURLToPath } from "node:url";
import { definePlugin, type ElowenPlugin, type PluginContext } from "@elowen/plugin-api";
import { SKILL_REVIEWER_CONTRACT_VERSION } from "@elowen/plugin-api/limits";
import { syncAcrossInstances } from "./lib/cluster-sync.js";
import type { SkillFileIo } from "./lib/file-ops.js";
import { createReloader } from "./lib/reload.js";
import { createReviewer, type SkillReviewer } from "./lib/reviewer.js";
import { skillAliasProvider, skillsPicker } from "./lib/skill-commands.js";
import { createSkillFiles, type SkillFiles } from "./lib/skill-files.js";
import { skillInputTransform } from "./lib/skill-input.js";
import { skillLoadTool } from "./lib/skill-load-tool.js";
import { skillRoutes } from "./lib/skill-routes.js";
import { skillTools } from "./lib/skill-tools.js";

/** The skills shipped in this package (`skills/<name>/SKILL.md`), registered as `bundled`. */
export const BUNDLED_SKILLS_DIR = fileURLToPath(new URL("../skills/", import.meta.url));

/** Options of {@link createSkillsPlugin}; the defaults are what the published plugin uses. */
export interface SkillsPluginOptions {
  /** The bundled skills folder (default {@link BUNDLED_SKILLS_DIR}). */
  readonly bundledDir?: string;
  /** The reviewer's clock (default `Date.now`). */
  readonly now?: () => number;
  /** Fault injection of the file owner's writes and renames, for tests. */
  readonly io?: Partial<SkillFileIo>;
}

/** What registering the plugin built, for a host or test that drives it directly. */
export interface SkillsPluginParts {
  readonly files: SkillFiles;
  readonly reviewer: SkillReviewer;
  /** Replaces the plugin's complete skill set in the catalog from the files on disk. */
  readonly reload: () => Promise<void>;
}

/**
 * Registers everything on a plugin context and loads the complete skill set: the four tools, the
 * five declared routes, the `/skill:` input transform, the alias provider and `/skills` picker,
 * the reviewer `{ contractVersion: 2, run, status }`, and the account-removal cleanup (the
 * personal folder deleted, the reviewer's counter forgotten, the catalog reloaded).
 */
export async function registerSkills(
  ctx: PluginContext,
  options: SkillsPluginOptions = {},
): Promise<SkillsPluginParts> {
  const catalog = ctx.skillCatalog;
  const files = createSkillFiles({
    dataDir: ctx.dataDir,
    bundledDir: options.bundledDir ?? BUNDLED_SKILLS_DIR,
    accountExists: (userId) => ctx.accountExists(userId),
    // The reviewer runs in the reviewed account's scope, so the current catalog is that account's.
    catalogNames: async () => new Set((await catalog.visibleSkills()).map((entry) => entry.name)),
    ...(options.io === undefined ? {} : { io: options.io }),
  });
  // The host knows nothing of this plugin's layout: it is told where accounts' stores are.
  catalog.declarePersonalStores?.(files.layout.personalRoot);
  // Every change made here is announced, and one made on another instance reloads here.
  const reloadHere = createReloader(() => files.scan(), catalog, ctx.log);
  const reload = syncAcrossInstances(ctx.cluster, reloadHere, ctx.log);
  const deps = { files, catalog, reload, pluginName: ctx.pluginName };

  for (const tool of skillTools({
    ...deps,
    currentAccountUserId: () => ctx.currentAccountUserId(),
  }))
    ctx.registerTool(tool);
  ctx.registerTool(skillLoadTool(catalog));
  for (const route of skillRoutes(deps)) ctx.registerRoute(route);
  ctx.registerInputTransform(skillInputTransform(catalog, ctx.log));
  ctx.registerCommandProvider(skillAliasProvider(catalog));
  ctx.registerCommand(
    skillsPicker(deps, ctx.strings["skills.description"] ?? "Browse and manage your skills"),
  );

  const reviewer = createReviewer({
    dataDir: ctx.dataDir,
    store: files.reviewerStore,
    visibleCatalog: () => catalog.visibleSkills(),
    reload,
    ...(options.now === undefined ? {} : { now: options.now }),
    log: ctx.log,
  });
  ctx.registerSkillReviewer({
    contractVersion: SKILL_REVIEWER_CONTRACT_VERSION,
    run: reviewer.run,
    status: reviewer.status,
  });
  ctx.registerUserRemoved(async (userId) => {
    await files.removeAccount(userId);
    await reviewer.forgetUser(userId);
    await reload();
  });

  await reloadHere();
  return { files, reviewer, reload };
}

/** The plugin with options; the default export is `createSkillsPlugin()`. */
export function createSkillsPlugin(options: SkillsPluginOptions = {}): ElowenPlugin {
  return definePlugin({
    async register(ctx) {
      await registerSkills(ctx, options);
    },
  });
}
