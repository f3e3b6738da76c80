import { runReadmeExample } from "@elowen/vitest-config/readme";
import { expect, test } from "vitest";

test("the README example runs against the built package and prints what the README says", () => {
  const run = runReadmeExample(new URL("..", import.meta.url).pathname);
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
  const readme = run.code;
  expect(readme).toContain("new HookBus");
  expect(run.stdout).toBe(
    [
      "{ text: 'hello' }",
      "[ '#todo' ]",
      "{ kind: 'text', index: 0, text: 'HI THERE' }",
      "{ pluginName: 'guard', reason: 'no shell here' }",
      "{ text: 'm' }",
      "[ 'guard tools.call.before ok', 'broken prompt.section error' ]",
      "registerHook: brain.turn.afterResponse never fired and is gone: use the turn.complete chain (ctx.on('turn.complete', ...)) or brain.run.beforeSettle",
      "",
    ].join("\n"),
  );
});
