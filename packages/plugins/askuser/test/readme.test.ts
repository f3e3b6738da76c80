import { runReadmeExample } from "@elowen/vitest-config/readme";
import { expect, test } from "vitest";

test("the README example runs and prints what the README says", () => {
  const run = runReadmeExample(new URL("..", import.meta.url).pathname);
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
  expect(run.stdout).toBe(README_OUTPUT);
});

const README_OUTPUT = [
  "AskUserQuestion",
  '{"label":"SQLite","description":"One file, no server","recommended":true} true',
  "The user answered 1 of 2 questions; the others expired unanswered:",
  '- Database ("Which database should the service use?"): "SQLite"',
  '- Deploy ("Where should it run?"): no answer, the question expired unanswered',
  "Go on without the missing answers: choose a sensible default and say which, or ask again later.",
  '{"questions":[{"question":"Which database should the service use?","header":"Database","selected":["SQLite"],"outcome":"answered"},{"question":"Where should it run?","header":"Deploy","selected":[],"outcome":"expired"}]}',
  "",
].join("\n");
