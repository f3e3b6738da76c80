import { runReadmeExample } from "@elowen/vitest-config/readme";
import { expect, test } from "vitest";

test("the README example runs and prints what the README says", () => {
  const run = runReadmeExample(new URL("..", import.meta.url).pathname);
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
  expect(run.stdout).toBe(
    [
      "catalog: skill-authoring, systematic-debugging",
      "tools: ListSkills, CreateSkill, DeleteSkill, SkillLoad",
      "commands: skills",
      "routes: 7",
      "reviewer: true",
      "",
    ].join("\n"),
  );
});
