import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { SkillReviewerRegistration } from "@elowen/plugin-api/skills";
import { writeTextAtomic } from "@elowen/plugin-shared/atomicText";
import { describe, expect, test } from "vitest";
import { create, reviewArgs, reviewScript } from "../../test/review-script.js";
import { startPlugin } from "../../test/start-plugin.js";
import { foreignEntry } from "../../test/test-catalog.js";
import { REVIEW_PATCHABLE_MAX } from "./limits.js";
import { markAgentWritten, PROVENANCE_FILE } from "./provenance.js";
import type { SkillFilesOptions } from "./skill-files.js";
import { contentRevision } from "./skill-paths.js";

async function reviewer(io?: SkillFilesOptions["io"]) {
  const started = await startPlugin(io ? { io } : {});
  const registration = started.host.reviewers[0] as SkillReviewerRegistration;
  const skill = (name: string) =>
    readFile(join(started.dataDir, "personal", "7", name, "SKILL.md"), "utf8");
  const names = () =>
    started.host.catalog.skills.filter((s) => s.ownerUserId === 7).map((s) => s.name);
  return { ...started, registration, skill, names, status: () => registration.status(7) };
}

/** A personal skill the reviewer wrote earlier, to be loaded in the reviewed exchange. */
async function withReviewerSkill() {
  const started = await reviewer();
  await started.registration.run(
    reviewArgs({
      review: reviewScript({ proposals: [create("deploy-check", "Run the smoke tests.")] }).review,
    }),
  );
  return started;
}

describe("creating skills from a review", () => {
  test("writes a new personal skill, marked as the reviewer's, and publishes it", async () => {
    const { registration, skill, names, status, dataDir } = await reviewer();
    await registration.run(
      reviewArgs({
        review: reviewScript({
          proposals: [create("report-guide", "Check sources.", "Use for reports.")],
        }).review,
      }),
    );
    expect(await skill("report-guide")).toBe(
      "---\nname: report-guide\ndescription: Use for reports.\n---\nCheck sources.",
    );
    expect(
      JSON.parse(
        await readFile(join(dataDir, "personal", "7", "report-guide", PROVENANCE_FILE), "utf8"),
      ),
    ).toMatchObject({ author: "agent" });
    expect(names()).toEqual(["report-guide"]);
    expect(await status()).toMatchObject({
      totals: { reviews: 1, created: 1 },
      last: { outcome: "completed", detail: "created 1, patched 0" },
    });
  });

  test("the directive is JSON-only and carries the rules, the schema, the catalog and the cap", async () => {
    const { registration, host } = await reviewer();
    const script = reviewScript({ proposals: [] });
    await registration.run(reviewArgs({ budget: 2, review: script.review }));
    const directive = script.directives[0] ?? "";
    expect(directive).toContain("Answer with JSON only, no prose and no code fence");
    expect(directive).toContain(
      '{"proposals":[{"action":"create","name":"...","description":"...","content":"..."}',
    );
    expect(directive).toContain("At most 2 proposals.");
    expect(directive).toContain('{"name":"skill-authoring","source":"bundled"');
    expect(directive).toContain("Patchable skills (yours, loaded in this exchange):\n[]");
    expect(host.catalog.reloads).toBe(1);
  });

  test("the directive lists at most 100 catalog entries with clipped descriptions", async () => {
    const { registration, host } = await reviewer();
    for (let i = 0; i < 120; i++) {
      host.catalog.foreign.push(foreignEntry({ name: `tool-${i}`, description: "d".repeat(300) }));
    }
    const script = reviewScript({ proposals: [] });
    await registration.run(reviewArgs({ review: script.review }));
    const directive = script.directives[0] ?? "";
    expect(directive).toContain("Catalog (visible skills, 22 more not shown):");
    expect(directive).toContain(`"description":"${"d".repeat(199)}…"`);
  });

  test("refuses a name the catalog already has, and still writes the others", async () => {
    const { registration, names, status } = await reviewer();
    await registration.run(
      reviewArgs({
        review: reviewScript({ proposals: [create("skill-authoring"), create("fresh")] }).review,
      }),
    );
    expect(names()).toEqual(["fresh"]);
    expect((await status()).last?.detail).toBe(
      'created 1, patched 0; refused: a skill named "skill-authoring" already exists in the catalog',
    );
  });
});

describe("refusing model output", () => {
  test.each([
    ["invalid JSON", "not json"],
    ["JSON in a code fence", '```json\n{"proposals":[]}\n```'],
    ["an envelope with another key", '{"proposals":[],"note":"x"}'],
    [
      "a proposal with an unknown key",
      JSON.stringify({ proposals: [create("ok"), { ...create("bad"), extra: 1 }] }),
    ],
    [
      "a proposal with an unknown action",
      JSON.stringify({ proposals: [{ action: "delete", name: "x" }] }),
    ],
    ["a non-string value", JSON.stringify({ proposals: [{ ...create("x"), content: 42 }] })],
  ])("fails the whole review on %s before any write", async (_label, text) => {
    const { registration, names, status } = await reviewer();
    await registration.run(reviewArgs({ review: reviewScript(text).review }));
    expect(names()).toEqual([]);
    expect(await status()).toMatchObject({
      pendingCalls: 0,
      totals: { reviews: 1, failed: 1, created: 0 },
      last: { outcome: "failed" },
    });
  });

  test("refuses a proposal carrying a credential, naming its kind but not its value, and writes the clean one", async () => {
    const { registration, names, status } = await reviewer();
    const secret = "sk-ant-api03-abcdefghijklmnopqrstuvwxyz012345";
    await registration.run(
      reviewArgs({
        review: reviewScript({
          proposals: [create("leaky", `export KEY=${secret}`), create("clean")],
        }).review,
      }),
    );
    expect(names()).toEqual(["clean"]);
    const detail = (await status()).last?.detail ?? "";
    expect(detail).toBe(
      'created 1, patched 0; refused: "leaky" contains an OpenAI or Anthropic API key',
    );
    expect(detail).not.toContain(secret);
  });

  test("refuses an oversized or blank body and a bad name", async () => {
    const { registration, names, status } = await reviewer();
    const proposals = [
      create("big", "x".repeat(20_001)),
      create("edge", "x".repeat(20_000)),
      create("blank", " "),
      create("Bad Name"),
    ];
    await registration.run(reviewArgs({ review: reviewScript({ proposals }).review }));
    expect(names()).toEqual(["edge"]);
    expect((await status()).last?.detail).toContain(
      'the body of "big" is blank or longer than 20000 characters',
    );
  });

  test("a review request that fails or is aborted consumes the attempt and records it", async () => {
    const { registration, status } = await reviewer();
    await registration.run(reviewArgs({ review: reviewScript(new Error("provider 529")).review }));
    expect(await status()).toMatchObject({
      pendingCalls: 0,
      last: { outcome: "failed", detail: "the review request failed: provider 529" },
    });
    const controller = new AbortController();
    const aborting = reviewScript(async () => {
      controller.abort();
      throw new Error("aborted");
    });
    await registration.run(reviewArgs({ signal: controller.signal, review: aborting.review }));
    expect(await status()).toMatchObject({
      totals: { reviews: 2, failed: 1 },
      last: { outcome: "aborted" },
    });
  });
});

describe("patching the reviewer's own skills", () => {
  test("offers a still-marked skill loaded in the exchange and patches it with the offered revision", async () => {
    const { registration, skill, status } = await withReviewerSkill();
    const script = reviewScript({
      proposals: [
        {
          action: "patch",
          name: "deploy-check",
          content: "Run the smoke tests, then check the logs.",
        },
      ],
    });
    await registration.run(
      reviewArgs({ loadedSkillNames: ["deploy-check"], review: script.review }),
    );
    expect(script.directives[0]).toContain(
      '[{"name":"deploy-check","description":"Use for deploy-check.","content":"Run the smoke tests."}]',
    );
    expect(await skill("deploy-check")).toBe(
      "---\nname: deploy-check\ndescription: Use for deploy-check.\n---\nRun the smoke tests, then check the logs.",
    );
    expect(await status()).toMatchObject({ totals: { created: 1, patched: 1 } });
  });

  test(`offers at most ${REVIEW_PATCHABLE_MAX} loaded bodies, in load order; the next one gets no patch scope`, async () => {
    const { registration, status } = await reviewer();
    const names = Array.from({ length: REVIEW_PATCHABLE_MAX + 1 }, (_, i) => `own-${i + 1}`);
    await registration.run(
      reviewArgs({
        budget: names.length,
        currentBudget: async () => names.length,
        review: reviewScript({ proposals: names.map((name) => create(name)) }).review,
      }),
    );
    expect(await status()).toMatchObject({ totals: { created: names.length } });
    const script = reviewScript({
      proposals: names.slice(-2).map((name) => ({ action: "patch", name, content: "new steps" })),
    });
    await registration.run(reviewArgs({ loadedSkillNames: names, review: script.review }));
    const offered = JSON.parse(script.directives[0]?.split("\n").at(-1) ?? "[]") as {
      name: string;
    }[];
    expect(offered.map((skill) => skill.name)).toEqual(names.slice(0, REVIEW_PATCHABLE_MAX));
    expect((await status()).last?.detail).toBe(
      `created 0, patched 1; refused: "own-${REVIEW_PATCHABLE_MAX + 1}" was not offered for patching`,
    );
  });

  test("grants no patch scope for a skill not loaded in this exchange", async () => {
    const { registration, skill, status } = await withReviewerSkill();
    const script = reviewScript({
      proposals: [{ action: "patch", name: "deploy-check", content: "rewritten" }],
    });
    await registration.run(reviewArgs({ loadedSkillNames: [], review: script.review }));
    expect(await skill("deploy-check")).toBe(
      "---\nname: deploy-check\ndescription: Use for deploy-check.\n---\nRun the smoke tests.",
    );
    expect((await status()).last?.detail).toBe(
      'created 0, patched 0; refused: "deploy-check" was not offered for patching',
    );
  });

  test("a human edit clears the mark: the skill is no longer offered or patched", async () => {
    const { registration, host, status } = await withReviewerSkill();
    await host.request("PATCH", "/plugins/skills/:name", {
      params: { name: "deploy-check" },
      query: { owner: "me" },
      body: { description: "Mine now." },
    });
    const script = reviewScript({
      proposals: [{ action: "patch", name: "deploy-check", content: "rewritten" }],
    });
    await registration.run(
      reviewArgs({ loadedSkillNames: ["deploy-check"], review: script.review }),
    );
    expect(script.directives[0]).toContain(
      "Patchable skills (yours, loaded in this exchange):\n[]",
    );
    expect((await status()).last?.detail).toContain("was not offered for patching");
  });

  test("refuses the patch when the file changed after it was offered (stale revision)", async () => {
    const { registration, skill, status, dataDir } = await withReviewerSkill();
    const path = join(dataDir, "personal", "7", "deploy-check", "SKILL.md");
    const script = reviewScript(async () => {
      await writeFile(path, `${await readFile(path, "utf8")}\nEdited during the review.`);
      return {
        status: "completed",
        text: JSON.stringify({
          proposals: [{ action: "patch", name: "deploy-check", content: "rewritten" }],
        }),
      };
    });
    await registration.run(
      reviewArgs({ loadedSkillNames: ["deploy-check"], review: script.review }),
    );
    expect(await skill("deploy-check")).toContain("Edited during the review.");
    expect((await status()).last?.detail).toContain('skill "deploy-check" changed since revision');
  });

  test("does not offer a marked body that carries a credential", async () => {
    const { registration, dataDir } = await withReviewerSkill();
    const dir = join(dataDir, "personal", "7", "deploy-check");
    const text =
      "---\nname: deploy-check\ndescription: d\n---\nUse AKIAABCDEFGHIJKLMNOP to upload.";
    await writeFile(join(dir, "SKILL.md"), text);
    await markAgentWritten(dir, contentRevision(Buffer.from(text)));
    const script = reviewScript({ proposals: [] });
    await registration.run(
      reviewArgs({ loadedSkillNames: ["deploy-check"], review: script.review }),
    );
    expect(script.directives[0]).toContain(
      "Patchable skills (yours, loaded in this exchange):\n[]",
    );
    expect(script.directives[0]).not.toContain("AKIA");
  });
});

describe("limits on writing", () => {
  test("never writes more than the captured cap", async () => {
    const { registration, names } = await reviewer();
    await registration.run(
      reviewArgs({
        budget: 1,
        review: reviewScript({ proposals: [create("one"), create("two")] }).review,
      }),
    );
    expect(names()).toEqual(["one"]);
  });

  test("stops at a newly lowered live budget", async () => {
    const { registration, names, status } = await reviewer();
    const budgets = [3, 1];
    await registration.run(
      reviewArgs({
        currentBudget: async () => budgets.shift() ?? 1,
        review: reviewScript({ proposals: [create("one"), create("two"), create("three")] }).review,
      }),
    );
    expect(names()).toEqual(["one"]);
    expect((await status()).last).toMatchObject({
      outcome: "completed",
      detail: "created 1, patched 0; stopped: the write budget was reached",
    });
  });

  test("stops when authority is revoked and still publishes what was written", async () => {
    const { registration, names, status } = await reviewer();
    const answers = [true, true, false];
    await registration.run(
      reviewArgs({
        authorize: async () => answers.shift() ?? false,
        review: reviewScript({ proposals: [create("one"), create("two")] }).review,
      }),
    );
    expect(names()).toEqual(["one"]);
    expect((await status()).last?.detail).toBe(
      "created 1, patched 0; stopped: authority was revoked",
    );
  });

  test("checks abort after the authority read", async () => {
    const { registration, names, status } = await reviewer();
    const controller = new AbortController();
    let reads = 0;
    await registration.run(
      reviewArgs({
        signal: controller.signal,
        authorize: async () => {
          reads += 1;
          if (reads === 3) controller.abort();
          return true;
        },
        review: reviewScript({ proposals: [create("one"), create("two")] }).review,
      }),
    );
    expect(names()).toEqual(["one"]);
    expect((await status()).last).toMatchObject({
      outcome: "aborted",
      detail: "created 1, patched 0; stopped: the review was aborted",
    });
  });

  test.each([Number.NaN, -1, 1.5, "2", undefined])(
    "a live budget of %j after one write stops the writes: it can never lift the cap",
    async (answer) => {
      const { registration, names, status, host } = await reviewer();
      const budgets: unknown[] = [3, answer];
      await registration.run(
        reviewArgs({
          currentBudget: async () => budgets.shift() as number,
          review: reviewScript({ proposals: [create("one"), create("two"), create("three")] })
            .review,
        }),
      );
      expect(names()).toEqual(["one"]);
      expect(await status()).toMatchObject({
        totals: { created: 1, failed: 1 },
        last: { outcome: "failed", detail: "created 1, patched 0; stopped: a host check failed" },
      });
      expect(host.logs).toContainEqual({
        level: "error",
        message: expect.stringContaining("currentBudget() must answer a non-negative integer"),
      });
    },
  );

  test("an authorize() that throws after a write stops the writes and still publishes the first", async () => {
    const { registration, names, status, host } = await reviewer();
    let reads = 0;
    await registration.run(
      reviewArgs({
        authorize: async () => {
          reads += 1;
          if (reads === 3) throw new Error("the account store is unreachable");
          return true;
        },
        review: reviewScript({ proposals: [create("one"), create("two")] }).review,
      }),
    );
    expect(names()).toEqual(["one"]);
    expect(await status()).toMatchObject({
      pendingCalls: 0,
      totals: { reviews: 1, created: 1, failed: 1 },
      last: { outcome: "failed", detail: "created 1, patched 0; stopped: a host check failed" },
    });
    expect(host.logs).toContainEqual({
      level: "error",
      message: expect.stringContaining("the account store is unreachable"),
    });
  });

  test("a later write that fails leaves the earlier ones written and published", async () => {
    const { registration, names, status, host } = await reviewer({
      writeText: async (path, text) => {
        if (path.includes(`${join("personal", "7")}`) && text.includes("name: two"))
          throw new TypeError("bug");
        await writeTextAtomic(path, text);
      },
    });
    await registration.run(
      reviewArgs({
        review: reviewScript({ proposals: [create("one"), create("two"), create("three")] }).review,
      }),
    );
    expect(names()).toEqual(["one"]);
    expect(await status()).toMatchObject({
      totals: { created: 1, failed: 1 },
      last: { outcome: "failed", detail: "created 1, patched 0; stopped: a write failed" },
    });
    expect(host.logs).toContainEqual({
      level: "error",
      message: expect.stringContaining('could not create skill "two"'),
    });
  });
});
