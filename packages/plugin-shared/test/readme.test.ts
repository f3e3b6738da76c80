import { runReadmeExample } from "@elowen/vitest-config/readme";
import { expect, test } from "vitest";

test("the README example runs and prints what the README says", () => {
  const run = runReadmeExample(new URL("..", import.meta.url).pathname);
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
  expect(run.stdout).toBe(
    [
      "missing",
      '{"pending":3}',
      "",
      "pending: 3",
      '<skill name="report &quot;guide&quot;" args="a&#9;b">Check <the> source.</skill>',
      "350ms 4.2s 1m 05s",
      '""',
      "skills.file_read_failed instance",
      "local ENOENT",
      "",
    ].join("\n"),
  );
});
