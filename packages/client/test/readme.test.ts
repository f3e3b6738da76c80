import { runReadmeExample } from "@elowen/vitest-config/readme";
import { expect, test } from "vitest";

test("the README example runs against the built package", () => {
  const run = runReadmeExample(new URL("..", import.meta.url).pathname);
  expect(run.stderr).toBe("");
  expect(run.stdout).toBe("{ ok: true, version: '0.30.7' }\n401 unauthorized\ncard b.1\n");
  expect(run.status).toBe(0);
});
