import { readFileSync } from "node:fs";
import { runReadmeExample } from "@elowen/vitest-config/readme";
import { expect, test } from "vitest";

const packageDir = new URL("..", import.meta.url).pathname;

/** The README section's ```text block after "It prints", which its ```ts block must print. */
function printedIn(heading: string): string {
  const readme = readFileSync(`${packageDir}/README.md`, "utf8");
  const section = readme.slice(readme.indexOf(`\n## ${heading}\n`) + 1);
  const block = /It prints:\n\n```text\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error(`README section "${heading}" has no printed output`);
  return block[1] as string;
}

test.each(["Example", "errors", "record", "queue", "atomicText", "atomicJson", "xml", "duration"])(
  "the README's %s example runs and prints what the README says",
  (heading) => {
    const run = runReadmeExample(packageDir, { heading });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(printedIn(heading));
  },
);
