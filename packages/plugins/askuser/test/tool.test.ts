import { readFileSync } from "node:fs";
import { type PluginContext, parsePluginManifest } from "@elowen/plugin-api";
import type { PluginTool } from "@elowen/plugin-api/tools";
import { checkPluginCompatibility } from "@elowen/plugin-api/versions";
import { isElowenError } from "@elowen/plugin-shared/errors";
import { describe, expect, test } from "vitest";
import { ASKUSER_ANSWERS_INVALID } from "../src/answer-record.js";
import { ASK_USER_QUESTION_TOOL, askUserQuestionTool } from "../src/ask-user-question-tool.js";
import plugin from "../src/index.js";
import { AskUserQuestionArgumentsSchema } from "../src/questions.js";
import { callContext } from "./call-context.js";

const packageJson = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));

const args = AskUserQuestionArgumentsSchema.parse({
  questions: [
    {
      question: "Which database should the service use?",
      header: "Database",
      options: [
        { label: "SQLite (Recommended)", preview: "One file, no server." },
        { label: "Postgres" },
      ],
    },
    {
      question: "Which features ship first?",
      header: "Features",
      options: [{ label: "Search" }, { label: "Export" }],
      multiSelect: true,
      allowOther: false,
    },
  ],
});

describe("the plugin", () => {
  test("declares a manifest this host loads: core ^0.30.7, shared API 14, entry dist/index.js", () => {
    const parsed = parsePluginManifest(packageJson);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.manifest).toMatchObject({
      core: "^0.30.7",
      sharedApi: 14,
      entry: "dist/index.js",
    });
    expect(parsed.manifest.capabilities.mutates).toEqual([]);
    expect(checkPluginCompatibility(parsed.manifest)).toEqual({ ok: true });
    expect(packageJson.exports["."].default).toBe(`./${parsed.manifest.entry}`);
  });

  test("depends at run time only on the plugin contract, the shared helpers and the answer-record builder, zod as a peer", () => {
    expect(Object.keys(packageJson.dependencies).sort()).toEqual([
      "@elowen/plugin-api",
      "@elowen/plugin-shared",
      "@elowen/question-answer",
    ]);
    expect(Object.keys(packageJson.peerDependencies)).toEqual(["zod"]);
  });

  test("registers the AskUserQuestion tool and nothing else", async () => {
    const tools: PluginTool[] = [];
    const ctx = { registerTool: (tool: PluginTool) => tools.push(tool) };
    await plugin.register(ctx as unknown as PluginContext);
    expect(tools.map((t) => t.name)).toEqual([ASK_USER_QUESTION_TOOL]);
    expect(tools[0]).toMatchObject({ permission: "never", executionMode: "sequential" });
  });
});

describe("the AskUserQuestion tool", () => {
  const tool = askUserQuestionTool();

  test("asks with the recommendation as a flag and custom input stated, and returns the record", async () => {
    const { context, asked } = callContext(() => [
      { outcome: "answered", selected: ["SQLite"] },
      { outcome: "answered", selected: ["Search", "Export"] },
    ]);
    const result = await tool.execute(args, context);
    expect(asked).toEqual([
      [
        {
          question: "Which database should the service use?",
          header: "Database",
          options: [
            { label: "SQLite", preview: "One file, no server.", recommended: true },
            { label: "Postgres" },
          ],
          allowOther: true,
        },
        {
          question: "Which features ship first?",
          header: "Features",
          options: [{ label: "Search" }, { label: "Export" }],
          multiSelect: true,
          allowOther: false,
        },
      ],
    ]);
    expect(result).toEqual({
      content: [
        {
          type: "text",
          text: [
            "The user answered your questions:",
            '- Database ("Which database should the service use?"): "SQLite"',
            '- Features ("Which features ship first?"): "Search", "Export"',
          ].join("\n"),
        },
      ],
      details: {
        questionAnswer: {
          questions: [
            {
              question: "Which database should the service use?",
              header: "Database",
              selected: ["SQLite"],
              outcome: "answered",
            },
            {
              question: "Which features ship first?",
              header: "Features",
              selected: ["Search", "Export"],
              outcome: "answered",
            },
          ],
        },
      },
    });
  });

  test("reports the host's expiry as expired, in the record and in plain words", async () => {
    const { context } = callContext((questions) =>
      questions.map(() => ({ outcome: "expired", selected: [] })),
    );
    const result = await tool.execute(args, context);
    expect(result.isError).toBeUndefined();
    expect(result.details?.questionAnswer?.questions.map((q) => q.outcome)).toEqual([
      "expired",
      "expired",
    ]);
    const first = result.content[0];
    expect(first?.type === "text" && first.text.split("\n")[0]).toBe(
      "The user did not answer: the questions expired unanswered.",
    );
  });

  test("returns an error result naming the field when labels collide once prepared, asking nothing", async () => {
    const { context, asked } = callContext(() => []);
    const colliding = AskUserQuestionArgumentsSchema.parse({
      questions: [
        {
          question: "Which?",
          header: "Pick",
          options: [{ label: "A (Recommended)" }, { label: "A" }],
        },
      ],
    });
    const result = await tool.execute(colliding, context);
    expect(result.isError).toBe(true);
    expect(result.content[0]).toEqual({
      type: "text",
      text: 'Invalid questions: questions[0].options[1].label: duplicate label "A" once the recommendation mark is moved to recommended: true',
    });
    expect(asked).toEqual([]);
  });

  test("throws a typed error when the host answers out of step with the questions", async () => {
    const { context } = callContext(() => [{ outcome: "answered", selected: ["SQLite"] }]);
    const error = await tool.execute(args, context).catch((e: unknown) => e);
    expect(isElowenError(error, ASKUSER_ANSWERS_INVALID)).toBe(true);
  });

  test("summarizes the call by its headers for an approval prompt", () => {
    expect(tool.summarize?.(args)).toBe("2 questions: Database, Features");
  });
});
