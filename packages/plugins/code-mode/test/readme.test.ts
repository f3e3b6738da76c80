import { fileURLToPath } from "node:url";
import { runReadmeExample } from "@elowen/vitest-config/readme";
import { expect, test } from "vitest";

test("the README example runs and prints what it says", () => {
  const run = runReadmeExample(fileURLToPath(new URL("..", import.meta.url)));
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
  expect(run.stdout).toMatch(/^Cell 1 finished in \S+ \(2 tool calls\)\.\n\nConsole:\n2 reports\n/);
  expect(run.stdout).toContain(
    "Result:\n[\"Lisbon: sunny (row row-1)\",\"Oslo: sunny (row row-2)\"]\nfalse [ 'Weather', 'Weather' ]\n",
  );
});
