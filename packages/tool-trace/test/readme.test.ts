import { runReadmeExample } from "@elowen/vitest-config/readme";
import { expect, test } from "vitest";

test("the README example runs against the built package", () => {
  const run = runReadmeExample(new URL("..", import.meta.url).pathname);
  expect(run.stderr).toBe("");
  expect(run.stdout).toBe(
    [
      "row-1 note, row-2 call, row-3 call pending",
      "row-1:done row-2:done row-3:done exec-1:done",
      "true",
      "",
    ].join("\n"),
  );
  expect(run.status).toBe(0);
});
