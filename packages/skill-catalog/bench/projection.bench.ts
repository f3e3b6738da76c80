// One account's projections of the merged catalog: 10,000 plugin skills, a few thousand personal
// ones, grants and per-account switches applied.

import { do_not_optimize, single } from "@elowen/bench";
import type { Access } from "@elowen/plugin-api/access";
import { buildWorld, catalogFor, fullReload } from "./fixture.js";

const world = buildWorld();
try {
  const catalog = catalogFor(world);
  await fullReload(world, catalog);
  let turn = 0;
  const next = () => world.accesses[turn++ % world.accesses.length] as Access;
  await single({
    name: "visibleEntries({ invocation: 'model' }) for one account",
    fn: () => do_not_optimize(catalog.visibleEntries({ invocation: "model", access: next() })),
    unit: "ms/op",
    target: "< 1 ms median",
  });
  await single({
    name: "visibleEntries({ invocation: 'user' }) for one account",
    fn: () => do_not_optimize(catalog.visibleEntries({ invocation: "user", access: next() })),
    unit: "ms/op",
    target: "< 1 ms median",
  });
  await single({
    name: "<available_skills> block for one account",
    fn: () => do_not_optimize(catalog.availableSkillsBlock(next())),
    unit: "ms/op",
    target: "informational",
  });
} finally {
  world.remove();
}
