import { runReadmeExample } from "@elowen/vitest-config/readme";
import { expect, test } from "vitest";

test("the README example runs against the built package", () => {
  const run = runReadmeExample(new URL("..", import.meta.url).pathname);
  expect(run.stderr).toBe("");
  expect(run.stdout).toBe(
    [
      "reload history: expired",
      "undefined",
      "Set up the repo.",
      "[ 'text: text is at most 100000 characters' ]",
      "{ text: 'hello', cursor: 4 }",
      "{ token: '/sk', start: 4 }",
      "",
    ].join("\n"),
  );
  expect(run.status).toBe(0);
});
