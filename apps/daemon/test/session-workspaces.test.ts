import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SESSION_WORKSPACE_MAX_CHARS } from "@elowen/wire";
import { afterEach, describe, expect, test } from "vitest";
import { SUBMIT_CONTEXT_ENTRY } from "../src/brain/context/replay.js";
import { startBrainDaemon } from "./helpers/live-events.js";
import {
  ownerSkillNames,
  startTestDaemon,
  type TestDaemon,
  tempHome,
} from "./helpers/test-daemon.js";

let t: TestDaemon | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A repository with one workspace skill and a notes file of its own. */
function repository(dir: string, skill: string, notes: string): void {
  mkdirSync(join(dir, ".git"), { recursive: true });
  mkdirSync(join(dir, ".agents", "skills", skill), { recursive: true });
  writeFileSync(
    join(dir, ".agents", "skills", skill, "SKILL.md"),
    `---\nname: ${skill}\ndescription: Use ${skill}.\n---\nDo it.\n`,
  );
  writeFileSync(join(dir, "notes.txt"), notes);
}

async function createSession(daemon: TestDaemon, workspace?: unknown) {
  const response = await daemon.request("/sessions", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(workspace === undefined ? {} : { workspace }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function approveAll(daemon: TestDaemon): Promise<void> {
  const listed = (await (await daemon.request("/skills/sources")).json()) as {
    sources: { root: string; trust: string; fingerprint?: string }[];
  };
  for (const source of listed.sources) {
    if (source.trust !== "unapproved" || source.fingerprint === "absent") continue;
    const approved = await daemon.request("/skills/sources/approve", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ root: source.root, fingerprint: source.fingerprint }),
    });
    expect(approved.status).toBe(200);
  }
}

async function mentionedText(daemon: TestDaemon, sessionId: string): Promise<unknown> {
  await daemon.owner.sessions.submitTurn(sessionId, {
    text: "read @notes.txt",
    waitForSettle: true,
  });
  const branch = await daemon.daemon.host.store.journal.branch(sessionId);
  return (branch.find((e) => e.customType === SUBMIT_CONTEXT_ENTRY)?.data as { blocks: string[] })
    ?.blocks;
}

describe("one workspace per session", () => {
  test("two sessions with different workspaces see their own workspace skills and files", async () => {
    const home = tempHome();
    const projects = realpathSync(tempHome());
    const alpha = join(projects, "alpha");
    const beta = join(projects, "beta");
    repository(alpha, "alpha-rules", "alpha notes");
    repository(beta, "beta-rules", "beta notes");
    t = await startBrainDaemon({ home, config: { brain: { allowedWorkspaces: [projects] } } });

    const a = await createSession(t, alpha);
    const b = await createSession(t, beta);
    expect(a).toMatchObject({ status: 201, body: { workspace: alpha } });
    expect(b).toMatchObject({ status: 201, body: { workspace: beta } });
    const aId = String(a.body.id);
    const bId = String(b.body.id);
    // Workspace folders are untrusted until the owner approves them.
    expect(ownerSkillNames(t, aId)).toEqual([]);
    await approveAll(t);
    expect(ownerSkillNames(t, aId)).toEqual(["alpha-rules"]);
    expect(ownerSkillNames(t, bId)).toEqual(["beta-rules"]);
    // A reader without a session of its own sees the daemon's workspace, which has none.
    expect(ownerSkillNames(t)).toEqual([]);

    expect(await mentionedText(t, aId)).toEqual([
      "<system-reminder>\nnotes.txt:\nalpha notes\n</system-reminder>",
    ]);
    expect(await mentionedText(t, bId)).toEqual([
      "<system-reminder>\nnotes.txt:\nbeta notes\n</system-reminder>",
    ]);
    // The workspace is kept with the session.
    const read = (await (await t.request(`/sessions/${aId}`)).json()) as { workspace?: string };
    expect(read.workspace).toBe(alpha);
  }, 120_000);

  test("a session cannot be created outside the allowed roots: a 400 naming body.workspace", async () => {
    const home = tempHome();
    const projects = realpathSync(tempHome());
    const outside = realpathSync(tempHome());
    mkdirSync(join(projects, "inside"));
    writeFileSync(join(projects, "file.txt"), "x");
    symlinkSync(outside, join(projects, "link-out"));
    t = await startTestDaemon({ home, config: { brain: { allowedWorkspaces: [projects] } } });

    const refusals: [unknown, RegExp][] = [
      [outside, /is outside the directories sessions may use \(brain\.allowedWorkspaces/],
      [join(projects, "link-out"), /is outside the directories sessions may use/],
      [join(projects, "missing"), /does not exist/],
      [join(projects, "file.txt"), /is not a directory/],
      ["relative/dir", /must be an absolute path/],
      [`/${"a".repeat(SESSION_WORKSPACE_MAX_CHARS)}`, /longer than 4096 characters/],
    ];
    for (const [workspace, message] of refusals) {
      const refused = await createSession(t, workspace);
      expect(refused.status).toBe(400);
      expect(refused.body.path).toBe("body.workspace");
      expect(String(refused.body.error)).toMatch(message);
    }
    // At the length limit the path is checked on disk, not refused for its length.
    const atLimit = await createSession(t, `/${"a".repeat(SESSION_WORKSPACE_MAX_CHARS - 1)}`);
    expect(atLimit.status).toBe(400);
    expect(String(atLimit.body.error)).toMatch(/does not exist/);

    expect(await createSession(t, projects)).toMatchObject({ status: 201 });
    expect(await createSession(t, join(projects, "inside"))).toMatchObject({
      status: 201,
      body: { workspace: join(projects, "inside") },
    });
    const plain = await createSession(t);
    expect(plain.status).toBe(201);
    expect(plain.body.workspace).toBeUndefined();
  });

  test("by default only the daemon's workspace is allowed", async () => {
    const home = tempHome();
    const workspace = join(home, "workspace");
    mkdirSync(join(workspace, "sub"), { recursive: true });
    t = await startTestDaemon({ home });
    expect(await createSession(t, join(workspace, "sub"))).toMatchObject({ status: 201 });
    const refused = await createSession(t, realpathSync(tempHome()));
    expect(refused).toMatchObject({ status: 400, body: { path: "body.workspace" } });
  });
});
