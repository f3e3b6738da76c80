// Full reload from disk: every plugin directory and every account's personal store read, parsed
// and indexed, against the pi toolkit's loadSkills reading the same directories in one process.
import { compare } from "@elowen/bench";
import { loadSkills } from "@mariozechner/pi-coding-agent";
import { buildWorld, catalogFor, fullReload } from "./fixture.js";

const world = buildWorld();
const skillPaths = [
  ...world.pluginRoots.map((plugin) => plugin.root),
  ...world.personalSources.map((source) => source.root),
];

// Both must read the same skills for the ratio to mean anything.
const check = catalogFor(world);
await fullReload(world, check);
if (check.diagnostics().length > 0)
  throw new Error(`the world has remarks: ${check.diagnostics()[0]?.message}`);
const piLoaded = loadSkills({
  cwd: world.root,
  agentDir: world.root,
  skillPaths,
  includeDefaults: false,
});
console.log(
  `${world.skillCount} skills on disk; pi loads ${piLoaded.skills.length} (it keeps one per name across accounts)`,
);

try {
  await compare({
    name: `full reload from disk (${world.skillCount} skills: 100 plugins, 1,000 accounts)`,
    ours: () => fullReload(world, catalogFor(world)),
    peer: () =>
      loadSkills({ cwd: world.root, agentDir: world.root, skillPaths, includeDefaults: false }),
    peerName: "pi-coding-agent loadSkills",
    unit: "ms/op",
    rounds: 3,
    options: { min_samples: 3, max_samples: 5, min_cpu_time: 0, warmup_samples: 1 },
    target: "ratio <= 1.0",
  });
} finally {
  world.remove();
}
