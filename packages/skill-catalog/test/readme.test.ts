import { runReadmeExample } from "@elowen/vitest-config/readme";
import { expect, test } from "vitest";

test("the README example runs and prints what the README says", () => {
  const run = runReadmeExample(new URL("..", import.meta.url).pathname);
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
  expect(run.stdout).toBe(
    [
      "1 0",
      "[ 'report-guide: 6 lines' ]",
      "- report-guide (6 lines): Use when preparing a report from verified sources.",
      '"Check every figure for Q3.\\n" 6 null',
      '"<skill name=\\"report-guide\\">\\nCheck every figure for $1.\\n</skill>\\tQ3 only"',
      "[ '/report-guide -> /skill:report-guide' ]",
      "false",
      "",
    ].join("\n"),
  );
});
