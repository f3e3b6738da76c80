import { describe, expect, test } from "vitest";
import type { CatalogCommand } from "../chat/catalog-command.js";
import { PromptAutocomplete, staleSlashToken } from "./autocomplete.js";
import { NO_BOX_CHAINS } from "./prompt-box-chains.js";

const command = (name: string): CatalogCommand => ({
  name,
  description: `${name} command`,
  kind: "picker",
  mechanism: "builtin",
  owner: "core",
  adminOnly: false,
});

function completion() {
  const autocomplete = new PromptAutocomplete(NO_BOX_CHAINS, "/");
  autocomplete.setCommands(["help", "new", "sessions", "status"].map(command));
  return autocomplete;
}

const HELP_ROW = { value: "help", label: "help" };

describe("taking a slash completion (Enter or Tab on the menu)", () => {
  test("what was typed is what runs: a menu computed for `/` and taken at `/sess` completes /sessions, never /seshelp", () => {
    const taken = completion().applyCompletion(["/sess"], 0, 5, HELP_ROW, "/");
    expect(taken.lines).toEqual(["/sessions "]);
  });

  test("a stale menu taken at a whole command name keeps that name", () => {
    const taken = completion().applyCompletion(["/status"], 0, 7, HELP_ROW, "/s");
    expect(taken).toEqual({ lines: ["/status"], cursorLine: 0, cursorCol: 7 });
  });

  test("a stale menu taken at a name no command starts with changes nothing (the chat then asks)", () => {
    const taken = completion().applyCompletion(["/zzz"], 0, 4, HELP_ROW, "/");
    expect(taken).toEqual({ lines: ["/zzz"], cursorLine: 0, cursorCol: 4 });
  });

  test("a current menu completes its highlighted row", () => {
    const taken = completion().applyCompletion(["/he"], 0, 3, HELP_ROW, "/he");
    expect(taken.lines).toEqual(["/help "]);
  });
});

describe("staleSlashToken", () => {
  test.each([
    ["/sess", 5, "/", "sess"],
    ["/sess", 5, "/sess", undefined],
    ["/sess", 5, "@src", undefined],
    ["hello /sess", 11, "/", undefined],
    ["/sess args", 10, "/", undefined],
  ])("%j at %i with the menu's prefix %j is %j", (line, col, prefix, stale) => {
    expect(staleSlashToken(line, col, prefix)).toBe(stale);
  });
});
