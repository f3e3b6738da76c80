import { runReadmeExample } from "@elowen/vitest-config/readme";
import { expect, test } from "vitest";

test("the README example runs against the built package", () => {
  const run = runReadmeExample(new URL("..", import.meta.url).pathname);
  expect(run.stderr).toBe("");
  expect(run.stdout).toBe(
    "Offline model (no provider configured) true\nHello 0\nanswer I am Elowen's built-in offline mod\nuser assistant turn_end\n",
  );
  expect(run.status).toBe(0);
});
