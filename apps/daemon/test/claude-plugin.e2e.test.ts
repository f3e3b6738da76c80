import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseEntryData } from "@elowen/wire";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { startTestDaemon, type TestDaemon, tempHome } from "./helpers/test-daemon.js";

const SCRIPT = `turns:
  - steps:
      - tools:
          - { name: Weather, args: { city: Oslo } }
          - { name: Survey, args: { place: Oslo, why: "to see" } }
          - { name: acme-claude__reviewer, args: { task: "review the change" } }
      - text: "All done."
agents:
  - steps:
      - text: "Three problems: none, none, none."
`;

/** A daemon with brain-kit's tools and the offline model playing SCRIPT, acme-claude installed with --yes. */
async function daemonWithAcmeClaude(consent?: Record<string, { mutates: [] }>) {
  const home = tempHome();
  const script = join(home, "script.yaml");
  writeFileSync(script, SCRIPT);
  const daemon = await startTestDaemon({
    home,
    plugins: ["brain-kit"],
    config: { model: { script }, plugins: { bundled: false, ...(consent ? { consent } : {}) } },
  });
  const folder = join(mkdtempSync(join(tmpdir(), "elowen-cc-")), "acme-claude");
  cpSync(join(import.meta.dirname, "fixtures", "claude-plugins", "acme-claude"), folder, {
    recursive: true,
  });
  const response = await daemon.request("/admin/plugins", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ spec: folder, yes: true }),
  });
  return { daemon, installed: (await response.json()) as Record<string, unknown> };
}

async function toolResults(daemon: TestDaemon, sessionId: string) {
  return (await daemon.owner.sessions.history(sessionId)).entries
    .map((e) => parseEntryData(e as never))
    .filter((d) => d?.kind === "tool_result")
    .map((d) =>
      d?.kind === "tool_result" ? [d.data.toolName, d.data.content, d.data.isError] : [],
    );
}

let t: TestDaemon;
let installed: Record<string, unknown>;
beforeAll(async () => {
  ({ daemon: t, installed } = await daemonWithAcmeClaude());
});
afterAll(async () => {
  await t.close();
  rmSync(t.home, { recursive: true, force: true });
});

describe("a Claude Code plugin through a turn with the offline model", () => {
  test("installs with consent to what its hooks decide, and loads without a restart", () => {
    expect(installed).toMatchObject({
      status: "installed",
      activation: { load: "loaded" },
      plugin: {
        format: "claude-code",
        mutates: ["tools", "turnContext"],
        consent: ["tools", "turnContext"],
      },
    });
  });

  test("its command expands, its UserPromptSubmit hooks add context, its PreToolUse hooks block one call, rewrite another's input and fail open on a hanging one, its PostToolUse hook's reason and context follow the result, and its agent runs as a sub-agent", async () => {
    const session = await t.owner.sessions.create();
    const reply = await t.owner.sessions.submitTurn(session.id, {
      text: "/greet Ada happy",
      waitForSettle: true,
    });
    expect(reply).toMatchObject({
      status: "settled",
      outcome: { reason: "answer", answer: "All done." },
    });
    const branch = await t.daemon.host.store.journal.branch(session.id);
    const user = branch.find((e) => e.kind === "message" || e.kind === "user");
    expect(JSON.stringify(user?.data)).toContain(
      "Say hello to Ada. The whole request was: Ada happy",
    );
    const context = JSON.stringify(
      branch
        .filter((e) => e.kind === "custom" && e.customType === "elowen.submit-context")
        .map((e) => e.data),
    );
    expect(context).toContain("ACME-CONTEXT: the user wrote");
    expect(context).toContain("ACME-PLAIN: the guard let this prompt through");
    const results = await toolResults(t, session.id);
    expect(results).toHaveLength(3);
    expect(results).toEqual(
      expect.arrayContaining([
        [
          "Weather",
          [
            {
              type: "text",
              text: expect.stringContaining('acme-claude blocks Weather with {"city":"Oslo"}'),
            },
          ],
          true,
        ],
        [
          "Survey",
          [
            { type: "text", text: "Oslo harbour: surveyed" },
            {
              type: "text",
              text: 'PostToolUse hook of acme-claude: ACME-POST: survey the quay too\n\nACME-POST-CONTEXT: the result was "Oslo harbour: surveyed"',
            },
          ],
          false,
        ],
        [
          "acme-claude__reviewer",
          [{ type: "text", text: "Three problems: none, none, none." }],
          false,
        ],
      ]),
    );
    const audit = (await t.owner.hookAudit()).entries;
    expect(audit).toContainEqual(
      expect.objectContaining({
        plugin: "acme-claude",
        hook: "tools.call.before",
        outcome: "timeout",
      }),
    );
    expect(
      t.lines.some(
        (l) => l.includes("PreToolUse hook") && l.includes("hang.mjs") && l.includes("fails open"),
      ),
    ).toBe(true);
    // Hook processes that ran a while (one until its budget was spent) held no event loop: the
    // plugin is not quarantined and no hook of it is audited as an error.
    expect(t.daemon.host.registry.hooks.quarantined()).toEqual([]);
    expect(audit.filter((e) => e.plugin === "acme-claude" && e.outcome === "error")).toEqual([]);
    expect(audit).toContainEqual(
      expect.objectContaining({
        plugin: "acme-claude",
        hook: "tools.call.before",
        outcome: "ok",
        detail:
          'PreToolUse rewrites the input of Survey: {"place":"Oslo harbour","why":"to see"}; lets Survey run without asking',
      }),
    );
  });

  test.each([
    ["a JSON decision", "/greet forbidden", "forbidden prompts are not sent"],
    ["exit code 2 with stderr", "please halt now", "halted by the guard"],
  ])(
    "its UserPromptSubmit hook blocks a prompt with %s: the sender reads why, nothing enters the session",
    async (_, text, reason) => {
      const session = await t.owner.sessions.create();
      const reply = await t.owner.sessions.submitTurn(session.id, { text, waitForSettle: true });
      expect(reply).toEqual({
        status: "dropped",
        reason: `acme-claude blocked the prompt: ${reason}`,
      });
      expect((await t.owner.sessions.history(session.id)).entries).toEqual([]);
    },
  );

  test("its skill is in the live catalog", () => {
    const access = {
      userId: 1,
      role: "owner",
      isAdmin: true,
      isOwner: true,
      surface: "web",
      allAccess: true,
      grants: [],
    } as const;
    const skills = t.daemon.host.registry.skills.visibleEntries({ invocation: "model", access });
    expect(skills.map((s) => [s.name, s.plugin])).toContainEqual(["release-notes", "acme-claude"]);
  });
});

describe("a Claude Code plugin's hook decisions without the operator's consent", () => {
  test("are run and audited but not honoured: the prompt is not blocked, the calls run as the model asked, their results stay and no context reaches the model", async () => {
    const { daemon } = await daemonWithAcmeClaude({ "acme-claude": { mutates: [] } });
    try {
      const session = await daemon.owner.sessions.create();
      const reply = await daemon.owner.sessions.submitTurn(session.id, {
        text: "/greet forbidden",
        waitForSettle: true,
      });
      expect(reply).toMatchObject({ status: "settled" });
      expect(await toolResults(daemon, session.id)).toEqual(
        expect.arrayContaining([
          ["Weather", [{ type: "text", text: "Oslo: sunny" }], false],
          ["Survey", [{ type: "text", text: "Oslo: surveyed" }], false],
        ]),
      );
      const branch = await daemon.daemon.host.store.journal.branch(session.id);
      expect(JSON.stringify(branch)).not.toContain("ACME-CONTEXT");
      // An ungranted tools.call.after hook only observes: the turn does not wait for it, so its
      // audit entry may land just after the turn settles.
      await vi.waitFor(
        async () =>
          expect((await daemon.owner.hookAudit()).entries).toContainEqual(
            expect.objectContaining({ hook: "tools.call.after", outcome: "patch-dropped" }),
          ),
        { timeout: 20_000, interval: 100 },
      );
      const audit = (await daemon.owner.hookAudit()).entries;
      for (const action of ["UserPromptSubmit block", "additionalContext"])
        expect(audit).toContainEqual(
          expect.objectContaining({
            plugin: "acme-claude",
            capability: "turnContext",
            action,
            outcome: "dropped",
          }),
        );
      for (const hook of ["tools.call.before", "tools.call.after"])
        expect(audit).toContainEqual(
          expect.objectContaining({
            plugin: "acme-claude",
            hook,
            outcome: "patch-dropped",
            detail: expect.stringContaining('needs the "tools" capability'),
          }),
        );
    } finally {
      await daemon.close();
      rmSync(daemon.home, { recursive: true, force: true });
    }
  });
});
