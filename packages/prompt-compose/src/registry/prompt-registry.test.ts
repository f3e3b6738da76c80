import { describe, expect, test } from "vitest";
import { registryFixture, thrown } from "../../test/registry-fixtures.js";
import { SYSTEM_PROMPT_FRAGMENT_MAX_CHARS } from "./prompt-registry.js";

const { identity, registry } = registryFixture();

describe("system prompt fragments", () => {
  test("become shared sections <plugin>:<name> in registration order", () => {
    const r = registry();
    const acme = r.forPlugin(identity());
    acme.registerSystemPromptFragment("Acme rules.");
    r.forPlugin({ ...identity([], "beta") }).registerSystemPromptFragment("Beta rules.", {
      name: "style",
    });
    acme.registerSystemPromptFragment("More.", { name: "more" });
    expect(r.fragments()).toEqual([
      { id: "acme:fragment", plugin: "acme", text: "Acme rules." },
      { id: "beta:style", plugin: "beta", text: "Beta rules." },
      { id: "acme:more", plugin: "acme", text: "More." },
    ]);
    expect(r.fragments((p) => p === "beta").map((f) => f.id)).toEqual(["beta:style"]);
  });

  test("hands out the same frozen fragment objects on every call", () => {
    const r = registry();
    r.forPlugin(identity()).registerSystemPromptFragment("Acme rules.");
    const [first] = r.fragments();
    expect(r.fragments()[0]).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
  });

  test(`accepts ${SYSTEM_PROMPT_FRAGMENT_MAX_CHARS} characters and refuses one more`, () => {
    const seams = registry().forPlugin(identity());
    seams.registerSystemPromptFragment("x".repeat(SYSTEM_PROMPT_FRAGMENT_MAX_CHARS));
    const error = thrown(() =>
      seams.registerSystemPromptFragment("x".repeat(SYSTEM_PROMPT_FRAGMENT_MAX_CHARS + 1), {
        name: "big",
      }),
    );
    expect(error).toMatchObject({ code: "oversized", field: "text" });
    expect(error.message).toBe('the fragment "big" of acme has 8001 characters, more than 8000');
  });

  test.each([
    ["a second fragment by the same name", () => ["a", { name: "x" }], "duplicate", "options.name"],
    ["empty text", () => ["  ", { name: "y" }], "invalid-input", "text"],
    ["text that is not a string", () => [5, { name: "y" }], "invalid-input", "text"],
    ["a name with capitals", () => ["a", { name: "Rules" }], "invalid-input", "options.name"],
    [
      "a name of 65 characters",
      () => ["a", { name: "r".repeat(65) }],
      "invalid-input",
      "options.name",
    ],
    [
      "the name kept for platform fragments",
      () => ["a", { name: "platform" }],
      "invalid-input",
      "options.name",
    ],
  ])("refuses %s", (_name, args, code, field) => {
    const seams = registry().forPlugin(identity());
    seams.registerSystemPromptFragment("first", { name: "x" });
    const [text, options] = args() as [string, { name: string }];
    expect(thrown(() => seams.registerSystemPromptFragment(text, options))).toMatchObject({
      code,
      field,
    });
  });

  test("accepts a name of 64 characters", () => {
    const r = registry();
    r.forPlugin(identity()).registerSystemPromptFragment("a", { name: "r".repeat(64) });
    expect(r.fragments()).toHaveLength(1);
  });
});

describe("providers and transforms", () => {
  test("keeps turn-context providers with their placement, before-user by default", () => {
    const r = registry();
    const seams = r.forPlugin(identity());
    const provider = () => "x";
    seams.registerTurnContext(provider);
    seams.registerTurnContext(provider, { name: "ticket", placement: "after-user" });
    expect(r.turnContextProviders()).toEqual([
      { plugin: "acme", name: "turn-context", placement: "before-user", provider },
      { plugin: "acme", name: "ticket", placement: "after-user", provider },
    ]);
    expect(thrown(() => seams.registerTurnContext(provider))).toMatchObject({ code: "duplicate" });
    expect(
      thrown(() =>
        seams.registerTurnContext(provider, { name: "z", placement: "middle" as never }),
      ),
    ).toMatchObject({
      code: "invalid-input",
      field: "options.placement",
    });
    expect(thrown(() => seams.registerTurnContext("x" as never, { name: "z" }))).toMatchObject({
      field: "provider",
    });
  });

  test("an input transform requires the turnContext capability", () => {
    const r = registry();
    const error = thrown(() =>
      r.forPlugin(identity(["prompt"])).registerInputTransform(({ text }) => text),
    );
    expect(error).toMatchObject({ code: "capability-missing", field: "capabilities.mutates" });
    expect(error.message).toBe(
      'registerInputTransform requires capabilities.mutates: ["turnContext"], which plugin acme was not granted',
    );
    r.forPlugin(identity(["turnContext"])).registerInputTransform(({ text }) => text);
    expect(r.inputTransforms().map((t) => t.plugin)).toEqual(["acme"]);
  });

  test("names step-context providers in registration order", () => {
    const r = registry();
    const seams = r.forPlugin(identity([]));
    seams.registerStepContext(() => "");
    seams.registerStepContext(() => "");
    expect(r.stepContextProviders().map((s) => s.name)).toEqual(["step-context", "step-context-2"]);
  });

  test("withdrawing a plugin removes everything it contributed", async () => {
    const r = registry();
    const seams = r.forPlugin(identity());
    seams.registerSystemPromptFragment("a");
    seams.registerTurnContext(() => "x");
    seams.registerInputTransform(({ text }) => text);
    seams.registerStepContext(() => "");
    seams.registerPrompts({ dir: "prompts", entries: [{ name: "codex-work" }] });
    r.addPlatformFragments({
      plugin: "acme",
      platforms: ["chat"],
      text: "P",
      files: [],
      problems: [],
    });
    r.withdraw("acme");
    expect([
      r.fragments(),
      r.turnContextProviders(),
      r.inputTransforms(),
      r.stepContextProviders(),
      r.platformFragments("chat"),
    ]).toEqual([[], [], [], [], []]);
    await expect(seams.rawTemplate("codex-work")).rejects.toMatchObject({
      code: "template-unknown",
    });
  });

  test("refuses a plugin name holding a colon", () => {
    expect(thrown(() => registry().forPlugin({ ...identity(), name: "a:b" }))).toMatchObject({
      code: "invalid-input",
      field: "name",
    });
  });
});

describe("platform fragments", () => {
  test("become one shared section <plugin>:platform for the platforms they apply to", () => {
    const r = registry();
    r.addPlatformFragments({
      plugin: "acme",
      platforms: ["chat"],
      text: "On chat.",
      files: [],
      problems: [],
    });
    r.addPlatformFragments({
      plugin: "beta",
      platforms: ["mail"],
      text: "On mail.",
      files: [],
      problems: [],
    });
    r.addPlatformFragments({
      plugin: "gamma",
      platforms: ["chat"],
      text: "",
      files: [],
      problems: [],
    });
    expect(r.platformFragments("chat")).toEqual([
      { id: "acme:platform", plugin: "acme", text: "On chat." },
    ]);
    expect(r.platformFragments("chat", () => false)).toEqual([]);
  });
});
