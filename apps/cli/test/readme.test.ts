import { runReadmeExample } from "@elowen/vitest-config/readme";
import { expect, test } from "vitest";

test("the README example runs against the built package", () => {
  const run = runReadmeExample(new URL("..", import.meta.url).pathname);
  expect(run.stderr).toBe("");
  expect(run.stdout).toBe(
    "0 true true\nAda\ntrue elowen: an account id is a positive integer\ntrue\n",
  );
  expect(run.status).toBe(0);
});
