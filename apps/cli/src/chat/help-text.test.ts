import { describe, expect, test } from "vitest";
import { modelLabel } from "../cli/model-label.js";
import { helpText } from "./builtins.js";
import type { CatalogCommand } from "./catalog-command.js";

describe("/help", () => {
  test("lists the commands and the keys in two aligned columns", () => {
    const commands: CatalogCommand[] = [
      {
        name: "help",
        description: "List the commands",
        kind: "picker",
        mechanism: "builtin",
        owner: "core",
        adminOnly: false,
      },
      {
        name: "review",
        description: "Review a diff",
        kind: "prompt",
        mechanism: "prompt",
        owner: "p",
        adminOnly: true,
        argumentHint: "<file>",
      },
    ];
    const lines = helpText(commands).split("\n");
    // The widest left cell is the key "PgUp/PgDn, wheel" (16): every right cell starts at 20.
    expect(lines.slice(0, 3)).toEqual([
      "Commands",
      `  ${"/help".padEnd(16)}  List the commands`,
      `  ${"/review <file>".padEnd(16)}  Review a diff (administrators)`,
    ]);
    expect(lines).toContain(`  ${"Ctrl+C".padEnd(16)}  stop the turn; twice quits`);
    for (const line of lines.filter((l) => l.startsWith("  ")))
      expect(line.slice(18, 21)).toMatch(/^ {2}\S$/);
  });
});

describe("model labels", () => {
  test.each([
    [
      { label: "Offline model (no provider configured)", offline: true },
      "Offline model (no provider configured)",
    ],
    [{ label: "Local", offline: true }, "Local (offline)"],
    [
      {
        label: "claude-sonnet-4-5",
        offline: false,
        provider: "anthropic",
        id: "claude-sonnet-4-5",
      },
      "claude-sonnet-4-5 (anthropic)",
    ],
    [
      { label: "Fast", offline: false, provider: "openai", id: "gpt-5-mini" },
      "Fast (openai/gpt-5-mini)",
    ],
  ])("%j reads %j, each part said once", (model, label) => {
    expect(modelLabel(model)).toBe(label);
  });
});
