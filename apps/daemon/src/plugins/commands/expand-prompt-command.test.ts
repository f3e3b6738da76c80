import { describe, expect, test } from "vitest";
import { accountAccess } from "../call-scope/access-scope.js";
import { CommandRegistry } from "./command-registry.js";
import { expandPromptCommand } from "./expand-prompt-command.js";

const registry = new CommandRegistry();
registry.add({
  plugin: "acme",
  grantable: false,
  definition: {
    kind: "prompt",
    name: "review",
    description: "Review",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the prompt's own ${N:-default} syntax.
    prompt: "Review $1 for ${2:-bugs}; all: $ARGUMENTS; rest: ${@:2}",
  },
});
registry.add({
  plugin: "acme",
  grantable: false,
  definition: { kind: "prompt", name: "root", description: "Admins", prompt: "x", adminOnly: true },
});
const user = accountAccess({ id: 2, role: "user" }, "cli", []);

describe("expandPromptCommand", () => {
  test("substitutes positional, default and rest arguments", () => {
    expect(expandPromptCommand(registry, "review", 'main.ts "style issues" extra', user)).toEqual({
      plugin: "acme",
      prompt:
        "Review main.ts for style issues; all: main.ts style issues extra; rest: style issues extra",
    });
    expect(expandPromptCommand(registry, "review", "a.ts", user).prompt).toBe(
      "Review a.ts for bugs; all: a.ts; rest: ",
    );
  });

  test("refuses an adminOnly command to a user at dispatch", () => {
    expect(() => expandPromptCommand(registry, "root", "", user)).toThrow(/for administrators/);
  });

  test("refuses an unknown command", () => {
    expect(() => expandPromptCommand(registry, "nope", "", user)).toThrow(/no command \/nope/);
  });
});
