import { runReadmeExample } from "@elowen/vitest-config/readme";
import { expect, test } from "vitest";

test("the README's testing example runs against the built @elowen/daemon/testing subpath", () => {
  const run = runReadmeExample(new URL("..", import.meta.url).pathname, {
    heading: "Testing against a real daemon",
  });
  expect(run.stderr).toBe("");
  expect(run.stdout).toBe("answer Hello from the script.\ntrue\n");
  expect(run.status).toBe(0);
});
