import { runReadmeExample } from "@elowen/vitest-config/readme";
import { expect, test } from "vitest";

test("the README example runs and prints what the README says", () => {
  const run = runReadmeExample(new URL("..", import.meta.url).pathname);
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
  expect(run.stdout).toBe(
    [
      '{"ok":false,"code":"owner-required","message":"owner is required: \\"instance\\", \\"me\\" or an account id"}',
      "---",
      "name: report-guide",
      "description: Use when preparing a report from verified sources.",
      "---",
      "Check sources.",
      "Separate facts from estimates.",
      "",
      "stale-revision",
      '{"name":"report-guide","separator":"\\t","rest":"Q3 numbers"}',
      '{"from":2,"to":2,"totalLines":3,"text":"two"}',
      "reloaded",
      '{"pendingCalls":0,"interval":100,"totals":{"reviews":1,"created":1,"patched":0,"failed":0},"last":{"outcome":"completed","at":0,"detail":"created 1, patched 0"}}',
      "",
    ].join("\n"),
  );
});
