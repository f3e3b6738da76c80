import { runReadmeExample } from "@elowen/vitest-config/readme";
import { expect, test } from "vitest";

test("the README example runs and prints what the README says", () => {
  const run = runReadmeExample(new URL("..", import.meta.url).pathname);
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
  expect(run.stdout).toBe(
    [
      'toolUse {"type":"toolCall","id":"toolu_01","name":"get_weather","arguments":{"city":"Paris"}} 2048',
      'error 529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
      'test-key [{"type":"text","text":"You are terse.","cache_control":{"type":"ephemeral"}}]',
      "",
    ].join("\n"),
  );
});
