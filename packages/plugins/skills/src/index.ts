/**
 * @elowen/plugin-skills: the Skills plugin. Personal, instance and bundled skill files under one
 * file owner; the management routes and tools; SkillLoad; explicit `/skill:name` invocation and
 * its command aliases; the post-turn skill reviewer (contract version 2). Written as a
 * third-party plugin: it uses only @elowen/plugin-api, @elowen/plugin-shared, yaml and zod.
 */
import { fileURLToPath } from "node:url";
import {
  definePlugin,
  type ElowenPlugin,
  type PluginContext,
  SKILL_REVIEWER_CONTRACT_VERSION,
} from "@elowen/plugin-api";
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
  const reload = createReloader(() => files.scan(), catalog, ctx.log);
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

  await reload();
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

/** The Skills plugin, as the host loads it. */
const plugin: ElowenPlugin = createSkillsPlugin();
export default plugin;

export type { NewSkill, SkillEdit } from "./lib/edit-input.js";
export type { SkillFileIo } from "./lib/file-ops.js";
export type { SkillSource } from "./lib/frontmatter.js";
export { parseSkillSource } from "./lib/frontmatter.js";
export {
  REVIEW_BUDGET_MAX,
  REVIEW_CATALOG_DESCRIPTION_CHARS,
  REVIEW_CATALOG_MAX_ENTRIES,
  REVIEW_CONTENT_MAX_CHARS,
  REVIEW_DETAIL_MAX_CHARS,
  REVIEW_INTERVAL_MAX,
  REVIEW_PATCHABLE_MAX,
  REVIEW_STATE_MAX_BYTES,
  SKILL_COMMAND_PREFIX,
  SKILL_CONTENT_MAX_BYTES,
  SKILL_LOAD_PAGE_LINES,
  SKILL_SOURCE_MAX_BYTES,
  SKILLS_PICKER_MAX_ROWS,
} from "./lib/limits.js";
export type { Actor, OwnerOperation, OwnerSpec, SkillOwner } from "./lib/owners.js";
export { OWNER_REQUIRED_MESSAGE, parseOwnerBody, parseOwnerQuery } from "./lib/owners.js";
export type { SkillRefusal, SkillRefusalCode } from "./lib/refusal.js";
export { SKILL_REFUSAL_CODES } from "./lib/refusal.js";
export type { ReviewerDeps, SkillReviewer } from "./lib/reviewer.js";
export { createReviewer } from "./lib/reviewer.js";
export type { ReviewerSettingsPatch } from "./lib/reviewer-args.js";
export type { ReviewerSettings } from "./lib/reviewer-state.js";
export { REVIEWER_STATE_INVALID } from "./lib/reviewer-state.js";
export type {
  OfferedSkill,
  ReviewerCreate,
  ReviewerPatch,
  ReviewerStore,
} from "./lib/reviewer-store.js";
export { findSecret, SECRET_PATTERNS } from "./lib/secret-guard.js";
export type { SkillFiles, SkillFilesOptions } from "./lib/skill-files.js";
export { createSkillFiles } from "./lib/skill-files.js";
export type { ExplicitInvocation } from "./lib/skill-input.js";
export { parseSkillInvocation, SKILL_UNAVAILABLE_TEXT } from "./lib/skill-input.js";
export type { SkillListRow } from "./lib/skill-list.js";
export type { SkillPage } from "./lib/skill-load-tool.js";
export { pageLines } from "./lib/skill-load-tool.js";
export type { SkillTransfer, WrittenSkill } from "./lib/skill-move.js";
export type { SkillFile, SkillLayout } from "./lib/skill-paths.js";
export { contentRevision } from "./lib/skill-paths.js";
export { REFUSAL_STATUS } from "./lib/skill-routes.js";
