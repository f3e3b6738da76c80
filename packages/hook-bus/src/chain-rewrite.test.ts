import { ElowenError } from "@elowen/plugin-shared/errors";
import { describe, expect, test } from "vitest";
import { compileRewriteCheck } from "./chain-rewrite.js";
import { CHAIN_RULES } from "./chain-rules.js";

const submit = CHAIN_RULES["prompt.submit"];
const received = {
  text: "hi",
  wait: false,
  origin: { kind: "composer" },
  attachments: [{ type: "image", id: "img-1" }],
} as const;

function check(rules: typeof submit, passed: unknown, from: object = received) {
  const result = rules.checkRewrite(
    from as Record<string, unknown>,
    passed,
    from as Record<string, unknown>,
  );
  return result === undefined ? { refused: rules.checkRewrite.refusal() } : { event: result };
}

describe("compiling the rewrite check", () => {
  test("refuses a contract field that is not an identifier with chains.invalid_contract", () => {
    const rules = { ...submit, pinned: [...submit.pinned, "not-a-name"] };
    expect(() => compileRewriteCheck(rules)).toThrow(
      expect.objectContaining({
        name: "HookBusError",
        code: "chains.invalid_contract",
        field: "not-a-name",
        message: "chain field not-a-name is not an identifier",
      }),
    );
    expect(() => compileRewriteCheck(rules)).toThrow(ElowenError);
  });
});

describe("the rewrite check of next(e)", () => {
  test("passes the received event on unchanged when next is called with nothing", () => {
    expect(check(submit, undefined).event).toBe(received);
  });

  test("hands the hooks beneath a fresh plain event holding the rewrite, in the contract's field order", () => {
    const passed = { origin: received.origin, wait: false, text: "hello", context: undefined };
    const event = check(submit, passed).event;
    expect(event).not.toBe(passed);
    expect(event).toEqual({ ...received, text: "hello" });
    expect(Object.keys(event ?? {})).toEqual(["text", "attachments", "wait", "origin"]);
    expect(event?.origin).toBe(received.origin);
  });

  test("keeps an unchanged event as the very object the hook received", () => {
    expect(check(submit, received).event).toBe(received);
  });

  test("puts back a pinned field the hook left out", () => {
    const { origin: _origin, ...withoutOrigin } = received;
    expect(check(submit, { ...withoutOrigin, text: "x" }).event).toEqual({
      ...received,
      text: "x",
    });
  });

  test("accepts a pinned object field rebuilt with equal content", () => {
    expect(check(submit, { ...received, origin: { kind: "composer" } }).event).toBeDefined();
  });

  test.each([
    ["origin", { kind: "plugin", name: "evil" }],
    ["wait", true],
    ["isMeta", true],
    ["command", { name: "review", args: "" }],
    ["turnId", "t-9"],
  ])("refuses a changed pinned field %s, naming it", (field, value) => {
    const { refused } = check(submit, { ...received, [field]: value });
    expect(refused?.field).toBe(field);
    expect(refused?.reason).toMatch(new RegExp(`${field} is pinned`));
  });

  test("silently restores an engine field a hook changed or dropped", () => {
    const changed = check(submit, { ...received, attachments: [{ type: "audio", id: "fake" }] });
    expect(changed.event?.attachments).toBe(received.attachments);
    const { attachments: _a, ...dropped } = received;
    expect(check(submit, dropped).event?.attachments).toBe(received.attachments);
  });

  test("refuses a rewritten field of the wrong type, naming the field and the rule", () => {
    const { refused } = check(submit, { ...received, text: 42 });
    expect(refused?.field).toBe("text");
    expect(refused?.reason).toMatch(/prompt\.submit: text: .*string/i);
  });

  test("refuses a required field left out", () => {
    const { text: _text, ...withoutText } = received;
    expect(check(submit, withoutText).refused?.reason).toMatch(/text is required/);
  });

  test("accepts an optional free field left out (a hook may drop context)", () => {
    const withContext = { ...received, context: ["a"] };
    const { context: _c, ...dropped } = withContext;
    expect(check(submit, dropped, withContext).event).toBeDefined();
  });

  test("refuses a field the event's input does not have", () => {
    const { refused } = check(submit, { ...received, secret: 1 });
    expect(refused).toMatchObject({ field: "secret" });
    expect(refused?.reason).toMatch(/secret is not a field/);
  });

  test.each([
    ["a string", "text"],
    ["null", null],
    ["an array", [1]],
  ])("refuses %s in place of the event object", (_label, value) => {
    expect(check(submit, value).refused?.reason).toMatch(/takes the event object/);
  });

  test("an undeclared attachment type may not gain a detail key, even an undefined one", () => {
    const attachment = CHAIN_RULES["prompt.attachment"];
    const plain = { type: "todo_reminder", text: "x", origin: { kind: "engine" } };
    expect(check(attachment, { ...plain, text: "y" }, plain).event).toBeDefined();
    expect(check(attachment, { ...plain, detail: undefined }, plain).refused?.field).toBe("detail");
  });

  test("a declared attachment's detail is pinned and checked against its type", () => {
    const attachment = CHAIN_RULES["prompt.attachment"];
    const plan = {
      type: "plan_mode",
      text: "x",
      origin: { kind: "engine" },
      detail: { reminder: "full", planFilePath: "/p", hasPlan: true },
    };
    expect(check(attachment, { ...plan, text: "y" }, plan).event).toBeDefined();
    expect(
      check(attachment, { ...plan, detail: { ...plan.detail, hasPlan: false } }, plan).refused,
    ).toMatchObject({ field: "detail" });
  });

  test("prompt.change's fields are all pinned: only the same values pass", () => {
    const change = CHAIN_RULES["prompt.change"];
    const e = { text: "a", cursor: 1, origin: { kind: "undo" } };
    expect(check(change, { ...e }, e).event).toBeDefined();
    expect(check(change, { ...e, cursor: 0 }, e).refused?.field).toBe("cursor");
  });
});
