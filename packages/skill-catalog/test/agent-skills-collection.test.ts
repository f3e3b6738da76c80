import { fileURLToPath } from "node:url";
import { loadSkillsFromDir } from "@mariozechner/pi-coding-agent";
import { describe, expect, test } from "vitest";
import { loadSkillDirectory } from "../src/index.js";
import { access, catalogIn, TempTree } from "./support.js";

// A collection in the anthropics/skills repository layout: skills/<name>/SKILL.md with support
// files beside them, a template/ and a spec/ at the top. Written for these tests.
const repository = fileURLToPath(new URL("fixtures/anthropic-skills", import.meta.url));
const skillsRoot = `${repository}/skills`;

// Every name and description exactly as its author gave it in the frontmatter.
const AUTHORS = [
  {
    name: "brand-voice",
    description:
      "Apply the house brand voice to drafts: plain words, active verbs, no exclamation marks.\nUse for marketing copy, release notes and customer emails.\n",
  },
  {
    name: "changelog-writer",
    description:
      "Write changelog entries from merged pull requests, grouped by type and credited to their authors. Use when preparing a release or a weekly update.",
  },
  {
    name: "internal-comms",
    description:
      "A set of resources for writing internal communications: status reports, leadership updates, incident reports and FAQs.\nUse whenever asked to write one of these.\n",
  },
  {
    name: "mcp-server-builder",
    description:
      "Guide for building MCP servers: tools, resources and prompts that let a model reach an external service. Use when creating an MCP server in Python (FastMCP) or TypeScript (the MCP SDK).",
  },
  {
    name: "pdf-forms",
    description:
      "Fill, flatten and extract AcroForm fields from PDF documents. Use when a user supplies a PDF form to complete, asks what fields a form contains, or needs the values of a submitted form read back out.",
  },
  {
    name: "slack-gif-maker",
    description: `Create small animated GIFs sized for Slack. Use when someone asks for a GIF that's under 2 MB, like "make me a GIF of a dancing cat".`,
  },
  {
    name: "spreadsheet-audit",
    description:
      "Audit spreadsheets for broken formulas, hard-coded totals and inconsistent units. Use when reviewing .xlsx or .csv files before they are shared with finance.",
  },
  {
    name: "theme-factory",
    description:
      "Style artifacts (slides, documents, landing pages) with one of ten preset themes, or generate a new theme on the fly. Use when a user wants a consistent look across artifacts.",
  },
  {
    name: "webapp-testing",
    description:
      "Toolkit for interacting with and testing local web applications using Playwright. Supports checking frontend behaviour, capturing screenshots and reading browser logs.",
  },
];

describe("a public collection of Agent Skills", () => {
  test("every SKILL.md loads with the name and description its author gave, without remarks", async () => {
    const loaded = await loadSkillDirectory({ root: skillsRoot });
    expect(loaded.skills.map(({ name, description }) => ({ name, description }))).toEqual(AUTHORS);
    expect(loaded.diagnostics).toEqual([]);
  });

  test("extra frontmatter keys arrive as their authors wrote them", async () => {
    const { skills } = await loadSkillDirectory({ root: skillsRoot });
    const byName = new Map(skills.map((skill) => [skill.name, skill.frontmatter]));
    expect(byName.get("spreadsheet-audit")).toMatchObject({
      "allowed-tools": ["Read", "Bash(python3:*)"],
      metadata: { version: "1.2.0", author: "Finance Tools Team", tags: ["finance", "review"] },
    });
    expect(byName.get("webapp-testing")).toMatchObject({
      license: "Apache-2.0",
      "allowed-tools": "Read Bash(npx playwright:*)",
    });
    expect(byName.get("internal-comms")).toMatchObject({
      metadata: { owner: "comms@example.com", reviewed: "2025-03-14" },
    });
    expect(byName.get("theme-factory")).toMatchObject({
      metadata: { themes: 10, "dark-mode": true },
    });
    expect(byName.get("pdf-forms")).toMatchObject({
      license: "Proprietary. LICENSE.txt has complete terms",
    });
  });

  test("agrees with the pi toolkit's loader on every skill it loads, and also reads the one with a byte order mark", async () => {
    const ours = await loadSkillDirectory({ root: skillsRoot });
    const pi = loadSkillsFromDir({ dir: skillsRoot, source: "path" });
    const theirs = pi.skills
      .map(({ name, description }) => ({ name, description }))
      .sort((a, b) => a.name.localeCompare(b.name));
    expect(theirs).toEqual(AUTHORS.filter((skill) => skill.name !== "theme-factory"));
    expect(ours.skills.map((skill) => skill.name)).toContain("theme-factory");
  });

  test("the repository root read as a source finds only template/, noting that its name differs from its directory", async () => {
    const loaded = await loadSkillDirectory({ root: repository });
    expect(loaded.skills.map((skill) => skill.name)).toEqual(["template-skill"]);
    expect(loaded.diagnostics.map((d) => [d.code, d.outcome])).toEqual([
      ["name-mismatch", "loaded"],
    ]);
  });

  test("registered as a source, the collection fills the model's block and the user's aliases", async () => {
    const catalog = catalogIn(new TempTree());
    const report = await catalog.reloadFromDirectories("anthropic-skills", [
      { root: skillsRoot, catalogSource: "instance" },
    ]);
    expect(report.skills).toBe(AUTHORS.length);
    const block = catalog.availableSkillsBlock(access());
    expect(block).toContain("- pdf-forms (20 lines): Fill, flatten and extract AcroForm fields");
    expect(block).toContain(
      "- brand-voice (11 lines): Apply the house brand voice to drafts: plain words, active verbs, no exclamation marks. Use for marketing copy",
    );
    expect(catalog.commandAliases(access(), []).map((alias) => alias.target)).toEqual(
      AUTHORS.map((skill) => `/skill:${skill.name}`),
    );
    const read = await catalog.readSkill("webapp-testing", { access: access() });
    expect(read.ok && read.body).toBe(
      "\n# Web app testing\n\nStart the server with `scripts/with_server.py`, then drive the page with Playwright.\n",
    );
  });
});
