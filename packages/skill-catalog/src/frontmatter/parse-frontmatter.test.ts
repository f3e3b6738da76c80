import {
  SKILL_FRONTMATTER_MAX_CHARS,
  SKILL_FRONTMATTER_MAX_DEPTH,
  SKILL_FRONTMATTER_MAX_VALUES,
} from "@elowen/plugin-api/limits";
import { SkillFrontmatterSchema } from "@elowen/plugin-api/skills";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { stringify } from "yaml";
import { SKILL_FRONTMATTER_MAX_ALIASES } from "../limits.js";
import { parseSkillSource } from "./parse-frontmatter.js";

const fenced = (yaml: string, body = "body\n") => `---\n${yaml}---\n${body}`;

describe("frontmatter bounds", () => {
  test(`a block of exactly ${SKILL_FRONTMATTER_MAX_CHARS} characters parses`, () => {
    const yaml = `k: ${"x".repeat(SKILL_FRONTMATTER_MAX_CHARS - 4)}\n`;
    expect(yaml.length).toBe(SKILL_FRONTMATTER_MAX_CHARS);
    const parsed = parseSkillSource(fenced(yaml));
    expect(parsed.status).toBe("ok");
    expect((parsed.frontmatter.k as string).length).toBe(SKILL_FRONTMATTER_MAX_CHARS - 4);
  });

  test("one character more is handed as {} with a problem, and the body is kept", () => {
    const yaml = `k: ${"x".repeat(SKILL_FRONTMATTER_MAX_CHARS - 3)}\n`;
    expect(parseSkillSource(fenced(yaml, "# Body\n"))).toEqual({
      status: "bounds",
      frontmatter: {},
      problem: "frontmatter is 100,001 characters, more than the 100,000 it may hold",
      leftOut: [],
      body: "# Body\n",
      yaml,
    });
  });

  const nested = (levels: number) => `a: ${"[".repeat(levels - 1)}1${"]".repeat(levels - 1)}\n`;

  test(`${SKILL_FRONTMATTER_MAX_DEPTH} levels of nesting parse`, () => {
    const parsed = parseSkillSource(fenced(nested(SKILL_FRONTMATTER_MAX_DEPTH)));
    expect(parsed.status).toBe("ok");
    let value: unknown = parsed.frontmatter.a;
    let depth = 1;
    while (Array.isArray(value)) {
      value = value[0];
      depth++;
    }
    expect(depth).toBe(SKILL_FRONTMATTER_MAX_DEPTH);
  });

  test("one level more is past the bound, in flow and in block style", () => {
    const past = {
      status: "bounds",
      frontmatter: {},
      problem: "frontmatter nests more than 32 levels deep",
    };
    expect(parseSkillSource(fenced(nested(SKILL_FRONTMATTER_MAX_DEPTH + 1)))).toMatchObject(past);
    let block = "";
    for (let level = 0; level < SKILL_FRONTMATTER_MAX_DEPTH; level++)
      block += `${" ".repeat(level)}k${level}:\n`;
    expect(parseSkillSource(fenced(`${block}${" ".repeat(32)}leaf: 1\n`))).toMatchObject(past);
    expect(parseSkillSource(fenced(`${block}${" ".repeat(31)}leaf: 1\n`)).status).toBe("ok");
  });

  test("single-pair maps inside flow lists count as the levels they compose to", () => {
    const pairs = (levels: number) => `a: ${"[k: ".repeat(levels)}1${"]".repeat(levels)}\n`;
    expect(parseSkillSource(fenced(pairs(15))).status).toBe("ok");
    expect(parseSkillSource(fenced(pairs(16))).problem).toBe(
      "frontmatter nests more than 32 levels deep",
    );
  });

  test("fifty thousand open brackets are refused without exhausting the stack", () => {
    const parsed = parseSkillSource(fenced(`a: ${"[".repeat(50_000)}\n`));
    expect(parsed).toMatchObject({
      status: "bounds",
      problem: "frontmatter nests more than 32 levels deep",
    });
  });

  const list = (items: number) => `a: [${Array.from({ length: items }, () => "1").join(", ")}]\n`;

  test(`${SKILL_FRONTMATTER_MAX_VALUES} values parse (the list and its items)`, () => {
    const parsed = parseSkillSource(fenced(list(SKILL_FRONTMATTER_MAX_VALUES - 1)));
    expect(parsed.status).toBe("ok");
    expect((parsed.frontmatter.a as unknown[]).length).toBe(SKILL_FRONTMATTER_MAX_VALUES - 1);
  });

  test("one value more is past the bound", () => {
    expect(parseSkillSource(fenced(list(SKILL_FRONTMATTER_MAX_VALUES)))).toMatchObject({
      status: "bounds",
      frontmatter: {},
      problem: "frontmatter holds more than 20,000 values",
    });
  });

  const aliases = (count: number) =>
    `x: &a 1\nl: [${Array.from({ length: count }, () => "*a").join(", ")}]\n`;

  test(`${SKILL_FRONTMATTER_MAX_ALIASES} alias expansions parse`, () => {
    const parsed = parseSkillSource(fenced(aliases(SKILL_FRONTMATTER_MAX_ALIASES)));
    expect(parsed.status).toBe("ok");
    expect(parsed.frontmatter.l).toEqual(
      Array.from({ length: SKILL_FRONTMATTER_MAX_ALIASES }, () => 1),
    );
  });

  test("one alias expansion more is past the bound", () => {
    expect(parseSkillSource(fenced(aliases(SKILL_FRONTMATTER_MAX_ALIASES + 1)))).toMatchObject({
      status: "bounds",
      problem: "frontmatter expands more than 100 YAML aliases",
    });
  });

  test("a billion-laughs block stops at the alias bound before it expands", () => {
    const levels = ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"];
    for (const [at, name] of [..."bcdefghi"].entries()) {
      const previous = "abcdefghi"[at];
      levels.push(
        `${name}: &${name} [${Array.from({ length: 9 }, () => `*${previous}`).join(", ")}]`,
      );
    }
    const parsed = parseSkillSource(fenced(`${levels.join("\n")}\n`));
    expect(parsed).toMatchObject({
      status: "bounds",
      frontmatter: {},
      problem: "frontmatter expands more than 100 YAML aliases",
    });
  });

  test("a few aliases of a wide list stop at the value bound", () => {
    const wide = `w: &w [${Array.from({ length: 1000 }, () => "1").join(", ")}]\n`;
    const parsed = parseSkillSource(
      fenced(`${wide}x: [${Array.from({ length: 25 }, () => "*w").join(", ")}]\n`),
    );
    expect(parsed).toMatchObject({
      status: "bounds",
      frontmatter: {},
      problem: "frontmatter holds more than 20,000 values",
    });
  });

  test("an alias to its own enclosing list stops at the depth bound", () => {
    expect(parseSkillSource(fenced("a: &x [1, *x]\n")).problem).toBe(
      "frontmatter nests more than 32 levels deep",
    );
  });
});

describe("frontmatter values", () => {
  test("prototype keys never reach an object, at any level, and the problem names them", () => {
    const parsed = parseSkillSource(
      fenced(
        "__proto__: {polluted: true}\nconstructor: x\nname: ok\nnested:\n  prototype: 1\n  keep: 2\n",
      ),
    );
    expect(parsed.status).toBe("ok");
    expect(parsed.frontmatter).toEqual({ name: "ok", nested: { keep: 2 } });
    expect(Object.getPrototypeOf(parsed.frontmatter)).toBe(Object.prototype);
    expect(Object.hasOwn(parsed.frontmatter, "__proto__")).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(parsed.leftOut).toEqual(["__proto__", "constructor", "prototype"]);
    expect(parsed.problem).toBe(
      'left out key "__proto__", "constructor", "prototype": __proto__, constructor, prototype and keys that are lists or mappings never reach the frontmatter object',
    );
  });

  test("dates stay the text their author wrote", () => {
    const parsed = parseSkillSource(
      fenced("created: 2024-01-15\nat: 2024-01-15T10:30:00Z\nloose: 2001-12-14 21:59:43.10 -5\n"),
    );
    expect(parsed.frontmatter).toEqual({
      created: "2024-01-15",
      at: "2024-01-15T10:30:00Z",
      loose: "2001-12-14 21:59:43.10 -5",
    });
  });

  test("NaN and infinities become null; -0 becomes 0", () => {
    expect(
      parseSkillSource(fenced("a: .nan\nb: .inf\nc: -.Inf\nd: -0\ne: 1.5e3\n")).frontmatter,
    ).toEqual({ a: null, b: null, c: null, d: 0, e: 1500 });
  });

  test("keys are the text YAML read, never respelled", () => {
    expect(
      parseSkillSource(
        fenced("1.0: a\ntrue: b\n~: c\n0x10: d\n'quoted key': e\ndisable-model-invocation: true\n"),
      ).frontmatter,
    ).toEqual({
      "1.0": "a",
      true: "b",
      "~": "c",
      "0x10": "d",
      "quoted key": "e",
      "disable-model-invocation": true,
    });
  });

  test("a key that is a list is left out with a problem", () => {
    const parsed = parseSkillSource(fenced("? [a, b]\n: c\nname: x\n"));
    expect(parsed.frontmatter).toEqual({ name: "x" });
    expect(parsed.leftOut).toEqual(["a key that is a list or a mapping"]);
  });

  test("unknown tags read as their text, and << is an ordinary key", () => {
    expect(
      parseSkillSource(
        fenced("a: !!binary aGVsbG8=\nb: !custom thing\nbase: &b {x: 1}\nc:\n  <<: *b\n"),
      ).frontmatter,
    ).toEqual({
      a: "aGVsbG8=",
      b: "thing",
      base: { x: 1 },
      c: { "<<": { x: 1 } },
    });
  });

  test("!!omap and !!pairs entries read as the one-key mappings they are written as", () => {
    expect(
      parseSkillSource(
        fenced("o: !!omap [{a: 1}, {c: [2]}]\np: !!pairs\n  - a: 1\n  - a: 2\ns: !!set {x, y}\n"),
      ).frontmatter,
    ).toEqual({ o: [{ a: 1 }, { c: [2] }], p: [{ a: 1 }, { a: 2 }], s: { x: null, y: null } });
    const proto = parseSkillSource(
      fenced("o: !!omap\n  - __proto__: {polluted: true}\n  - k: 1\n"),
    );
    expect(proto.frontmatter).toEqual({ o: [{}, { k: 1 }] });
    expect(proto.leftOut).toEqual(["__proto__"]);
  });

  test("!!pairs count toward the value and depth bounds as their untagged text does", () => {
    const pairs = (tag: string, items: number) =>
      fenced(`a: ${tag}[${Array.from({ length: items }, () => "k: 1").join(", ")}]\nb: 1\n`);
    // The list, each entry's mapping and its value, and b: 2 * 9,999 + 2 = 20,000 values.
    for (const tag of ["", "!!pairs "]) {
      expect(parseSkillSource(pairs(tag, 9_999)).status).toBe("ok");
      expect(parseSkillSource(pairs(tag, 10_000)).problem).toBe(
        "frontmatter holds more than 20,000 values",
      );
    }
    const nested = (tag: string, levels: number) =>
      fenced(`a: ${"[".repeat(levels - 3)}${tag}[k: 1]${"]".repeat(levels - 3)}\n`);
    for (const tag of ["", "!!pairs "]) {
      expect(parseSkillSource(nested(tag, SKILL_FRONTMATTER_MAX_DEPTH)).status).toBe("ok");
      expect(parseSkillSource(nested(tag, SKILL_FRONTMATTER_MAX_DEPTH + 1)).problem).toBe(
        "frontmatter nests more than 32 levels deep",
      );
    }
  });

  test("multi-line descriptions read as YAML folds them", () => {
    const yaml = "folded: >\n  one\n  two\nliteral: |\n  one\n  two\nplain: one\n  two\n";
    expect(parseSkillSource(fenced(yaml)).frontmatter).toEqual({
      folded: "one two\n",
      literal: "one\ntwo\n",
      plain: "one two",
    });
  });

  test("an empty or comment-only block is an empty frontmatter without a problem", () => {
    expect(parseSkillSource("---\n---\nbody")).toEqual({
      status: "ok",
      frontmatter: {},
      leftOut: [],
      body: "body",
      yaml: "",
    });
    expect(parseSkillSource("---\n# nothing\n---\n").frontmatter).toEqual({});
  });
});

describe("frontmatter that is not usable", () => {
  test.each([
    [
      "an unclosed flow list",
      "name: [unclosed\n",
      /^frontmatter is not valid YAML: .+ \(line \d+ of the file\)$/,
    ],
    [
      "a duplicate key",
      "a: 1\na: 2\n",
      /^frontmatter is not valid YAML: Map keys must be unique \(line 3 of the file\)$/,
    ],
    ["a list", "- a\n- b\n", /^frontmatter is not a mapping of keys to values$/],
    ["a bare scalar", "just text\n", /^frontmatter is not a mapping of keys to values$/],
    ["two documents", "a: 1\n...\nb: 2\n", /^frontmatter is not valid YAML: /],
    ["an unknown alias", "a: *nowhere\n", /^frontmatter is not valid YAML: /],
  ])("%s is invalid, handed as {} with a problem", (_, yaml, problem) => {
    const parsed = parseSkillSource(fenced(yaml));
    expect(parsed.status).toBe("invalid");
    expect(parsed.frontmatter).toEqual({});
    expect(parsed.problem).toMatch(problem);
    expect(parsed.body).toBe("body\n");
  });

  test("a file without frontmatter is absent and all body", () => {
    expect(parseSkillSource("# Just markdown\n")).toEqual({
      status: "absent",
      frontmatter: {},
      leftOut: [],
      body: "# Just markdown\n",
      yaml: null,
    });
  });

  test("a fence with no end is unterminated and the whole file is body", () => {
    expect(parseSkillSource("---\nname: a\n")).toEqual({
      status: "unterminated",
      frontmatter: {},
      problem: 'the frontmatter opened by "---" on line 1 is never closed by a "---" line',
      leftOut: [],
      body: "---\nname: a\n",
      yaml: null,
    });
  });
});

describe("frontmatter properties", () => {
  test("any text parses without throwing into JSON-safe data the contract schema accepts", () => {
    const yamlish = fc.string({
      unit: fc.constantFrom(
        "a",
        "b",
        ":",
        " ",
        "\n",
        "-",
        "[",
        "]",
        "{",
        "}",
        ",",
        "&",
        "*",
        "!",
        "'",
        '"',
        "#",
        "|",
        ">",
        "?",
        "~",
        "1",
        ".",
        "\t",
        "\\",
        "_",
        "<",
      ),
      maxLength: 200,
    });
    fc.assert(
      fc.property(fc.oneof(yamlish, fc.string({ maxLength: 200 })), (yaml) => {
        const parsed = parseSkillSource(`---\n${yaml}\n---\nbody`);
        expect(SkillFrontmatterSchema.safeParse(parsed.frontmatter).success).toBe(true);
        expect(JSON.parse(JSON.stringify(parsed.frontmatter))).toEqual(parsed.frontmatter);
        if (parsed.status !== "ok") expect(parsed.frontmatter).toEqual({});
      }),
      { numRuns: 2000 },
    );
  });

  test("any JSON object written as YAML reads back equal, prototype keys aside", () => {
    const key = fc
      .string({ maxLength: 12 })
      .filter((k) => !["__proto__", "constructor", "prototype"].includes(k));
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: "small" },
        fc.constant(null),
        fc.boolean(),
        fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n)),
        fc.string({ maxLength: 20 }),
        fc.array(tie("value"), { maxLength: 4 }),
        fc.dictionary(key, tie("value"), { maxKeys: 4 }),
      ),
    }));
    fc.assert(
      fc.property(fc.dictionary(key, json.value, { maxKeys: 6 }), (object) => {
        const parsed = parseSkillSource(`---\n${stringify(object)}---\n`);
        expect(parsed.status).toBe("ok");
        expect(parsed.frontmatter).toEqual(object);
      }),
      { numRuns: 500 },
    );
  });
});

describe("flow collections bounded before parsing", () => {
  test("about 100 KB of nested [ is refused as past the depth bound, its body kept", () => {
    const parsed = parseSkillSource(`---\ndescription: ${"[".repeat(99_000)}\n---\nBody.\n`);
    expect(parsed).toEqual({
      status: "bounds",
      frontmatter: {},
      problem: "frontmatter nests more than 32 levels deep",
      leftOut: [],
      body: "Body.\n",
      yaml: `description: ${"[".repeat(99_000)}\n`,
    });
  });

  // The mapping holding `k` is the first of the 32 levels.
  test.each([
    [31, "ok"],
    [32, "bounds"],
  ])("flow lists nested %i deep under a key read as %s", (depth, status) => {
    const value = `${"[".repeat(depth)}x${"]".repeat(depth)}`;
    expect(parseSkillSource(`---\nname: a\ndescription: d\nk: ${value}\n---\n`).status).toBe(
      status,
    );
  });

  test("brackets inside quotes and comments are text, not collections", () => {
    const many = "[".repeat(40);
    const parsed = parseSkillSource(
      `---\nname: a\ndescription: "${many}"\nnote: '${many}' # ${many}\n---\n`,
    );
    expect(parsed.status).toBe("ok");
    expect(parsed.frontmatter.description).toBe(many);
  });

  test("more than 20,000 flow collections are refused", () => {
    const parsed = parseSkillSource(`---\nname: a\nk: ${"[], ".repeat(20_001)}\n---\n`);
    expect(parsed.problem).toBe("frontmatter holds more than 20,000 flow collections");
  });
});
