import { runReadmeExample } from "@elowen/vitest-config/readme";
import { expect, test } from "vitest";

test("the README example runs against the built package", () => {
  const run = runReadmeExample(new URL("..", import.meta.url).pathname);
  expect(run.stderr).toBe("");
  expect(run.stdout).toBe("{ ok: true }\na boundary patch carries at most 4 entries\n");
  expect(run.status).toBe(0);
});

test("the plugin routes example type-checks and runs against the built package", () => {
  const run = runReadmeExample(new URL("..", import.meta.url).pathname, {
    heading: "Plugin routes",
  });
  expect(run.stderr).toBe("");
  expect(run.stdout).toBe("false\n");
  expect(run.status).toBe(0);
});
