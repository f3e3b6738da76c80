// The benchmark world: 10,000 skills in 100 plugin directories and 1,000 accounts with mixed
// grants, per-account switches and personal skills, written once to a temp directory.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Access } from "@elowen/plugin-api/access";
import {
  grantedByAccess,
  SkillCatalog,
  type SkillDirectorySource,
  type SkillSwitchKey,
} from "../src/index.js";

export const PLUGINS = 100;
export const SKILLS_PER_PLUGIN = 100;
export const ACCOUNTS = 1000;

/** A small deterministic generator, so every run builds the same world. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS =
  "report review draft audit deploy migrate summarize translate chart invoice schedule triage refactor profile document benchmark archive publish".split(
    " ",
  );

function skillFile(name: string, next: () => number): string {
  const pick = () => WORDS[Math.floor(next() * WORDS.length)];
  const description = `Use when asked to ${pick()} or ${pick()} ${pick()} material; it gathers the inputs, checks them against the team's conventions and produces a result ready for review.`;
  const steps = Array.from(
    { length: 20 + Math.floor(next() * 40) },
    (_, i) =>
      `${i + 1}. ${pick()} the ${pick()} and ${pick()} what changed; note anything that needs a decision.`,
  );
  return `---\nname: ${name}\ndescription: ${description}\nlicense: MIT\nmetadata:\n  version: "1.${Math.floor(next() * 9)}.0"\n---\n\n# ${name}\n\n## Steps\n\n${steps.join("\n")}\n`;
}

export interface World {
  readonly root: string;
  readonly pluginRoots: readonly { readonly name: string; readonly root: string }[];
  readonly personalSources: readonly SkillDirectorySource[];
  readonly userGrantable: readonly string[];
  readonly accesses: readonly Access[];
  readonly switchedOff: ReadonlyMap<number, ReadonlySet<string>>;
  readonly skillCount: number;
  remove(): void;
}

/** Writes the world to a temp directory. */
export function buildWorld(): World {
  const next = random(20_251_129);
  const root = mkdtempSync(join(tmpdir(), "skill-catalog-bench-"));
  let skillCount = 0;
  const pluginRoots = Array.from({ length: PLUGINS }, (_, p) => {
    const name = `plugin-${p}`;
    const pluginRoot = join(root, "plugins", name, "skills");
    for (let s = 0; s < SKILLS_PER_PLUGIN; s++) {
      const skill = `p${p}-skill-${s}`;
      mkdirSync(join(pluginRoot, skill), { recursive: true });
      writeFileSync(join(pluginRoot, skill, "SKILL.md"), skillFile(skill, next));
      skillCount++;
    }
    return { name, root: pluginRoot };
  });
  // One plugin in five needs a grant; each account holds a random handful of those.
  const userGrantable = pluginRoots.filter((_, p) => p % 5 === 0).map((plugin) => plugin.name);
  const accesses: Access[] = [];
  const switchedOff = new Map<number, Set<string>>();
  const personalSources: SkillDirectorySource[] = [];
  for (let userId = 1; userId <= ACCOUNTS; userId++) {
    const grants = userGrantable.filter(() => next() < 0.3);
    accesses.push({
      userId,
      role: "user",
      isAdmin: false,
      isOwner: false,
      surface: "web",
      allAccess: false,
      grants,
    });
    if (next() < 0.3)
      switchedOff.set(
        userId,
        new Set(
          Array.from({ length: 5 }, () => `plugin-${Math.floor(next() * PLUGINS)}/p0-skill-0`),
        ),
      );
    const store = join(root, "users", String(userId));
    const personal = Math.floor(next() * 6);
    for (let s = 0; s < personal; s++) {
      const skill = `my-${WORDS[s]}`;
      mkdirSync(join(store, skill), { recursive: true });
      writeFileSync(join(store, skill, "SKILL.md"), skillFile(skill, next));
      skillCount++;
    }
    personalSources.push({ root: store, catalogSource: "personal", ownerUserId: userId });
  }
  return {
    root,
    pluginRoots,
    personalSources,
    userGrantable,
    accesses,
    switchedOff,
    skillCount,
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** A catalog configured for the world's grants, switches and personal stores. */
export function catalogFor(world: World): SkillCatalog {
  return new SkillCatalog({
    personalRoot: (userId) => join(world.root, "users", String(userId)),
    isGranted: grantedByAccess(world.userGrantable),
    pluginSkillSwitch: (access) => {
      const off = access.userId === null ? undefined : world.switchedOff.get(access.userId);
      return off === undefined
        ? undefined
        : (skill: SkillSwitchKey) => !off.has(`${skill.plugin}/${skill.name}`);
    },
  });
}

/** The host's full reload: every plugin's directory and every account's personal store. */
export async function fullReload(world: World, catalog: SkillCatalog): Promise<void> {
  await Promise.all([
    ...world.pluginRoots.map((plugin) =>
      catalog.reloadFromDirectories(plugin.name, [{ root: plugin.root }]),
    ),
    catalog.reloadFromDirectories("skills", world.personalSources),
  ]);
  // The index is built on the first read after a change: part of what a reload costs.
  catalog.visibleEntries({ invocation: "model", access: world.accesses[0] as Access });
}
