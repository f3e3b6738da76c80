import { describe, expect, test } from "vitest";
import { McpServerListSchema, SkillListSchema } from "../src/index.js";

const skill = {
  name: "systematic-debugging",
  description: "Use when a test fails for a reason you cannot see.",
  plugin: "@elowen/plugin-skills",
  catalogSource: "bundled",
  effective: { model: true, user: true },
  lineCount: null,
};

describe("the Skills plugin's list", () => {
  test("reads rows and drops the retired scope and active fields; diagnostics default to none", () => {
    expect(
      SkillListSchema.parse({ skills: [{ ...skill, scope: "personal", active: true }] }),
    ).toEqual({ skills: [skill], diagnostics: [] });
  });

  test.each([
    ["a catalogSource the catalog does not name", { skills: [{ ...skill, catalogSource: "x" }] }],
    ["an empty name", { skills: [{ ...skill, name: "" }] }],
    ["a line count below 0", { skills: [{ ...skill, lineCount: -1 }] }],
    [
      "a remark whose outcome is not one of the catalog's",
      { skills: [], diagnostics: [{ code: "c", outcome: "lost", path: "/p", message: "m" }] },
    ],
  ])("refuses %s", (_case, body) => {
    expect(SkillListSchema.safeParse(body).success).toBe(false);
  });
});

describe("the MCP plugin's servers list", () => {
  const server = {
    name: "docs",
    source: "workspace",
    transport: "stdio",
    status: "untrusted",
    tools: 0,
    auth: "none",
  };

  test("keeps what an untrusted server would run and the message after a change", () => {
    const launch = { command: "npx", args: ["-y", "docs-server"], env: ["TOKEN"] };
    expect(
      McpServerListSchema.parse({
        servers: [{ ...server, launch, pid: 7 }],
        message: "Added docs.",
      }),
    ).toEqual({ servers: [{ ...server, launch }], message: "Added docs." });
  });

  test.each([
    ["a negative tool count", { servers: [{ ...server, tools: -1 }] }],
    ["an empty name", { servers: [{ ...server, name: "" }] }],
    ["no servers array", { message: "Added docs." }],
  ])("refuses %s", (_case, body) => {
    expect(McpServerListSchema.safeParse(body).success).toBe(false);
  });
});
