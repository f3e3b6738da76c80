// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the templates under test hold ${…} forms literally.
import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";
import { loadPiPromptTemplates, type PiPromptTemplates } from "../../test/pi-prompt-templates.js";
import { expandToken, templateTokens, writeToken } from "../../test/substitution-model.js";
import { substituteArguments } from "./substitute-arguments.js";

let pi: PiPromptTemplates;
beforeAll(async () => {
  pi = await loadPiPromptTemplates();
});

const ARGS = ["alpha", "beta gamma", "delta"];

describe("substituteArguments: the forms pi defines give pi's result", () => {
  test.each([
    ["no placeholders", "plain text", "plain text"],
    ["$ARGUMENTS", "do $ARGUMENTS now", "do alpha beta gamma delta now"],
    ["$@", "[$@]", "[alpha beta gamma delta]"],
    ["$ARGUMENTS glued to text", "$ARGUMENTSx", "alpha beta gamma deltax"],
    ["$1", "first=$1", "first=alpha"],
    ["$2 keeps a quoted argument whole", "second=$2", "second=beta gamma"],
    ["$9 past the last argument", "ninth=[$9]", "ninth=[]"],
    ["$0", "zero=[$0]", "zero=[]"],
    ["$10 as the tenth argument", "ten=[$10]", "ten=[]"],
    ["$01 as the first argument", "$01", "alpha"],
    ["$1 glued to letters", "$1st", "alphast"],
    ["every positional at once", "$3 $2 $1", "delta beta gamma alpha"],
    ["${@:2}", "rest=${@:2}", "rest=beta gamma delta"],
    ["${@:1}", "${@:1}", "alpha beta gamma delta"],
    ["${@:0} as ${@:1}", "${@:0}", "alpha beta gamma delta"],
    ["${@:4} past the end", "[${@:4}]", "[]"],
    ["${@:2:1}", "${@:2:1}", "beta gamma"],
    ["${@:1:2}", "${@:1:2}", "alpha beta gamma"],
    ["${@:1:0}", "[${@:1:0}]", "[]"],
    ["${@:2:99}", "${@:2:99}", "beta gamma delta"],
    ["a stray $", "cost: $ 5", "cost: $ 5"],
    ["$ at the end", "end$", "end$"],
    ["$$1", "$$1", "$alpha"],
    ["$x", "$x $ARG", "$x $ARG"],
    ["${1} stays literal", "${1}", "${1}"],
    ["${x} stays literal", "${x}", "${x}"],
    ["${@} stays literal", "${@}", "${@}"],
    ["${@:} stays literal", "${@:}", "${@:}"],
    ["${@:x} stays literal", "${@:x}", "${@:x}"],
    ["${@:1:} stays literal", "${@:1:}", "${@:1:}"],
    ["${@:1 unterminated stays literal", "${@:1", "${@:1"],
    ["${1-default} stays literal", "${1-d}", "${1-d}"],
    ["${ at the end", "${", "${"],
    ["a huge index", "[$99999999999999999999]", "[]"],
    ["a huge slice", "[${@:99999999999999999999}]", "[]"],
    ["lowercase $arguments is not a form", "$arguments", "$arguments"],
  ])("%s", (_name, template, expected) => {
    expect(substituteArguments(template, ARGS)).toBe(expected);
    expect(pi.substituteArgs(template, [...ARGS])).toBe(expected);
  });

  test("no arguments: every form is empty", () => {
    const template = "[$ARGUMENTS][$@][$1][${@:1}][${@:1:2}]";
    expect(substituteArguments(template, [])).toBe("[][][][][]");
    expect(pi.substituteArgs(template, [])).toBe("[][][][][]");
  });

  test("returns the template itself when it holds no $", () => {
    const template = "nothing to expand";
    expect(substituteArguments(template, ARGS)).toBe(template);
  });
});

describe("substituteArguments: ${N:-default} (ours)", () => {
  test.each([
    ["a present argument wins", "${1:-none}", ["given"], "given"],
    ["an absent argument takes the default", "${2:-none}", ["given"], "none"],
    ["an empty argument takes the default", "${1:-none}", [""], "none"],
    ["the default may be empty", "[${1:-}]", [], "[]"],
    ["the default keeps spaces and punctuation", "${1:-a b, c!}", [], "a b, c!"],
    ["the default runs to the first }", "${1:-a}b}", [], "ab}"],
    ["placeholders inside the default stay literal", "${2:-$1}", ["x"], "$1"],
    ["${0:-d} always takes the default", "${0:-d}", ["x"], "d"],
    [
      "a multi-digit index",
      "${10:-ten}",
      ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"],
      "10",
    ],
    [
      "unterminated stays literal, and what follows still expands",
      "${1:-oops $1",
      ["x"],
      "${1:-oops x",
    ],
  ])("%s", (_name, template, args, expected) => {
    expect(substituteArguments(template, args)).toBe(expected);
  });
});

describe("substituteArguments: nothing is expanded twice (pi re-reads its output, we do not)", () => {
  test.each([
    ["an argument holding $1", "$1", ["$1", "two"], "$1", "$1"],
    ["an argument holding $ARGUMENTS", "$1", ["$ARGUMENTS"], "$ARGUMENTS", "$ARGUMENTS"],
    ["$1 holding ${@:2}", "$1", ["${@:2}", "x"], "${@:2}", "x"],
    ["$1 holding $@", "$1", ["$@", "x"], "$@", "$@ x"],
    ["$ARGUMENTS holding $@", "$ARGUMENTS", ["$@"], "$@", "$@"],
    ["$ then $1 = @", "$$1", ["@", "b"], "$@", "@ b"],
    ["an empty $9 closing ${@:1", "${@:1$9}", ["a"], "${@:1}", "a"],
    ["${@:$1} with $1 = 2", "${@:$1}", ["2", "b"], "${@:2}", "b"],
    ["$& in an argument", "$ARGUMENTS", ["$&"], "$&", "$ARGUMENTS"],
    ["$$ in an argument", "$@", ["$$"], "$$", "$"],
  ])("%s", (_name, template, args, ours, pis) => {
    expect(substituteArguments(template, args)).toBe(ours);
    expect(pi.substituteArgs(template, [...args])).toBe(pis);
  });
});

describe("substituteArguments: properties", () => {
  test("matches the reference model on any template of forms, strays and text, any arguments", () => {
    fc.assert(
      fc.property(
        templateTokens,
        fc.array(fc.string({ maxLength: 8 }), { maxLength: 12 }),
        (tokens, args) => {
          const template = tokens.map(writeToken).join("");
          const expected = tokens.map((t) => expandToken(t, args)).join("");
          expect(substituteArguments(template, args)).toBe(expected);
        },
      ),
      { numRuns: 3000 },
    );
  });

  test("equals pi's substituteArgs wherever pi's forms do not re-read substituted text", () => {
    const template = fc
      .array(
        fc.constantFrom(
          "$",
          "@",
          "{",
          "}",
          ":",
          "-",
          "0",
          "1",
          "2",
          "3",
          "9",
          "ARGUMENTS",
          " ",
          "x",
        ),
        {
          maxLength: 30,
        },
      )
      .map((parts) => parts.join(""));
    // Non-empty arguments without $, @, braces, colons, digits or capitals cannot complete a form.
    const args = fc.array(fc.stringMatching(/^[a-z .,'"-]{1,6}$/), { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(template, args, (t, a) => {
        fc.pre(!/\$\{\d+:-/.test(t));
        fc.pre([...t.matchAll(/\$(\d+)/g)].every((m) => inRange(Number(m[1]), a.length)));
        fc.pre(
          [...t.matchAll(/\$\{@:(\d+)(?::(\d+))?\}/g)].every(
            (m) =>
              inRange(Math.max(Number(m[1]), 1), a.length) &&
              (m[2] === undefined || Number(m[2]) > 0),
          ),
        );
        fc.pre(a.length > 0 || !/\$(ARGUMENTS|@)/.test(t));
        expect(substituteArguments(t, a)).toBe(pi.substituteArgs(t, [...a]));
      }),
      { numRuns: 3000 },
    );
  });

  test("never throws, whatever the template and arguments", () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.string()), (t, a) => {
        expect(typeof substituteArguments(t, a)).toBe("string");
      }),
    );
  });
});

function inRange(n: number, length: number): boolean {
  return n >= 1 && n <= length;
}

describe("substituteArguments: linear in the template's length", () => {
  // Quadratic scanning takes minutes on these (each unclosed `${1:-` re-read the rest of the
  // template); one pass takes milliseconds, so the test's own timeout tells them apart.
  test("4 MiB of unclosed ${1:- is returned as written", () => {
    const template = "${1:-".repeat((4 * 1024 * 1024) / 5);
    expect(substituteArguments(template, ["a"])).toBe(template);
  });

  test("a } after 4 MiB of ${1:- closes the first form, whose default is the rest as written", () => {
    const template = `${"${1:-".repeat((4 * 1024 * 1024) / 5)}x}tail`;
    expect(substituteArguments(template, [])).toBe(`${template.slice(5, -5)}tail`);
  });
});
