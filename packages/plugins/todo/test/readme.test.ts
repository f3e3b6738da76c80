import { runReadmeExample } from "@elowen/vitest-config/readme";
import { expect, test } from "vitest";

test("the README example runs and prints what the README says", () => {
  const run = runReadmeExample(new URL("..", import.meta.url).pathname);
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
  expect(run.stdout).toBe(
    [
      "TodoWrite brain.run.beforeSettle",
      "Todo list saved: 2 items (1 completed, 1 in progress, 0 pending).",
      "[x] 1: Read the issue",
      "[>] 2: Write the plugin",
      "Todo (1/2) Read the issue: completed | Write the plugin: running",
      '{"patch":{"boundary":{"entries":[{"kind":"message","text":"Todo: \\"Write the plugin\\" (id 2) is still in_progress. Finish it, or update the list with TodoWrite (completed, or back to pending) before you stop."}],"continue":true}}}',
      "undefined",
      "",
    ].join("\n"),
  );
});
