import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { readForeignPlugin } from "./read-foreign-plugin.js";

const REVIEW_KIT = join(import.meta.dirname, "../../../test/fixtures/claude-plugins/review-kit");

describe("readForeignPlugin with real-world Claude Code frontmatter (review-kit look-alikes)", () => {
  const plugin = readForeignPlugin(REVIEW_KIT, "claude-code");

  test("reads every agent whose description strict YAML refuses, as Claude Code does", () => {
    expect(plugin.agents.map((a) => a.name)).toEqual([
      "code-reviewer",
      "comment-analyzer",
      "silent-failure-hunter",
    ]);
    expect(plugin.agents[0]?.description).toMatch(
      /^Use this agent when you need to review code against the project's guidelines\. .*Note: it reviews.*<example>\\nContext: The user finished a feature\./,
    );
    expect(plugin.agents[2]?.description).toBe(
      'Use this agent when a change touches error handling: catch blocks, fallbacks,\ndefault values on failure. Examples:\n<example>\nContext: The user added a retry loop.\nuser: "Can you check the error handling?"\n</example>',
    );
    expect(plugin.agents[1]?.persona).toBe(
      "You analyze code comments with healthy skepticism: each one must be accurate and worth keeping.",
    );
  });

  test("reads a command whose description has an unquoted colon", () => {
    expect(plugin.commands).toEqual([
      {
        name: "review-pr",
        description: "Review a pull request: code, comments and error handling",
        argumentHint: "[aspects]",
        prompt: "Review the current pull request. Aspects asked for: $ARGUMENTS",
      },
    ]);
  });

  test("says only what is not mapped, never that the frontmatter is unreadable", () => {
    expect(plugin.diagnostics).toEqual([
      "commands/review-pr.md: allowed-tools is not mapped",
      "agents/code-reviewer.md: model is not mapped",
      "agents/code-reviewer.md: color is not mapped",
      "agents/comment-analyzer.md: model is not mapped",
      "agents/comment-analyzer.md: color is not mapped",
      "agents/silent-failure-hunter.md: model is not mapped",
      "agents/silent-failure-hunter.md: color is not mapped",
    ]);
  });
});
