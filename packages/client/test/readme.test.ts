import { runReadmeExample } from "@elowen/vitest-config/readme";
import { expect, test } from "vitest";

test("the README example runs against the built package", () => {
  const run = runReadmeExample(new URL("..", import.meta.url).pathname);
  expect(run.stderr).toBe("");
  expect(run.stdout).toBe(
    [
      "{ ok: true, version: '0.30.7' }",
      "401 unauthorized",
      "[ { id: 'b.1', type: 'card', data: { removed: 'todo' } } ] b.1",
      "",
    ].join("\n"),
  );
  expect(run.status).toBe(0);
});
