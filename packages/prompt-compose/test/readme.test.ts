import { readFileSync } from "node:fs";
import { runReadmeExample } from "@elowen/vitest-config/readme";
import { expect, test } from "vitest";

test("the README example runs against the built package and prints what the README says", () => {
  const dir = new URL("..", import.meta.url).pathname;
  const run = runReadmeExample(dir);
  expect(run.stderr).toBe("");
  const readme = readFileSync(`${dir}README.md`, "utf8");
  const printed = /It prints:\n\n```text\n([\s\S]*?)```/.exec(readme)?.[1];
  expect(run.stdout).toBe(printed);
  expect(run.status).toBe(0);
});
