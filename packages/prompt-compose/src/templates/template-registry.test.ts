import { mkdir, rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { registryFixture, thrown } from "../../test/registry-fixtures.js";
import { PromptComposeError } from "../prompt-compose-error.js";

const { dirs, identity, registry } = registryFixture();

describe("registered templates", () => {
  test("resolve this plugin's names to its files and other names to core's", async () => {
    const seams = registry().forPlugin(identity());
    seams.registerPrompts({
      dir: "prompts",
      entries: [{ name: "codex-work" }, { name: "review/diff" }],
    });
    expect(await seams.rawTemplate("codex-work")).toBe("Work on {{task}}.");
    expect(await seams.renderTemplate("review/diff", { diff: "the patch" })).toBe(
      "Review the patch.",
    );
    expect(await seams.rawTemplate("compact")).toBe("Summarize.");
  });

  test("require the prompt capability", () => {
    const seams = registry().forPlugin(identity(["turnContext"]));
    expect(
      thrown(() => seams.registerPrompts({ dir: "prompts", entries: [{ name: "codex-work" }] })),
    ).toMatchObject({
      code: "capability-missing",
    });
  });

  test.each([
    [
      "a core name",
      [{ name: "compact" }],
      "duplicate",
      'entries[0].name "compact" is refused: core has a template by that name',
    ],
    [
      "a name twice",
      [{ name: "codex-work" }, { name: "codex-work" }],
      "duplicate",
      'entries[1].name "codex-work" is refused: plugin acme registered one by that name',
    ],
    [
      "capitals",
      [{ name: "Codex" }],
      "invalid-input",
      'entries[0].name "Codex" is not a template name',
    ],
    [
      "a dot-dot segment",
      [{ name: "../secret" }],
      "invalid-input",
      'entries[0].name "../secret" is not a template name',
    ],
    [
      "a missing file",
      [{ name: "nothing" }],
      "template-unreadable",
      "entries[0].name: template file",
    ],
  ])("refuse %s, registering none of the entries", async (_name, entries, code, message) => {
    const seams = registry().forPlugin(identity());
    const error = thrown(() => seams.registerPrompts({ dir: "prompts", entries }));
    expect(error).toMatchObject({ code });
    expect(error.message).toContain(message);
  });

  test("refuse a name another plugin registered", async () => {
    const r = registry();
    r.forPlugin(identity()).registerPrompts({ dir: "prompts", entries: [{ name: "codex-work" }] });
    await mkdir(join(dirs.base, "beta", "prompts"), { recursive: true });
    await writeFile(join(dirs.base, "beta", "prompts", "codex-work.md"), "B");
    const beta = r.forPlugin(identity(["prompt"], "beta"));
    expect(
      thrown(() => beta.registerPrompts({ dir: "prompts", entries: [{ name: "codex-work" }] }))
        .message,
    ).toContain("plugin acme registered one");
    await expect(beta.rawTemplate("codex-work")).rejects.toMatchObject({
      code: "template-unknown",
    });
  });

  test("refuse a template whose file links out of dir, at registration and at read time", async () => {
    await writeFile(join(dirs.base, "secret.md"), "secret");
    await symlink(join(dirs.base, "secret.md"), join(dirs.root, "prompts", "leak.md"));
    const seams = registry().forPlugin(identity());
    expect(
      thrown(() => seams.registerPrompts({ dir: "prompts", entries: [{ name: "leak" }] })),
    ).toMatchObject({
      code: "template-escapes-dir",
    });
    seams.registerPrompts({ dir: "prompts", entries: [{ name: "codex-work" }] });
    await rm(join(dirs.root, "prompts", "codex-work.md"));
    await symlink(join(dirs.base, "secret.md"), join(dirs.root, "prompts", "codex-work.md"));
    await expect(seams.rawTemplate("codex-work")).rejects.toMatchObject({
      code: "template-escapes-dir",
    });
  });

  test("refuse a dir outside the plugin's root", () => {
    const seams = registry().forPlugin(identity());
    expect(
      thrown(() => seams.registerPrompts({ dir: dirs.core, entries: [{ name: "compact" }] })),
    ).toMatchObject({
      code: "template-escapes-dir",
      field: "dir",
    });
  });

  test("an unknown name and a missing variable are errors naming them", async () => {
    const seams = registry().forPlugin(identity());
    seams.registerPrompts({ dir: join(dirs.root, "prompts"), entries: [{ name: "codex-work" }] });
    await expect(seams.rawTemplate("nope")).rejects.toThrow(
      'no template "nope": plugin acme registered none by that name and core has none',
    );
    await expect(seams.renderTemplate("codex-work", {})).rejects.toMatchObject({
      code: "template-variable-missing",
      message: expect.stringContaining('"task"'),
    });
    await expect(seams.rawTemplate("nope")).rejects.toBeInstanceOf(PromptComposeError);
  });
});
