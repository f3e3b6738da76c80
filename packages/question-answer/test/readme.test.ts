import { runReadmeExample } from "@elowen/vitest-config/readme";
import { expect, test } from "vitest";

test("the README example runs against the built package", () => {
  const run = runReadmeExample(new URL("..", import.meta.url).pathname);
  expect(run.stderr).toBe("");
  expect(run.stdout).toBe(
    [
      String.raw`{"label":"SQLite","preview":"Embedded, one file. \\<script>x\\</script>","recommended":true} true`,
      "[ 'once', 'answered' ]",
      "true valid",
      "invalid",
      "",
    ].join("\n"),
  );
  expect(run.status).toBe(0);
});
