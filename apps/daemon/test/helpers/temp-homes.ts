import { rmSync } from "node:fs";
import { afterEach } from "vitest";
import { tempHome } from "./test-daemon.js";

/** A maker of temporary data directories, each removed after the test that made it. */
export function tempHomes(): () => string {
  const homes: string[] = [];
  afterEach(() => {
    for (const h of homes.splice(0)) rmSync(h, { recursive: true, force: true });
  });
  return () => {
    const h = tempHome();
    homes.push(h);
    return h;
  };
}
