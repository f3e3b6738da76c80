// Memory the catalog holds per skill once loaded and read by many accounts (every projection's
// entries made), beyond the name and description text it must keep. Needs --expose-gc, which
// `pnpm bench` passes.

import { record } from "@elowen/bench";
import type { Access } from "@elowen/plugin-api/access";
import { buildWorld, catalogFor, fullReload } from "./fixture.js";

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error("run with --expose-gc (pnpm bench does)");
const collect = (gc: () => void) => {
  for (let i = 0; i < 4; i++) gc();
  return process.memoryUsage().heapUsed;
};

const world = buildWorld();
try {
  // Warm every code path first, so compiled code and caches are not counted as catalog memory.
  await fullReload(world, catalogFor(world));
  const before = collect(gc);
  const catalog = catalogFor(world);
  await fullReload(world, catalog);
  for (const access of world.accesses) {
    catalog.visibleEntries({ invocation: "model", access: access as Access });
    catalog.visibleEntries({ invocation: "user", access: access as Access });
  }
  const after = collect(gc);
  let text = 0;
  let skills = 0;
  const seen = new Set<string>();
  for (const access of world.accesses) {
    for (const entry of catalog.visibleSkills(access)) {
      const key = `${entry.plugin}/${entry.ownerUserId}/${entry.name}`;
      if (seen.has(key)) continue;
      seen.add(key);
      skills++;
      // One-byte strings: a character is a byte, plus V8's header (about 16 bytes each).
      text += entry.name.length + entry.description.length + 32;
    }
  }
  const held = after - before;
  record({
    name: `heap held per skill, all of it (${skills} skills)`,
    unit: "bytes",
    value: Math.round(held / skills),
    target: "informational",
  });
  record({
    name: "heap held per skill beyond its name and description",
    unit: "bytes",
    value: Math.round((held - text) / skills),
    target: "< 2048",
  });
  (globalThis as { keep?: unknown }).keep = catalog;
} finally {
  world.remove();
}
