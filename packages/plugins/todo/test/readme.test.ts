import { runReadmeExample } from "@elowen/vitest-config/readme";
import { expect, test } from "vitest";

test("the README example runs and prints what the README says", () => {
  const run = runReadmeExample(new URL("..", import.meta.url).pathname);
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
  expect(run.stdout).toBe(
    [
      '{"id":"todo","title":"Todo (1/2)","pinned":true,"items":[{"id":"1","text":"Read the issue","status":"completed","durationMs":65000},{"id":"2","text":"Write the plugin","status":"running","startedAt":1791633665000}]}',
      "Read the issue 1m 05s | Write the plugin 25.0s",
      '{"boundary":{"entries":[{"kind":"message","text":"Todo: \\"Write the plugin\\" (id 2) is still in_progress. Finish it, or update the list with TodoWrite (completed, or back to pending) before you stop."}],"continue":true}}',
      "{}",
      "",
    ].join("\n"),
  );
});
